"""How many Calories?'s reference sheets: the templates' data, and the card icon beside a paragraph.

The sandbox, limits, markup and pages are shared (:mod:`kcal.print.rulebook`). Everything a
template states about the game comes from the pack's data: the limits, hand and pass sizes, the +5,
the card set (a custom set prints its own list), and the worked examples, whose values and winners
are computed by the engine's own trick rule (:func:`kcal.games.how_many_calories.rules.tricks.resolve`), so
the sheets cannot disagree with ``rules replay``. Directive: ``@card COLOUR NUMBER`` (or
``@card plus``) puts a small card beside the next paragraph.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.games.how_many_calories.files.cardset import FoodSet
from kcal.games.how_many_calories.print import palette
from kcal.games.how_many_calories.print.faces import pattern
from kcal.games.how_many_calories.print.layout import CARD_ICON
from kcal.games.how_many_calories.rules.domain import (
    COLOUR_INDEX,
    DEFAULT_ROUNDS,
    GAME_NAME,
    HAND_SIZE,
    KCAL_PER_POINT,
    LIMITS,
    PASS_SIZE,
    CardError,
    Colour,
    format_card,
    kcal_text,
    parse_card,
)
from kcal.games.how_many_calories.rules.tricks import resolve
from kcal.print import rulebook
from kcal.print.fonts import BOLD
from kcal.print.layout import Paper, mm
from kcal.print.report import Report
from kcal.print.sourced import Positioned, sourced

TEMPLATE_DIR = Path(__file__).resolve().parent.parent / "templates"
SECTIONS = ("overview", "setup", "trick", "plus", "ties", "limit", "scoring", "cards")
ACCENT = "#a3241a"
#: the worked examples: the rulebook's own cards, four players, the first card leads
EXAMPLES = (
    ("A trick", ("yellow 11", "green 4", "red 25", "yellow 14")),
    ("Equal values", ("yellow 14", "red 9", "yellow 30", "red 25")),
)
PLAYERS = ("Ann", "Ben", "Cy", "Dee")


def template_data(foodset: FoodSet, doc: Positioned | None = None) -> dict:
    """Everything the templates may use: plain data from the pack and the card set. With the set's file as
    parsed (``doc``), the words written in it know where (:func:`kcal.print.sourced.sourced`), so a character
    the font lacks is reported there."""
    from kcal.games.how_many_calories.print.api import card_index

    index = card_index(doc) if doc is not None else {}

    def at(text: str, loc: tuple[str | int, ...], what: str) -> str:
        return sourced(text, doc, loc, what) if doc is not None else text

    def card_at(f: Any, key: str) -> str:
        return at(getattr(f, key), ("cards", index.get(f.number, 0), key), f"card {format_card(f.card)} {key}")

    foods = sorted(foodset.foods, key=lambda f: (COLOUR_INDEX[f.colour], f.number))
    return {
        "game": {"name": GAME_NAME, "min_players": 3, "max_players": 4, "rounds": DEFAULT_ROUNDS},
        "hand_size": HAND_SIZE,
        "pass_size": PASS_SIZE,
        "plus": foodset.plus,
        "kcal_per_point": KCAL_PER_POINT,
        "limits": [{"players": n, "kcal": LIMITS[n], "text": kcal_text(LIMITS[n])} for n in (4, 3)],
        "set": {"code": foodset.code, "name": foodset.name, "variant": foodset.variant, "size": len(foodset),
                "set_aside_3p": max(0, len(foodset) - 3 * HAND_SIZE)},
        "colours": [{"name": c.value, "letter": palette.STYLES[c].letter, "pattern": palette.STYLES[c].pattern,
                     "group": palette.STYLES[c].group,
                     "numbers": sorted(f.number for f in foods if f.colour is c)} for c in Colour],
        "cards": [{"card": format_card(f.card), "colour": f.colour.value, "letter": palette.STYLES[f.colour].letter,
                   "number": f.number, "kcal": f.card.kcal, "kcal_text": kcal_text(f.card.kcal),
                   "food": card_at(f, "food"), "serving": card_at(f, "serving")} for f in foods],
        "examples": examples(foodset),
    }


def examples(foodset: FoodSet) -> list[dict]:
    """The worked tricks, resolved by the engine; left out when the set lacks their cards."""
    out = []
    for title, texts in EXAMPLES:
        cards = [parse_card(t) for t in texts]
        if not all(card in foodset for card in cards):
            continue
        winner, loser, taken, values = resolve(list(enumerate(c.number for c in cards)), foodset.colour_of,
                                               foodset.plus)
        lead = cards[0].colour
        plays = [{"player": PLAYERS[i], "card": format_card(card), "value": values[i],
                  "plus": card.colour is not lead, "leads": i == 0} for i, card in enumerate(cards)]
        taken_card = next(c for c in cards if c.number == taken)
        ties = []
        for v in sorted(set(values), reverse=True):
            same = [i for i, x in enumerate(values) if x == v]
            if len(same) == 2:
                first, second = sorted(same, key=lambda i: cards[i].colour is not lead)
                ties.append({"value": v, "higher": plays[first]["card"], "lower": plays[second]["card"]})
        out.append({"title": title, "plays": plays, "winner": PLAYERS[winner], "loser": PLAYERS[loser],
                    "high": plays[winner]["card"], "taken": format_card(taken_card),
                    "taken_kcal": kcal_text(taken_card.kcal), "lead_colour": lead.value, "ties": ties})
    return out


def directive(line: str, display: str, n: int) -> tuple:
    parts = line[1:].split(None, 1)
    if len(parts) == 2 and parts[0] == "card":
        if parts[1].strip() == "plus":
            return ("plus",)
        try:
            return ("card", parse_card(parts[1]))
        except CardError:
            pass
    raise KcalError(f"unknown directive {line!r} (use @card COLOUR NUMBER or @card plus)", file=display, line=n)


def _icon(spec: tuple[Any, ...]) -> Any:
    from reportlab.platypus import Flowable

    class MiniCard(Flowable):
        """A card a few millimetres tall: its colour, pattern, number and letter."""

        def __init__(self, spec: tuple[Any, ...]) -> None:
            super().__init__()
            self.spec = spec
            self.w, self.h = mm(CARD_ICON.w_mm), mm(CARD_ICON.h_mm)

        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            return self.w, self.h

        def draw(self) -> None:
            c = self.canv
            if self.spec[0] == "plus":
                fill, kind, ink, number, letter = palette.PLUS_FILL, "plain", palette.WHITE, "+5", ""
            else:
                card = self.spec[1]
                style = palette.STYLES[card.colour]
                fill, kind, ink, number, letter = style.fill, style.pattern, style.dark, str(card.number), style.letter
            c.saveState()
            p = c.beginPath()
            p.roundRect(0, 0, self.w, self.h, mm(CARD_ICON.radius_mm))
            c.clipPath(p, stroke=0, fill=0)
            c.setFillColorRGB(*palette.rgb(fill))
            c.rect(0, 0, self.w, self.h, stroke=0, fill=1)
            pattern(c, kind, 0, 0, self.w, self.h, ink, CARD_ICON.pattern_scale)
            c.restoreState()
            c.setFillColorRGB(1, 1, 1)
            inset = mm(CARD_ICON.inset_mm)
            c.roundRect(inset, inset, self.w - 2 * inset, self.h - 2 * inset, mm(CARD_ICON.panel_radius_mm), stroke=0,
                        fill=1)
            c.setFillColorRGB(*palette.rgb(palette.INK))
            c.setFont(BOLD, CARD_ICON.number_pt)
            c.drawCentredString(self.w / 2, self.h / 2 - CARD_ICON.number_drop_pt, number)
            if letter:
                c.setFont(BOLD, CARD_ICON.letter_pt)
                c.drawCentredString(self.w / 2, mm(CARD_ICON.letter_rise_mm), letter)
            c.setStrokeColorRGB(*palette.rgb(palette.INK))
            c.setLineWidth(CARD_ICON.outline_pt)
            c.roundRect(0, 0, self.w, self.h, mm(CARD_ICON.radius_mm), stroke=1, fill=0)

    return MiniCard(spec)


def build(out_path: str, paper: Paper, foodset: FoodSet, report: Report, user_dir: Path | None, invariant: bool,
          doc: Positioned | None = None) -> int:
    """Render every section into ``out_path`` (a temp file); return the page count."""
    blocks = rulebook.render_sections(SECTIONS, TEMPLATE_DIR, user_dir, template_data(foodset, doc), report,
                                      directive)
    return rulebook.build_rulebook(out_path, paper, blocks, invariant=invariant, title=f"{GAME_NAME} reference sheets",
                                   running_title=f"{GAME_NAME} reference", accent=ACCENT, icon=_icon)
