"""The balance lab: what a change to a card or a rule does to a game, measured with confidence.

Shared code over the :class:`kcal.core.game.Game` interface and the shared simulator
(:mod:`kcal.sim.match`); it never names a game. One module per concept: the searching bot lives with
the simulator's bots, the ladder, per-card impact, what-if patches and parameter sweeps here, the
kCaloria deck builder in its pack. ``kcal balance ...`` (:mod:`kcal.cli.balance`) is a thin layer over
these functions; docs/balance.md explains the figures.
"""
