"""The ``print`` hook of EcoLogic: Europe.

``print_cards`` prints every species card (fronts, and with ``backs`` each card's back showing its
species type), the 12 weather cards, the 10 human-impact cards and the symbol key cards at a real card size
with the shared sheet conventions, the kinds sharing sheets; the symbol key cards fill the free places of the
last sheet (at least one). Then the token sheet: one page of square tokens (:mod:`.tokens`), not card-sized
frames. ``only`` and ``copies`` choose what (:mod:`kcal.print.selection`): a card, a kind (``species``,
``weather card``, ``human impact card``, ``symbol key card``, ``token sheet``). ``print_rulebook`` prints
the reference sheets; ``print_board`` every habitat board, one sheet each, its two sides printed
double-sided (:mod:`.board`). All write atomically and return a :class:`~kcal.print.output.Printed`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from kcal.games.ecologic_europe.print.faces import (
    Context,
    draw_back,
    draw_event,
    draw_key,
    draw_species,
    faces_order,
)
from kcal.games.ecologic_europe.print.picture import key_icon
from kcal.games.ecologic_europe.rules.cards import CardSet, Species
from kcal.games.ecologic_europe.rules.domain import FOOD_TYPES, GAME_ID, GAME_NAME
from kcal.print.cardgrid import DEFAULT_CARD, DEFAULT_CORNER_MM, CardSize
from kcal.print.cardsheet import write_card_sheets
from kcal.print.export import ExportSet
from kcal.print.output import PdfMeta, Printed, write_pdf
from kcal.print.pictures import CREDIT
from kcal.print.report import Report
from kcal.print.sheets import Face

SPECIES_KIND, WEATHER_KIND, HUMAN_KIND = "species card", "weather card", "human impact card"
KEY_KIND, TOKEN_KIND = "symbol key card", "token sheet"


def sourced_species(cs: CardSet) -> list[Species]:
    """The set's species with the words a face draws (name, Latin name, fact) as
    :class:`~kcal.print.sourced.Sourced` values: a character the font lacks is reported at its
    ``file:line:column`` in the species file, as every pack's faces report it."""
    from dataclasses import replace

    from kcal.core.yamlsafe import load_yaml
    from kcal.print.sourced import sourced

    where: dict[str, tuple[Any, int]] = {}
    for path in cs.sources:
        doc = load_yaml(path)
        cards = doc.data.get("species") if isinstance(doc.data, dict) else None
        for i, card in enumerate(cards if isinstance(cards, list) else []):
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                where.setdefault(card["id"], (doc, i))
    out = []
    for s in cs.species:
        hit = where.get(s.id)
        if hit is None:
            out.append(s)
            continue
        doc, i = hit
        out.append(replace(s, **{key: sourced(getattr(s, key), doc, ("species", i, key), f"card {s.id} {key}")
                                 for key in ("name", "latin", "fact")}))
    return out


def card_faces(catalog: str | Path | None, ctx: Context, per_sheet: int = 9
               ) -> tuple[list[Face], list[Path]]:
    """Every face in print order, and the files they come from: the species by type, the weather and
    human-impact cards, the symbol key cards (as many as fill the last of ``per_sheet`` places, at least
    one), and the token sheet (a page of its own, one :class:`Face` standing for it)."""
    from kcal.games.ecologic_europe.files.load import DATA, SPECIES_FILES, load_cardset

    cs = load_cardset(catalog)
    inputs = [DATA / f for f in SPECIES_FILES] if catalog is None or str(catalog) == "builtin" else [Path(catalog)]
    faces: list[Face] = []
    for s in faces_order(sourced_species(cs)):
        back = FOOD_TYPES[s.type].value
        faces.append(Face(key=f"ee-{s.id}", draw=partial(draw_species, s=s, ctx=ctx),
                          back=partial(draw_back, back=back), back_key=f"ee-back-{back}",
                          label=s.latin, kind=SPECIES_KIND, names=(s.name, s.id)))
    for w in cs.weather:
        faces.append(Face(key=f"ee-{w.id}", draw=partial(draw_event, card=w, kind="weather", ctx=ctx),
                          back=partial(draw_back, back="weather"), back_key="ee-back-weather", label=str(w.name),
                          kind=WEATHER_KIND, names=(w.id,)))
    for h in cs.human:
        faces.append(Face(key=f"ee-{h.id}", draw=partial(draw_event, card=h, kind="human", ctx=ctx),
                          back=partial(draw_back, back="human impact"), back_key="ee-back-human",
                          label=str(h.name), kind=HUMAN_KIND, names=(h.id,)))
    keys = max(1, -len(faces) % per_sheet)
    key_face = partial(draw_key, ctx=ctx, icon=key_icon(cs.components.symbol_key.icon))
    faces += [Face(key="ee-key", draw=key_face, back=partial(draw_back, back="symbol key"),
                   back_key="ee-back-key", label="symbol key", kind=KEY_KIND)] * keys
    faces.append(Face(key="ee-tokens", draw=lambda c, box: None, label="tokens", kind=TOKEN_KIND))
    return faces, inputs


