"""The conformance suite: the same checks for every game pack (OpenSpiel's ``random_sim_test``).

Library code, so a pack that lives in a package of its own runs it too::

    from kcal.conformance import check_game
    report = check_game(MY_GAME, replay=my_pack.replay.replay, schema=my_pack.schema.export)

Each ``check_*`` function takes a :class:`~kcal.core.game.Game` (or its ``info``) and raises
:class:`AssertionError` with a message naming the game, the seed and the step; it returns what it
checked. Random games pick uniformly among :meth:`Game.legal_moves` with a generator derived from the
seed, so a failure replays exactly. What is checked (``docs/packs.md`` says why):

- ``GameInfo``: ids lowercase words joined by hyphens, 1 <= min <= max players, known ``supports`` words;
  :meth:`GameInfo.check_players` and ``new_state`` refuse player counts outside the range;
- random games from many seeds, over every player count and variant, end within a move cap; at each
  step ``to_move`` is empty exactly when ``outcome`` is set, every player to move has moves and nobody
  else has; generated moves are legal (``why_illegal`` None) and survive ``encode_move``/``decode_move``;
  moves that were not generated here (other players', other states', decoded garbage) are illegal, and
  ``apply`` refuses them with :class:`~kcal.core.game.IllegalMove`, leaving the state as it was;
- the same seed gives the same game (equal records); ``clone`` gives an equal, independent state;
- ``view`` is plain JSON and unchanged by ``determinize`` for the same player, and determinizing does
  change what some other player sees (else the check proves nothing);
- a game's record replays to the same end and scores; bots return legal moves and leave the state alone;
- every bot, and the shared searcher at a small budget, decides only from what its seat may know: the same
  move in a state and in its determinized copy for the player to move (the same view, the hidden cards
  redealt), and a determinized world depends only on the view and the seed;
- for a game that reads ``start:`` positions (``GameInfo.start_positions``), the replay's ``state``,
  given back as ``start:``, replays to the same state;
- every file kind's JSON Schema is valid Draft 2020-12.

The checks live in :mod:`~kcal.conformance.info` (metadata, player counts, schemas),
:mod:`~kcal.conformance.play` (random games), :mod:`~kcal.conformance.states` (views,
clones, bots, replays) and :mod:`~kcal.conformance.hidden` (bots that read hidden cards); every name
is importable from here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from kcal.conformance.common import JUNK, Report, fail, key, plain, players_for, snapshot
from kcal.conformance.hidden import check_hidden
from kcal.conformance.info import (
    DRAFT_2020_12,
    SUPPORT_WORDS,
    check_info,
    check_interface,
    check_player_counts,
    check_schemas,
    configurations,
)
from kcal.conformance.play import check_random_games, check_same_seed_same_game, play_random
from kcal.conformance.states import (
    HEADER_KEYS,
    check_bots,
    check_clone,
    check_replay,
    check_start_round_trip,
    check_views,
    start_record,
)
from kcal.core.game import Game


def check_game(game: Game[Any, Any], *, replay: Callable[[Path], Any] | None = None,
               schema: Callable[[str], Mapping[str, Any]] | None = None, folder: Path | None = None,
               seeds: Iterable[int] = range(30), max_moves: int = 5_000) -> Report:
    """Every check, in order; ``replay`` (``replay(path)`` -> a result with ``to_json()``) and
    ``schema`` (``export(kind)``) are the pack's hooks when it has them. Records are written to
    ``folder``, a temporary folder by default. Returns the :class:`Report` of what was checked."""
    import tempfile

    start = time.perf_counter()
    check_interface(game)
    check_info(game.info)
    check_player_counts(game)
    report = check_random_games(game, seeds, max_moves=max_moves)
    check_same_seed_same_game(game, range(2), max_moves=max_moves)
    check_views(game, report.samples, report=report)
    check_bots(game, report.samples[::max(1, len(report.samples) // 6)])
    check_hidden(game, report.samples[::max(1, len(report.samples) // 6)], report=report)
    check_clone(game, report.samples[::3])  # last: it advances the states it checks
    if replay is not None:
        with tempfile.TemporaryDirectory(prefix="kcal-conformance-") as tmp:
            where = Path(tmp) if folder is None else folder
            report.replays = check_replay(game, report.finished, replay, where)
            if game.info.start_positions:
                report.start_round_trips = check_start_round_trip(game, report.finished, replay, where)
    if schema is not None:
        check_schemas(game.info, schema)
    report.seconds = time.perf_counter() - start
    return report


__all__ = [
    "DRAFT_2020_12", "HEADER_KEYS", "JUNK", "SUPPORT_WORDS", "Report", "check_bots", "check_clone",
    "check_game", "check_hidden", "check_info", "check_interface", "check_player_counts", "check_random_games", "check_replay",
    "check_same_seed_same_game", "check_schemas", "check_start_round_trip", "check_views", "configurations",
    "fail", "key", "play_random", "plain", "players_for", "snapshot", "start_record",
]
