"""Markers of the undo log (see :mod:`kcal.games.kcaloria.rules.state`), in a module of their own
so that the rule modules that write log entries inline (``turnflow``) share them with the state.

A log entry is ``(container, key, old value)``; ``MISSING`` as the old value: the key was absent;
``SNAP`` as the key: the old value is a copy of the whole dict; ``CUBES`` as the container: undo a
``set_cubes`` (``GameState._unset_cubes``). States do not pickle: the tile table holds the effects'
functions, so the markers need no identity beyond the process.
"""

from __future__ import annotations

MISSING = object()
SNAP = object()
CUBES = object()
