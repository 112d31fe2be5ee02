"""The ``print`` hook of How many Calories?: the cards and the reference sheets as PDFs.

``print_cards`` prints the food cards and the +5 cards at a real card size, fronts and (with
``backs``) the common back carrying the composition chart, with the shared sheet conventions (cut
lines, crop marks, ruler, bleed, duplex backs, the alignment page, split files, cut files).
``print_rulebook`` prints the reference sheets from the pack's templates. Both load and check their
inputs first, write atomically, and return a :class:`~kcal.print.output.Printed` with every warning.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from kcal.core.errors import UsageError
from kcal.games.how_many_calories.files.cardset import FoodSet
from kcal.games.how_many_calories.print.faces import Context, draw_back, draw_food, draw_plus
from kcal.games.how_many_calories.print.picture import plus_icon
from kcal.games.how_many_calories.rules.domain import COLOUR_INDEX, GAME_ID, GAME_NAME, Card, format_card
from kcal.print.cardgrid import DEFAULT_CARD, DEFAULT_CORNER_MM, CardSize
from kcal.print.cardsheet import write_card_sheets
from kcal.print.export import ExportSet
from kcal.print.output import Printed
from kcal.print.pictures import CREDIT
from kcal.print.report import Report
from kcal.print.sheets import Box, Face
from kcal.print.sourced import sourced

PLUS_COPIES = 4  #: one +5 card per player (the rulebook's setup), at most 4 players (ruling print-plus-cards)
MAX_PLUS = 10
FOOD_KIND, PLUS_KIND = "food card", "+5 card"



def _food(c: Any, box: Any, *, food: Any, ctx: Context) -> None:
    draw_food(c, box, food, ctx)

def load_doc(catalog: str | Path | None) -> tuple[FoodSet, Path, Any]:
    """The card set (built-in when None), its file, and the file as parsed (for positions)."""
    from kcal.games.how_many_calories.files.load import BUILTIN_PATH, load_catalog, read_set_file

    foodset = load_catalog(catalog)
    path = BUILTIN_PATH if catalog is None or str(catalog) == "builtin" else Path(catalog)
    doc, _ = read_set_file(path)
    # the set's name as written in the file: a character the font lacks in it is reported there, on any sheet
    return replace(foodset, name=sourced(foodset.name, doc, ("set", "name"), "set name")), path, doc


def card_index(doc: Any) -> dict[int, int]:
    """Each card's number -> its place in the set file's ``cards`` (a number is on one card)."""
    cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
    return {card["number"]: i for i, card in enumerate(cards if isinstance(cards, list) else [])
            if isinstance(card, dict) and isinstance(card.get("number"), int)}


def load_set(catalog: str | Path | None) -> tuple[FoodSet, Path, Callable[[Card, str], str]]:
    """The card set (built-in when None) and where each of its cards' fields is written."""
    foodset, path, doc = load_doc(catalog)
    index = card_index(doc)

    def locate(card: Card, key: str) -> str:
        line, column = doc.pos(("cards", index.get(card.number, 0), key))
        return f"{doc.path}:{line}:{column}: card {format_card(card)} {key}"

    return foodset, path, locate


def card_faces(foodset: FoodSet, ctx: Context, plus_copies: int = PLUS_COPIES) -> list[Face]:
    """Every face in print order: the food cards by colour and number, then the +5 cards."""
    foods = sorted(foodset.foods, key=lambda f: (COLOUR_INDEX[f.colour], f.number))
    title = foodset.name if foodset.variant else GAME_NAME

    def back(c: Any, box: Box) -> None:
        draw_back(c, box, foods, foodset.plus, ctx, title)

    faces = [Face(key=f"hmc-{f.colour.value}-{f.number}", draw=functools.partial(_food, food=f, ctx=ctx),
                  back=back, back_key="hmc-back", label=format_card(f.card), kind=FOOD_KIND, names=(f.food,))
             for f in foods]
    plus = Face(key="hmc-plus", draw=lambda c, box: draw_plus(c, box, foodset.plus, ctx, plus_icon(foodset)), back=back,
                back_key="hmc-back", label=f"+{foodset.plus}", kind=PLUS_KIND, names=(f"+{foodset.plus} card",))
    return faces + [plus] * plus_copies


