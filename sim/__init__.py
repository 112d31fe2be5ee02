"""Simulation: opening-hand statistics (exact beside simulated), solo and match games played by bots,
deck report charts.

Public API (import from the modules; this package imports nothing, to keep ``kcal`` start-up light):

- :func:`kcal.sim.profile.load_profile`, :func:`kcal.sim.goldfish.simulate_goldfish`
- :func:`kcal.sim.solo.simulate_solo`, :func:`kcal.sim.match.simulate_match`
- :mod:`kcal.sim.exact` (hypergeometric), :mod:`kcal.core.seeding` (derived seeds)
- :func:`kcal.sim.report.render_deck_report`

Methods and the seeding contract: ``docs/simulation.md``.
"""
