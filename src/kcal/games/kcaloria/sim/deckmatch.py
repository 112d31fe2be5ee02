"""``kcal sim match DECK DECK ...``: 2 to 4 kCaloria decks played by bots, on the shared match runner.

The decks are the bot slots' entrants (:func:`kcal.sim.match.simulate` with ``slot_options``): deck
``k`` and its bot sit in seat ``(k + i) mod n`` in game ``i``, as every ``sim match`` seats its bots,
so every deck plays first equally often (when ``games`` is a multiple of ``n``) and the first-seat
advantage is measured apart from deck strength. The result is the shared match's (SPEC's shape:
``game``, ``games``, ``seed``, ``players``, ``seats``, ``mean_length``, ``end_reasons`` ...) with the
deck match's extras as extra keys:

- ``decks``: per deck, its label (``A`` for the first deck file), name, bot and figures (the figures of
  its bot slot, ``bots[k]``);
- ``draws``: games with several winners (a tie splits the win);
- ``first_seat``: the first seat's win rate, beside ``no_advantage`` (``1 / n``);
- ``warnings``: a solo-format deck in a match (it is played by the standard rules).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kcal.core.errors import UsageError
from kcal.core.stats import sig
from kcal.sim.match import MatchResult, simulate

LABELS = ("A", "B", "C", "D")
#: the setup option each deck goes into, seat by seat (kCaloria's ``decks``)
DECKS_OPTION = "decks"


def deck_match(
    decks: Sequence[Sequence[Any]],
    *,
    names: Sequence[str] | None = None,
    games: int = 100,
    seed: int = 0,
    bots: Sequence[str] = ("greedy",),
    jobs: int = 1,
    save_game: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    runner: Callable[..., Any] | None = None,
    formats: Sequence[str] | None = None,
) -> MatchResult:
    """Play ``games`` standard games of ``decks`` (tile lists, 2 to 4); ``formats`` are the decks'
    declared formats (``standard`` / ``solo``), when known: a solo deck gets a warning."""
    from kcal.games.kcaloria import PACK

    n = len(decks)
    if not 2 <= n <= 4:
        raise UsageError(f"a match takes 2 to 4 decks, not {n}")
    if formats is not None and len(formats) != n:
        raise UsageError(f"give one format per deck ({n}), not {len(formats)}")
    bots = list(bots) * n if len(bots) == 1 else list(bots)
    if len(bots) != n:
        raise UsageError(f"give one bot for all decks or one per deck ({n}), not {len(bots)}")
    names = list(names) if names else [f"deck {LABELS[k]}" for k in range(n)]
    result = simulate(PACK.id, n, games, seed, bots, jobs, save_game, runner=runner, on_done=on_progress,
                      slot_options={DECKS_OPTION: [list(d) for d in decks]})
    result.data.update(deck_extras(result.data, names, formats))
    result.lines = None
    return result


def deck_extras(data: Mapping[str, Any], names: Sequence[str], formats: Sequence[str] | None = None
                ) -> dict[str, Any]:
    """The deck match's keys beside the shared match's: ``decks``, ``draws``, ``first_seat``, ``warnings``."""
    n = len(names)
    decks = [{"label": LABELS[k], "deck": names[k], **slot} for k, slot in enumerate(data["bots"])]
    first = data["seats"][0]
    return {
        "decks": decks,
        "draws": data["shared_wins"],
        "first_seat": {"win_rate": first["win_rate"], "win_ci95": first["win_ci95"],
                       "no_advantage": sig(1 / n)},
        "warnings": format_warnings(names, formats),
    }


def format_warnings(names: Sequence[str], formats: Sequence[str] | None) -> list[dict[str, str]]:
    """A warning for each deck declared for solo play: a match plays the standard rules (hands of
    7, discards, opponents), which a solo deck was not built for (it may still be legal)."""
    from kcal.games.kcaloria.deck.formats import FORMATS

    out = []
    for k, (name, fmt) in enumerate(zip(names, formats or (), strict=False)):
        spec = FORMATS.get(str(fmt)) if fmt is not None else None
        if spec is not None and spec.solo:
            out.append({"code": "solo-deck-in-match", "deck": name, "label": LABELS[k],
                        "message": f"{name} is a solo-format deck; a match plays it by the standard "
                                   f"rules (hands of 7, discards, opponents), which it was not built for"})
    return out


def deck_match_text(r: Mapping[str, Any]) -> str:
    """The shared match's text, the decks in place of the bot slots, and the first seat's share."""
    from kcal.sim.match_text import figure_row, match_text

    out = [match_text({**r, "bots": r["bots"][:1]})]  # one slot: the decks below name them all
    width = max(len(d["deck"]) for d in r["decks"])
    bwidth = max(len(d["bot"]) for d in r["decks"])
    out.append("  deck")
    for d in r["decks"]:
        out.append(figure_row(f"  {d['label']:>4} {d['deck']:<{width}} {d['bot']:<{bwidth}}", d))
    fs = r["first_seat"]
    if fs["win_rate"] is not None:
        lo, hi = fs["win_ci95"]
        out.append(f"  first seat wins {fs['win_rate'] * 100:.1f}% [95% CI {lo * 100:.1f}-{hi * 100:.1f}] "
                   f"(no advantage: {fs['no_advantage'] * 100:.1f}%); draws {r['draws']}")
    out += [f"  warning: {w['message']}" for w in r["warnings"]]
    return "\n".join(out)
