"""Kalua's reference sheets: the templates' data (the sandbox, limits, markup and pages are shared,
:mod:`kcal.print.rulebook`).

Everything a template states about the game comes from the pack's data: the rulebook's numbers
(:mod:`kcal.games.kalua.rules.domain`), the board (happiness track, atheists per god) and the card set (a
custom set prints its own list, each card's effects in the words ``catalog show`` uses), so the sheets
cannot disagree with ``rules replay``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kcal.games.kalua.files.cardset import CardSet
from kcal.games.kalua.files.models import CardEntry
from kcal.games.kalua.rules import domain as K
from kcal.games.kalua.rules.cardtext import card_lines
from kcal.print import rulebook
from kcal.print.layout import Paper
from kcal.print.report import Report
from kcal.print.sourced import Positioned, sourced

TEMPLATE_DIR = Path(__file__).resolve().parent.parent / "templates"
SECTIONS = ("overview", "setup", "turn", "end", "cards")
ACCENT = "#9c3a10"
_GROUPS = ((K.Kind.BONUS, "Bonus cards"), (K.Kind.LOCAL, "Local disasters"), (K.Kind.GLOBAL, "Global disasters"))


def template_data(cardset: CardSet, doc: Positioned | None = None) -> dict[str, Any]:
    """Everything the templates may use: plain data from the pack and the card set. With the set's file as
    parsed (``doc``), the words written in it know where (:func:`kcal.print.sourced.sourced`), so a character
    the font lacks is reported there."""
    def at(text: str, loc: tuple[str | int, ...], what: str) -> str:
        return sourced(text, doc, loc, what) if doc is not None else text

    index = {c.name: i for i, c in enumerate(cardset.model.cards)}
    board = cardset.model.board
    per = board.island.atheists_per_player
    counts = {kind: sum(d.copies for d in cardset.by_kind(kind)) for kind, _ in _GROUPS}

    def row(entry: CardEntry) -> dict[str, Any]:
        lines = card_lines(entry)
        if entry.kind is K.Kind.GLOBAL:  # the payments are said once, above the table
            lines = [line for line in lines if not line.startswith("Pay 0")]
        text = "; ".join(line[0].upper() + line[1:] for line in lines)
        cost = str(entry.cost)
        name = at(entry.name, ("cards", index.get(entry.name, 0), "name"), f"card {entry.name} name")
        return {"name": name, "kind": entry.kind.value, "cost": cost, "copies": entry.copies, "text": text}

    return {
        "game": {"name": K.GAME_NAME, "min_players": K.MIN_PLAYERS, "max_players": K.MAX_PLAYERS},
        "n": {"families": K.START_FAMILIES, "pp": K.START_PP, "hand": K.HAND_TARGET, "buy": K.BUY_COST,
              "protection": K.PROTECTION_COST, "double": K.DOUBLE_COST, "families_per_pp": K.FAMILIES_PER_PP,
              "unhappiest_bonus": K.UNHAPPIEST_BONUS, "middle_bonus": K.MIDDLE_BONUS,
              "unhappiest_give": K.UNHAPPIEST_GIVE, "middle_give": K.MIDDLE_GIVE,
              "happiest_max": K.HAPPIEST_TAKE_MAX, "speech": K.SPEECH_HAPPINESS,
              "convert_atheists": K.CONVERT_ATHEISTS, "convert_believers": K.CONVERT_BELIEVERS,
              "sacrifice": K.SACRIFICE_ATHEISTS},
        "track": {"min": board.happiness.min, "max": board.happiness.max, "start": board.happiness.start},
        "island": {"name": at(board.island.name, ("board", "island", "name"), "island name"), "per_player": per,
                   "counts": [{"gods": g, "atheists": g * per} for g in range(K.MIN_PLAYERS, K.MAX_PLAYERS + 1)]},
        "set": {"code": cardset.code, "name": cardset.name, "variant": cardset.variant, "size": len(cardset),
                "bonus": counts[K.Kind.BONUS], "local": counts[K.Kind.LOCAL], "global": counts[K.Kind.GLOBAL]},
        "groups": [{"title": title, "cards": [row(d.entry) for d in cardset.by_kind(kind)]}
                   for kind, title in _GROUPS if cardset.by_kind(kind)],
        "turn_limit": K.DEFAULT_TURN_LIMIT,
    }


def build(out_path: str, paper: Paper, cardset: CardSet, report: Report, user_dir: Path | None,
          invariant: bool, doc: Positioned | None = None) -> int:
    """Render every section into ``out_path`` (a temp file); return the page count."""
    blocks = rulebook.render_sections(SECTIONS, TEMPLATE_DIR, user_dir, template_data(cardset, doc), report)
    return rulebook.build_rulebook(out_path, paper, blocks, invariant=invariant,
                                   title=f"{K.GAME_NAME} reference sheets", running_title=f"{K.GAME_NAME} reference",
                                   accent=ACCENT)