def print_cards(output: str | Path, paper: str = "letter", backs: bool = False, flip: str = "long",
                bleed: float = 0.0, split: int | None = None, size: str | CardSize = DEFAULT_CARD, *,
                back_offset: tuple[float, float] = (0.0, 0.0), gutter: float = 0.0,
                corner: float = DEFAULT_CORNER_MM, catalog: str | Path | None = None,
                plus_copies: int = PLUS_COPIES, cut_lines: bool = True, crop_marks: bool = True,
                alignment_page: bool = False, cut_svg: bool = False,
                fonts: tuple[str | Path | None, str | Path | None] = (None, None), invariant: bool = True,
                only: Sequence[str] = (), copies: int = 1) -> Printed:
    """Print every card of the set (32 food cards and ``plus_copies`` +5 cards) at ``size``; ``only`` and
    ``copies`` choose what (:func:`kcal.print.selection.select_faces`)."""
    from kcal.print.fonts import font_inputs
    from kcal.print.options import card_sheet_options
    from kcal.print.selection import check_copies, select_faces

    if not 0 <= plus_copies <= MAX_PLUS:
        raise UsageError(f"print 0 to {MAX_PLUS} +5 cards, not {plus_copies}")
    check_copies(copies)
    foodset, set_path, locate = load_set(catalog)
    title = f"{GAME_NAME} cards" + (f" ({foodset.code})" if foodset.variant else "")
    opts = card_sheet_options(paper=paper, size=size, bleed=bleed, backs=backs, flip=flip, back_offset=back_offset,
                              gutter=gutter, corner=corner, cut_lines=cut_lines, crop_marks=crop_marks,
                              alignment_page=alignment_page, title=title)._replace(credit=CREDIT)
    ctx = Context(Report(), locate)
    faces = select_faces(card_faces(foodset, ctx, plus_copies), only, copies, game=GAME_NAME)
    sheets = write_card_sheets(output, faces, opts, game_name=GAME_NAME, title=title,
                               inputs=[set_path, *font_inputs(fonts)], fonts=fonts, split=split, cut_svg=cut_svg,
                               invariant=invariant, pair=backs or alignment_page)
    assert opts.card is not None  # card_sheet_options always sets the card size
    extra = {"game": GAME_ID, "card_size": opts.card.label, "per_sheet": sheets.per_sheet, "grid": sheets.grid(),
             "sheets": sheets.sheets, "food_cards": sum(f.kind == FOOD_KIND for f in faces),
             "plus_cards": sum(f.kind == PLUS_KIND for f in faces)}
    return Printed(sheets.files, sheets.pages, len(faces), "cards", ctx.report.warnings, extra)


def print_rulebook(output: str | Path, paper: str = "letter", *, templates: str | Path | None = None,
                   catalog: str | Path | None = None, invariant: bool = True) -> Printed:
    """The reference sheets: setup, a trick, the +5, equal values, the limit, scoring, the card list."""
    from kcal.games.how_many_calories.print.rulebook import build
    from kcal.print.rulebook import Drawing, reference_sheets

    def prepare() -> Drawing:
        foodset, set_path, doc = load_doc(catalog)
        return [set_path], lambda out, size, report, tdir: build(out, size, foodset, report, tdir, invariant, doc)

    return reference_sheets(output, paper, templates, GAME_ID, prepare)


def export_cards(source: Path | None, *, size: str | None, bleed: float) -> ExportSet:
    """The cards to export (``kcal export tts|png``) of the built-in set or the card-set file ``source``: the
    food deck, and the +5 cards as a deck of their own (each player takes one at setup; they are never
    shuffled into the food deck)."""
    from kcal.print.options import card_sheet_options

    foodset, set_path, locate = load_set(source)
    ctx = Context(Report(), locate)
    title = foodset.name if foodset.variant else GAME_NAME
    opts = card_sheet_options(size=size or DEFAULT_CARD, bleed=bleed, title=title)
    faces = card_faces(foodset, ctx)
    groups = [(f"{title}: food deck", [f for f in faces if f.kind == FOOD_KIND]),
              (f"{title}: +{foodset.plus} cards", [f for f in faces if f.kind == PLUS_KIND])]
    return ExportSet(GAME_ID, title, [(label, fs) for label, fs in groups if fs], opts, [set_path],
                     ctx.report.warnings)
