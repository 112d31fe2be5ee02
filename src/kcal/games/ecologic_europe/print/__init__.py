"""Printing EcoLogic: Europe: species cards, weather and human-impact cards, token sheets, and the
rulebook reference sheet, on the shared imposition (:mod:`kcal.print`)."""
