"""The ``print`` hook of EcoLogic: Europe.

``print_cards`` prints every species card (fronts, and with ``backs`` each card's back showing its
species type), the 12 weather cards, the 10 human-impact cards and card-sized sheets of tokens
(biomass, remains, fed species) at a real card size with the shared sheet conventions.
``print_rulebook`` prints the reference sheets; ``print_board`` every habitat board side at full size. Both write atomically and return a
:class:`~kcal.print.output.Printed`.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from kcal.games.ecologic_europe.print.faces import (
    Context,
    draw_back,
    draw_event,
    draw_species,
    draw_tokens,
    faces_order,
)
from kcal.games.ecologic_europe.rules.domain import FOOD_TYPES, GAME_ID, GAME_NAME
from kcal.print.cardgrid import DEFAULT_CARD, DEFAULT_CORNER_MM, CardSize, grid_shape
from kcal.print.cutfile import card_cut_files, write_cut_files
from kcal.print.export import ExportSet
from kcal.print.output import PdfMeta, Printed, write_pdf
from kcal.print.report import Report
from kcal.print.sheets import Face, chunk_faces, face_pages

TOKEN_SHEETS = {"biomass": 6, "remains": 3, "fed": 2}


def card_faces(catalog: str | Path | None, ctx: Context) -> tuple[list[Face], list[Path], dict[str, int]]:
    from kcal.games.ecologic_europe.files.load import DATA, SPECIES_FILES, load_cardset

    cs = load_cardset(catalog)
    inputs = [DATA / f for f in SPECIES_FILES] if catalog is None or str(catalog) == "builtin" else [Path(catalog)]
    faces: list[Face] = []
    for s in faces_order(cs.species):
        back = FOOD_TYPES[s.type].value
        faces.append(Face(key=f"ee-{s.id}", draw=partial(draw_species, s=s, ctx=ctx),
                          back=partial(draw_back, back=back), back_key=f"ee-back-{back}",
                          label=s.latin))
    for w in cs.weather:
        faces.append(Face(key=f"ee-{w.id}", draw=partial(draw_event, card=w, kind="weather", ctx=ctx),
                          back=partial(draw_back, back="weather"), back_key="ee-back-weather", label=w.id))
    for h in cs.human:
        faces.append(Face(key=f"ee-{h.id}", draw=partial(draw_event, card=h, kind="human", ctx=ctx),
                          back=partial(draw_back, back="human impact"), back_key="ee-back-human",
                          label=h.id))
    for kind, copies in TOKEN_SHEETS.items():
        faces += [Face(key=f"ee-tokens-{kind}", draw=partial(draw_tokens, kind=kind),
                       label=f"{kind} tokens")] * copies
    counts = {"species_cards": len(cs.species), "weather_cards": len(cs.weather), "human_cards": len(cs.human),
              "token_sheets": sum(TOKEN_SHEETS.values())}
    return faces, inputs, counts


def print_cards(output: str | Path, paper: str = "letter", backs: bool = False, flip: str = "long",
                bleed: float = 0.0, split: int | None = None, size: str | CardSize = DEFAULT_CARD, *,
                back_offset: tuple[float, float] = (0.0, 0.0), gutter: float = 0.0,
                corner: float = DEFAULT_CORNER_MM, catalog: str | Path | None = None, cut_lines: bool = True,
                crop_marks: bool = True, alignment_page: bool = False, cut_svg: bool = False,
                fonts: tuple[str | Path | None, str | Path | None] = (None, None), invariant: bool = True) -> Printed:
    from kcal.print.fonts import font_inputs, override
    from kcal.print.options import card_sheet_options

    title = f"{GAME_NAME} cards"
    opts = card_sheet_options(paper=paper, size=size, bleed=bleed, backs=backs, flip=flip, back_offset=back_offset,
                              gutter=gutter, corner=corner, cut_lines=cut_lines, crop_marks=crop_marks,
                              alignment_page=alignment_page, title=title)
    ctx = Context(Report())
    faces, inputs, counts = card_faces(catalog, ctx)
    inputs = [*inputs, *font_inputs(fonts)]
    with override(*fonts):
        pages = face_pages(faces, opts)
        svgs = card_cut_files(faces, opts, output, inputs) if cut_svg else []
        paper_size = opts.paper_size
        meta = PdfMeta(title=title, subject=f"{GAME_NAME}: {len(faces)} cards",
                       pagesize=(paper_size.width, paper_size.height), invariant=invariant)
        written = write_pdf(pages, output, meta, inputs=inputs, split_every=split, pair=backs or alignment_page)
    files = [*written.files, *write_cut_files(svgs, inputs)]
    layout, chunks = chunk_faces(faces, opts)
    cols, rows = grid_shape(layout)
    assert opts.card is not None  # card_sheet_options always sets the card size
    extra = {"game": GAME_ID, "card_size": opts.card.label, "per_sheet": layout.per_page, "grid": f"{cols} x {rows}",
             "sheets": len(chunks), **counts}
    return Printed(files, written.pages, len(faces), "cards", ctx.report.warnings, extra)


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
                split: int | None = None, invariant: bool = True) -> Printed:
    """Every side of every habitat board at full size (fields for poker-size cards), one page each."""
    from kcal.games.ecologic_europe.files.load import COMPONENTS_FILE, load_cardset
    from kcal.games.ecologic_europe.print.faces import draw_board_side
    from kcal.print.layout import PAPERS, mm
    from kcal.print.options import check_paper

    paper_size = PAPERS[check_paper(paper)]
    cs = load_cardset(catalog)
    pages = []
    card_w, card_h = mm(63), mm(88)
    for board in cs.components.boards:
        for i, side in enumerate(board.sides, 1):
            pages.append(lambda c, b=board.id, i=i, h=side.habitat.value, f=side.fields: draw_board_side(
                c, paper_size.width, paper_size.height, b, i, h, f, card_w, card_h))
    meta = PdfMeta(title=f"{GAME_NAME} habitat boards", subject=f"{GAME_NAME}: {len(pages)} board sides",
                   pagesize=(paper_size.width, paper_size.height), invariant=invariant)
    written = write_pdf(pages, output, meta, inputs=[COMPONENTS_FILE], split_every=split)
    return Printed(list(written.files), written.pages, len(pages), "board sides", [], {"game": GAME_ID})


def export_cards(source: Path | None, *, size: str | None, bleed: float) -> ExportSet:
    """The cards to export (``kcal export tts|png``): the species deck (its backs by food type), the weather
    and the human-impact decks, of the built-in set or the card-set file ``source``. The tokens are not
    cards and stay on the printed token sheets."""
    from kcal.print.options import card_sheet_options

    ctx = Context(Report())
    faces, inputs, _ = card_faces(source, ctx)
    groups: dict[str, list[Face]] = {"species": [], "weather": [], "human impact": []}
    for face in faces:
        if face.back_key == "ee-back-weather":
            groups["weather"].append(face)
        elif face.back_key == "ee-back-human":
            groups["human impact"].append(face)
        elif face.back is not None:
            groups["species"].append(face)
    opts = card_sheet_options(size=size or DEFAULT_CARD, bleed=bleed, title=f"{GAME_NAME} cards")
    return ExportSet(GAME_ID, GAME_NAME, [(k, v) for k, v in groups.items() if v], opts, inputs, ctx.report.warnings)
