"""Simulation: opening-hand statistics (exact beside simulated), solo and match games played by bots,
deck report charts.

Public API (import from the modules; this package imports nothing, to keep ``kcal`` start-up light):

- :func:`kcal.games.kcaloria.sim.profile.load_profile`, :func:`kcal.games.kcaloria.sim.goldfish.simulate_goldfish`
- :func:`kcal.games.kcaloria.sim.solo.simulate_solo`, :func:`kcal.games.kcaloria.sim.match.simulate_match`
- :mod:`kcal.games.kcaloria.sim.exact` (hypergeometric), :mod:`kcal.core.seeding` (derived seeds)
- :func:`kcal.games.kcaloria.sim.report.render_deck_report`

Methods and the seeding contract: ``docs/simulation.md``.
"""
