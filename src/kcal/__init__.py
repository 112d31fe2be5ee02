"""kcal: a toolkit and command line for food-chain card and tile games, one pack per game on a shared
core (``kcal games`` lists them): catalogs, deck checking, rules engines, simulators, print-and-play."""

__version__ = "0.1.0"
