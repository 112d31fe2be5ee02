"""kcal: a toolkit and command line for the hex-tile ecosystem game kCaloria."""

__version__ = "0.1.0"
