"""How many Calories? on paper: the cards (food cards, +5 cards, the back's composition chart) and the
reference sheets.

The shared pipeline does the imposition, marks, backs and files (:mod:`kcal.print`); here are the
pack's faces (:mod:`.faces`), colours (:mod:`.palette`), sheet data (:mod:`.rulebook`) and the
``print`` hook the CLI calls (:mod:`.api`: ``print_cards``, ``print_rulebook``).
"""