def print_cards(output: str | Path, paper: str = "letter", backs: bool = False, flip: str = "long",
                bleed: float = 0.0, split: int | None = None, size: str | CardSize = DEFAULT_CARD, *,
                back_offset: tuple[float, float] = (0.0, 0.0), gutter: float = 0.0,
                corner: float = DEFAULT_CORNER_MM, catalog: str | Path | None = None, cut_lines: bool = True,
                crop_marks: bool = True, alignment_page: bool = False, cut_svg: bool = False,
                fonts: tuple[str | Path | None, str | Path | None] = (None, None), invariant: bool = True,
                only: Sequence[str] = (), copies: int = 1) -> Printed:
    from kcal.games.ecologic_europe.print.tokens import token_pages
    from kcal.print.fonts import font_inputs
    from kcal.print.options import card_sheet_options
    from kcal.print.selection import check_copies, select_faces
    from kcal.print.sheets import sheet_layout

    check_copies(copies)
    title = f"{GAME_NAME} cards"
    opts = card_sheet_options(paper=paper, size=size, bleed=bleed, backs=backs, flip=flip, back_offset=back_offset,
                              gutter=gutter, corner=corner, cut_lines=cut_lines, crop_marks=crop_marks,
                              alignment_page=alignment_page, title=title)._replace(credit=CREDIT)
    ctx = Context(Report())
    everything, inputs = card_faces(catalog, ctx, max(1, sheet_layout(opts).per_page))
    chosen = select_faces(everything, only, copies, game=GAME_NAME)
    faces = [f for f in chosen if f.kind != TOKEN_KIND]
    token_sheets = len(chosen) - len(faces)
    tokens: dict[str, int] = {}

    def token_sheet_pages() -> list[Any]:
        nonlocal tokens
        pages: list[Any] = []
        for _ in range(token_sheets):
            more, tokens = token_pages(opts.paper_size, GAME_NAME, backs=backs, flip=opts.flip,
                                       back_offset=opts.back_offset_mm)
            pages += more
        return pages

    sheets = write_card_sheets(output, faces, opts, game_name=GAME_NAME, title=title,
                               inputs=[*inputs, *font_inputs(fonts)], fonts=fonts, split=split, cut_svg=cut_svg,
                               invariant=invariant, pair=backs or alignment_page, more_pages=token_sheet_pages)
    assert opts.card is not None  # card_sheet_options always sets the card size
    counts = {"species_cards": sum(f.kind == SPECIES_KIND for f in faces),
              "weather_cards": sum(f.kind == WEATHER_KIND for f in faces),
              "human_cards": sum(f.kind == HUMAN_KIND for f in faces),
              "key_cards": sum(f.kind == KEY_KIND for f in faces), "token_sheets": token_sheets,
              "tokens": {kind: n * token_sheets for kind, n in tokens.items()}}
    extra = {"game": GAME_ID, "card_size": opts.card.label, "per_sheet": sheets.per_sheet,
             "grid": sheets.grid(turned_mark=False), "sheets": sheets.sheets, **counts}
    return Printed(sheets.files, sheets.pages, len(faces), "cards", ctx.report.warnings, extra)


