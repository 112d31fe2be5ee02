"""Moves in words, and who may read them.

A move's words are the pack's own (``str(move)``, the words its replay and explanations use) unless they
are a bare dataclass representation; then the record entry is read out (``exchange Coccinella
septempunctata; draw hoofed``), which every pack has.

Who may read a move: its maker always. Another seat reads it only when the move shows itself on that
seat's view: every other legal move of the maker would have left that seat's view different
(:func:`readers`). A card discarded face down, cards passed in a simultaneous step, anything the others
cannot tell apart from another choice, reads as ``B moved`` to them. Spectators read what every seat
reads. Shared code: the rule names no game and asks nothing of a pack but the :class:`Game` interface.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

_REPR = re.compile(r"^[A-Z]\w*\(.*=.*\)$", re.S)


def entry_words(entry: Mapping[str, Any]) -> str:
    """A record entry read out: ``key value`` pairs, lists joined with commas (``player`` left out)."""
    parts = []
    for key, value in entry.items():
        if key == "player":
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, dict):
            value = json.dumps(value, ensure_ascii=False)
        parts.append(f"{key} {value}" if value not in (None, "", True) else key)
    return "; ".join(parts) or "move"


def move_words(game: Any, move: Any) -> str:
    """The words of ``move``, as the pack says them (a dataclass repr is read from its record entry)."""
    text = str(move)
    if _REPR.match(text) or not text.strip():
        return entry_words(game.encode_move(move))
    return text


def said_by(player: str, words: str) -> str:
    """``B: play red 12``; words that already name their player (``B discards ...``) stay as they are."""
    return words if words.startswith(f"{player} ") else f"{player}: {words}"


#: the alternatives compared per move and world, the most like the move first (the same keys, then the
#: most values in common: a move's hidden twin differs from it only in what is hidden); a move with more
#: is judged on these, so the table stays fast at kCaloria's hundreds of placements
MAX_ALTERNATIVES = 48
#: the worlds (the state redealt as a seat may imagine it) in which a move is looked for
WORLDS = 1


def readers(game: Any, before: Any, after: Any, player: str, move: Any, players: Iterable[str],
            seed: int = 0) -> frozenset[str]:
    """The seats that may read ``move`` of ``player`` (made in ``before``, giving ``after``): ``player``,
    and every other seat for which the move is the only one that could have given what it sees now, in
    the true state and in :data:`WORLDS` redealings of what that seat cannot see (``determinize``): no
    other move of the maker (of any hand it might hold, up to :data:`MAX_ALTERNATIVES`, the most like it
    first) leaves that seat's view the same. ``before`` is not changed."""
    entry = game.encode_move(move)
    alive = set()
    for p in players:
        if p == player:
            continue
        seen = game.view(after, p)
        worlds = [before] + [game.determinize(before, p, seed + w) for w in range(WORLDS)]
        if all(_only_move(game, w, player, p, seen, entry) for w in worlds):
            alive.add(p)
    return frozenset({player, *alive})


def _likeness(entry: Mapping[str, Any], other: Mapping[str, Any]) -> tuple[int, int]:
    """How like ``entry`` another move's entry is (smaller: more alike)."""
    same_keys = set(entry) == set(other)
    shared = sum(1 for k, v in other.items() if entry.get(k) == v)
    return (0 if same_keys else 1, -shared)


def _only_move(game: Any, world: Any, player: str, viewer: str, seen: Any, entry: Mapping[str, Any]) -> bool:
    """No legal move of ``player`` in ``world`` but ``entry`` gives ``viewer`` the view ``seen`` (a world
    where no move gives it is one the view rules out)."""
    others: list[tuple[tuple[int, int], int, Any]] = []
    for alt in game.legal_moves(world, player):
        e = game.encode_move(alt)
        if e != entry:
            others.append((_likeness(entry, e), len(others), alt))
    others.sort(key=lambda t: (t[0], t[1]))
    for _, _, alt in others[:MAX_ALTERNATIVES]:
        w = game.clone(world)
        game.apply(w, player, alt)
        if game.view(w, viewer) == seen:
            return False
    return True