def print_rulebook(output: str | Path, paper: str = "letter", *, templates: str | Path | None = None,
                   catalog: str | Path | None = None, invariant: bool = True) -> Printed:
    """The reference sheets: components and icons, the rules in short, the features, kcal's rulings."""
    from kcal.games.ecologic_europe.files.load import DATA, SPECIES_FILES, load_cardset
    from kcal.games.ecologic_europe.print.rulebook import build
    from kcal.print.rulebook import Drawing, reference_sheets

    def prepare() -> Drawing:
        cs = load_cardset(catalog)
        inputs = [DATA / f for f in SPECIES_FILES] if catalog is None else [Path(catalog)]
        return inputs, lambda out, size, report, tdir: build(out, size, cs, report, tdir, invariant)

    return reference_sheets(output, paper, templates, GAME_ID, prepare)


def print_board(output: str | Path, paper: str = "letter", *, catalog: str | Path | None = None,
                split: int | None = None, invariant: bool = True, only: Sequence[str] = (),
                copies: int = 1) -> Printed:
    """Every habitat board at full size (fields for poker-size cards): one sheet per board, side 1 on the
    front and side 2 on the back, for double-sided printing. ``only`` and ``copies`` choose the boards as
    ``print cards`` chooses cards (:mod:`kcal.print.selection`): a board by its id (``B07``, printed on
    both its sides) or its two habitats (``coniferous wetlands``), one of it, ``copies`` times."""
    from kcal.games.ecologic_europe.files.load import COMPONENTS_FILE, load_cardset
    from kcal.games.ecologic_europe.print.board import board_pages
    from kcal.games.ecologic_europe.rules.domain import HABITAT_TITLES
    from kcal.print.layout import PAPERS
    from kcal.print.options import check_paper
    from kcal.print.selection import Choice, select_faces

    paper_size = PAPERS[check_paper(paper)]
    cs = load_cardset(catalog)
    choices = [Choice(key=b.id, label=b.id, item=b, names=(
        f"board {b.id}", f"{b.id}: " + " / ".join(HABITAT_TITLES[s.habitat.value].lower() for s in b.sides)))
        for b in cs.components.boards]
    chosen = [c.item for c in select_faces(choices, only, copies, game=GAME_NAME, noun="board")]
    pages, sides = board_pages(chosen, paper_size)
    boards = len(chosen)
    meta = PdfMeta(title=f"{GAME_NAME} habitat boards",
                   subject=f"{GAME_NAME}: {boards} boards, {len(sides)} sides, printed double-sided",
                   pagesize=(paper_size.width, paper_size.height), invariant=invariant)
    written = write_pdf(pages, output, meta, inputs=[COMPONENTS_FILE], split_every=split, pair=True)
    return Printed(list(written.files), written.pages, len(sides), "board sides", [],
                   {"game": GAME_ID, "boards": boards, "sheets": -(-len(pages) // 2), "duplex": True})


def export_cards(source: Path | None, *, size: str | None, bleed: float) -> ExportSet:
    """The cards to export (``kcal export tts|png``): the species deck (its backs by food type), the weather
    and the human-impact decks and one symbol key card, of the built-in set or the card-set file
    ``source``. The tokens are not cards and stay on the printed token sheet."""
    from kcal.print.options import card_sheet_options

    ctx = Context(Report())
    faces, inputs = card_faces(source, ctx, per_sheet=1)
    groups: dict[str, list[Face]] = {SPECIES_KIND: [], WEATHER_KIND: [], HUMAN_KIND: [], KEY_KIND: []}
    for face in faces:
        if face.kind in groups and face.back is not None and not (face.kind == KEY_KIND and groups[KEY_KIND]):
            groups[face.kind].append(face)
    opts = card_sheet_options(size=size or DEFAULT_CARD, bleed=bleed, title=f"{GAME_NAME} cards")
    return ExportSet(GAME_ID, GAME_NAME, [(k, v) for k, v in groups.items() if v], opts, inputs, ctx.report.warnings)
