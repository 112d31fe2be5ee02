"""The public print-and-play API: one function per product, each returning a :class:`PrintResult`.

``render_deck_pdf``, ``render_catalog_pdf``, ``render_cards_pdf``, ``render_rulebook_pdf`` write PDFs;
``render_tile_png`` a raster preview. They load their inputs, build page functions, write the files
atomically and report every warning (missing glyphs, text shortened, art replaced) in the result.

``print_cards`` and ``print_rulebook`` are the pack's ``print`` hook (``kcal print cards|rulebook`` with the
options every pack is given). kCaloria's cards are its player aids, one fixed product (poker size, no
bleed, the embedded font), so the options meant for a card game's own cards are refused in words; the
rulebook reads the pack's schema and templates, so a card set is refused too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.core.errors import KcalError, UsageError
from kcal.games.kcaloria.files.cardset import Tile
from kcal.games.kcaloria.print.tile_face import RenderContext
from kcal.games.kcaloria.print.tiles import tile_pages
from kcal.games.kcaloria.rules.domain import MAX_DECK_TILES, TileType
from kcal.print.layout import DEFAULT_BLEED_MM, DEFAULT_TILE_MM, PAPERS
from kcal.print.output import PdfMeta, require_suffix, write_pdf
from kcal.print.report import Report
from kcal.print.sheets import SheetOptions

if TYPE_CHECKING:
    from kcal.games.kcaloria.files.load import Library, LoadedDeck

MAX_TILES = MAX_DECK_TILES  #: refused before drawing thousands of pages


class PrintResult:
    def __init__(self, files: list[Path] | None = None, pages: int = 0, tiles: int = 0,
                 warnings: list[str] | None = None) -> None:
        self.files: list[Path] = [] if files is None else files
        self.pages = pages
        self.tiles = tiles
        self.warnings: list[str] = [] if warnings is None else warnings

    def __repr__(self) -> str:
        return f"PrintResult(files={self.files!r}, pages={self.pages}, tiles={self.tiles}, warnings={self.warnings!r})"

    def as_dict(self) -> dict:
        return {"game": "kcaloria", "files": [str(f) for f in self.files], "pages": self.pages, "tiles": self.tiles,
                "warnings": list(self.warnings)}


def check_tile_size(tile_size: float) -> None:
    if not (math.isfinite(tile_size) and 20 <= tile_size <= 150):
        raise UsageError(f"--size must be between 20 and 150 mm across the flats, not {tile_size:g}")


def sheet_options(*, paper: str = "letter", tile_size: float = DEFAULT_TILE_MM, bleed: float | bool | None = None,
                  backs: bool = False, flip: str = "long", back_offset: tuple[float, float] = (0.0, 0.0),
                  cut_lines: bool = True, crop_marks: bool = True, alignment_page: bool = False,
                  title: str = "") -> SheetOptions:
    """Check and gather sheet options (millimetres). ``bleed=True`` means the default 3 mm."""
    paper = paper.lower()
    if paper not in PAPERS:
        raise UsageError(f"unknown paper {paper!r} (choose {' or '.join(PAPERS)})")
    if flip not in ("long", "short"):
        raise UsageError(f"--flip must be long or short, not {flip!r}")
    check_tile_size(tile_size)
    bleed_mm = DEFAULT_BLEED_MM if bleed is True else float(bleed or 0.0)
    if not 0 <= bleed_mm <= 10:
        raise UsageError(f"--bleed must be between 0 and 10 mm, not {bleed_mm:g}")
    if not all(math.isfinite(v) and abs(v) <= 20 for v in back_offset):
        raise UsageError("--back-offset must stay within 20 mm in each direction")
    return SheetOptions(paper=paper, tile_mm=tile_size, bleed_mm=bleed_mm, backs=backs, flip=flip,
                        back_offset_mm=(float(back_offset[0]), float(back_offset[1])), cut_lines=cut_lines, crop_marks=crop_marks,
                        alignment_page=alignment_page, title=title)


def render_tiles_pdf(tiles: Sequence[Tile], out: str | Path, opts: SheetOptions, *,
                     art_dir: Callable[[Tile], Path | None] = lambda tile: None,
                     locate: Callable[[Tile, str], str | None] = lambda tile, key: None,
                     inputs: Sequence[str | Path] = (),
                     groups: Sequence[tuple[str, Sequence[Tile]]] | None = None,
                     split_every: int | None = None, invariant: bool = True, subject: str = "",
                     cut_svg: bool = False, fonts: tuple[str | Path | None, str | Path | None] = (None, None)
                     ) -> PrintResult:
    """Print ``tiles`` (Tile objects) on honeycomb sheets. The engine of deck and catalog printing.

    ``cut_svg`` also writes ``OUT-cut-N.svg``, the cut lines of front sheet N for a cutting machine.
    """
    if len(tiles) > MAX_TILES:
        raise KcalError(f"{len(tiles):,} tiles is more than the {MAX_TILES:,} one print run takes; "
                        "print fewer at a time")
    from kcal.print.fonts import font_inputs, override

    inputs = [*inputs, *font_inputs(fonts)]
    with override(*fonts):
        return _render_tiles_pdf(tiles, out, opts, art_dir, locate, inputs, groups, split_every, invariant,
                                 subject, cut_svg)


def _render_tiles_pdf(tiles: Sequence[Tile], out: str | Path, opts: SheetOptions,
                      art_dir: Callable[[Tile], Path | None],
                      locate: Callable[[Tile, str], str | None], inputs: Sequence[str | Path],
                      groups: Sequence[tuple[str, Sequence[Tile]]] | None, split_every: int | None,
                      invariant: bool, subject: str, cut_svg: bool) -> PrintResult:
    ctx = RenderContext(report=Report(), art_dir=art_dir, locate=locate)
    if any(not t.art for t in tiles):  # a tile without its own art shows an icon: the licence's credit
        from kcal.print.pictures import CREDIT

        opts = opts._replace(credit=CREDIT)
    pages = tile_pages(tiles, opts, ctx, groups)
    svgs: list[tuple[Path, str]] = []
    if cut_svg:
        from kcal.core.atomic import check_output_path
        from kcal.games.kcaloria.print.tiles import sheet_chunks
        from kcal.print.cutfile import cut_paths, sheet_svg

        layout, chunks = sheet_chunks(tiles, opts, groups)
        for path, (_, chunk) in zip(cut_paths(Path(out), len(chunks)), chunks, strict=True):
            check_output_path(path, inputs=inputs)
            svgs.append((path, sheet_svg(layout, [t.id for t in chunk], opts.title or "kCaloria cut lines")))
    paper = opts.paper_size
    meta = PdfMeta(title=opts.title or "kCaloria tiles", subject=subject,
                   pagesize=(paper.width, paper.height), invariant=invariant)
    from kcal.core.atomic import OutputTransaction

    with OutputTransaction(inputs=inputs) as tx:  # the PDF parts and the cut files land together, or none
        written = write_pdf(pages, out, meta, inputs=inputs, split_every=split_every,
                            pair=opts.backs or opts.alignment_page, tx=tx)
        for path, text in svgs:
            tx.write_text(path, text)
    files = [*written.files, *(path for path, _ in svgs)]
    return PrintResult(files, written.pages, len(tiles), ctx.report.warnings)


def locator(library: Library) -> Callable[[Tile, str], str | None]:
    """``locate(tile, key)`` -> ``file:line:column`` of that field of the tile in its catalog."""
    index: dict[str, tuple[Any, int]] = {}
    for loaded in library.catalogs:
        for i, tile in enumerate(loaded.catalog.tiles):
            index.setdefault(tile.id, (loaded, i))

    def locate(tile: Tile, key: str) -> str | None:
        hit = index.get(tile.id)
        if hit is None or getattr(hit[0], "doc", None) is None:
            return None
        loaded, i = hit
        path = tuple(int(p) if p.isdigit() else p for p in key.split("."))  # a dotted path: modifiers.1.target
        line, column = loaded.doc.pos(("tiles", i, *path))
        return f"{loaded.doc.path}:{line}:{column}"

    return locate


def _library_inputs(library: Library) -> list[Path]:
    paths: list[Path] = []
    for loaded in library.catalogs:
        paths.append(loaded.path)
        for tile in loaded.catalog.tiles:
            if tile.art:
                paths.append(loaded.folder / tile.art)
    return paths


def render_deck_pdf(deck: str | Path, out: str | Path, *, catalogs: Sequence[str | Path] = (),
                    split_every: int | None = None, invariant: bool = True, cut_svg: bool = False,
                    fonts: tuple[str | Path | None, str | Path | None] = (None, None),
                    only: Sequence[str] = (), copies: int = 1, **options: Any) -> PrintResult:
    """Print every tile of a deck file (repeats included) at true size; ``only`` and ``copies`` choose
    which, as ``print cards`` does (:func:`choose_tiles`): one lost tile, one tile type, the deck twice.

    An illegal deck (``kcal deck validate`` says no) is printed all the same, with one warning per
    problem, first among the warnings: players print proxies and partial decks on purpose, and the
    warning says what a table would refuse (docs/printing.md, "Printing an illegal deck").
    """
    from kcal.games.kcaloria.files.load import load_deck

    loaded = load_deck(deck, extra_catalogs=catalogs)
    tiles = choose_tiles(loaded.tiles(), only, copies, f"the deck {loaded.deck.name!r}")
    options.setdefault("title", loaded.deck.name)
    opts = sheet_options(**options)
    if opts.title == loaded.deck.name:  # the footer names where the deck's name is, should it be shortened
        line, column = loaded.doc.pos(("name",))
        opts = opts._replace(title_where=f"{loaded.doc.path}:{line}:{column}")
    result = render_tiles_pdf(tiles, out, opts, art_dir=loaded.library.catalog_dir, locate=locator(loaded.library),
                              inputs=[loaded.path, *_library_inputs(loaded.library)],
                              split_every=split_every, invariant=invariant, subject=f"deck {loaded.deck.name}",
                              cut_svg=cut_svg, fonts=fonts)
    result.warnings[:0] = legality_warnings(loaded)
    return result


def choose_tiles(tiles: Sequence[Tile], only: Sequence[str], copies: int, where: str) -> list[Tile]:
    """The tiles ``--only`` and ``--copies`` choose, in the order of ``tiles`` (:mod:`kcal.print.selection`,
    as ``print cards``): ``--only NAME`` one of that tile (by its name, common name or id), ``--only TYPE``
    every tile of that type as ``tiles`` has it; all of it ``copies`` times. ``where`` names ``tiles`` in a
    message ("the deck 'Bayou Ambush' has no tile or kind of that name")."""
    from kcal.print.selection import Choice, select_faces

    choices = [Choice(key=t.id, label=t.name, item=t, kind=t.type.value,
                      names=(t.common_name or "", t.id))
               for t in tiles]
    chosen = [c.item for c in select_faces(choices, only, copies, game=where, noun="tile")]
    if len(chosen) > MAX_TILES:
        raise UsageError(f"--copies {copies}: {len(chosen):,} tiles is more than the {MAX_TILES:,} one print "
                         "run takes; print fewer at a time")
    return chosen


def legality_warnings(loaded: LoadedDeck) -> list[str]:
    """One line per reason the deck is not legal (``file:line:column: message``), none for a legal deck."""
    from kcal.games.kcaloria.deck.check import check_deck

    verdict = check_deck(loaded)
    return [f"{loaded.display}:{f.line or 1}:{f.column or 1}: illegal deck, printed anyway: {f.message}"
            for f in verdict.errors]


def render_catalog_pdf(catalogs: Sequence[str | Path] | None, out: str | Path, *,
                       split_every: int | None = None, invariant: bool = True, cut_svg: bool = False,
                       fonts: tuple[str | Path | None, str | Path | None] = (None, None),
                       only: Sequence[str] = (), copies: int = 1, **options: Any) -> PrintResult:
    """Proof sheets: one of each tile of the catalogs (built-in when none), a new sheet per tile type;
    ``only`` and ``copies`` choose which tiles and tile types (:func:`choose_tiles`)."""
    from kcal.games.kcaloria.files.load import load_library

    library = load_library([str(c) for c in catalogs] if catalogs else None, base=Path.cwd())
    by_type: dict[TileType, list[Tile]] = {t: [] for t in TileType}
    for tile in library.tiles:
        by_type[tile.type].append(tile)
    proof = [tile for t in TileType for tile in sorted(by_type[t], key=lambda x: x.id)]
    chosen = choose_tiles(proof, only, copies, "kCaloria")
    groups = [(f"{t.value} ({len(ts)})", ts) for t in TileType if (ts := [x for x in chosen if x.type is t])]
    tiles = [tile for _, ts in groups for tile in ts]
    options.setdefault("title", "Catalog proof: " + ", ".join(c.catalog.set.name for c in library.catalogs))
    opts = sheet_options(**options)
    if library.catalogs and opts.title.startswith("Catalog proof: "):  # the longest set name, should it be shortened
        longest = max(library.catalogs, key=lambda c: len(c.catalog.set.name))

        def where() -> str:  # parsed again only when the footer is shortened
            line, column = longest.doc.pos(("set", "name"))
            return f"{longest.doc.path}:{line}:{column}"

        opts = opts._replace(title_where=where)
    return render_tiles_pdf(tiles, out, opts, art_dir=library.catalog_dir, locate=locator(library),
                            inputs=_library_inputs(library),
                            groups=groups, split_every=split_every, invariant=invariant, subject="catalog proof",
                            cut_svg=cut_svg, fonts=fonts)


def render_cards_pdf(out: str | Path, *, paper: str = "letter", backs: bool = False, flip: str = "long",
                     invariant: bool = True, split_every: int | None = None, only: Sequence[str] = (),
                     copies: int = 1) -> PrintResult:
    """Player-aid cards at poker size (63 x 88 mm): turn, scoring, colours, biomes, modifier glossary;
    ``only`` and ``copies`` choose which (:func:`kcal.print.selection.select_faces`)."""
    from kcal.games.kcaloria.print.aids import all_cards, card_pages
    from kcal.print.selection import select_faces
    from kcal.print.sheets import Face

    cards = {f"aid-{i}": card for i, card in enumerate(all_cards())}
    faces = [Face(key=key, draw=lambda c, box: None, label=card.title, kind="player aid")
             for key, card in cards.items()]
    chosen = [cards[f.key] for f in select_faces(faces, only, copies, game="kCaloria")]
    opts = sheet_options(paper=paper, backs=backs, flip=flip)
    report = Report()
    pages, ncards = card_pages(opts, report, chosen)
    paper_size = opts.paper_size
    meta = PdfMeta(title="kCaloria player aids", pagesize=(paper_size.width, paper_size.height),
                   invariant=invariant)
    written = write_pdf(pages, out, meta, pair=backs, split_every=split_every)
    return PrintResult(written.files, written.pages, ncards, report.warnings)


def render_rulebook_pdf(out: str | Path, *, paper: str = "letter", templates: str | Path | None = None,
                        invariant: bool = True) -> PrintResult:
    """Rulebook sheets rendered from the Jinja2 templates (sandboxed) and the schema's data."""
    from kcal.core.atomic import atomic_output
    from kcal.games.kcaloria.print.rulebook import build_rulebook

    opts = sheet_options(paper=paper)
    report = Report()
    template_dir = Path(templates) if templates else None
    inputs = sorted(template_dir.glob("*.j2")) if template_dir and template_dir.is_dir() else []
    from kcal.print.output import binary_streams, writing
    from kcal.print.rulebook import bounded_draw

    with writing(out), atomic_output(out, inputs=inputs) as tmp, binary_streams():
        pages = bounded_draw(lambda: build_rulebook(str(tmp), opts, report, template_dir, invariant,
                                                    "kCaloria rules"), report)
    return PrintResult([Path(out)], pages, 0, report.warnings)


def render_tile_png(name: str, out: str | Path, *, catalogs: Sequence[str | Path] = (), dpi: int = 200,
                    tile_size: float = DEFAULT_TILE_MM,
                    fonts: tuple[str | Path | None, str | Path | None] = (None, None)) -> PrintResult:
    """A raster preview of one tile (PNG), drawn by the same code as the PDF and rasterised by pdfium."""
    from kcal.games.kcaloria.files.load import load_library
    from kcal.games.kcaloria.print.preview import tile_png_bytes

    if not 36 <= dpi <= 600:
        raise UsageError(f"--dpi must be between 36 and 600, not {dpi}")
    check_tile_size(tile_size)
    library = load_library([str(c) for c in catalogs] if catalogs else None, base=Path.cwd())
    from kcal.core.atomic import check_output_path
    from kcal.print.fonts import font_inputs

    inputs = [*_library_inputs(library), *font_inputs(fonts)]
    check_output_path(out, inputs=inputs)
    require_suffix(out, ".png")
    from kcal.games.kcaloria.catalog import find_tile

    tile = find_tile(library, name)  # the printed name, the id or a unique common name
    report = Report()
    from kcal.print.fonts import override

    with override(*fonts):
        data = tile_png_bytes(tile, library.catalog_dir, report, dpi=dpi, tile_size=tile_size,
                              locate=locator(library))
    from kcal.core.atomic import atomic_write_bytes

    target = atomic_write_bytes(out, data, inputs=inputs)
    return PrintResult([Path(target)], 1, 1, report.warnings)


def render_alignment_pdf(out: str | Path, *, paper: str = "letter", flip: str = "long",
                         back_offset: tuple[float, float] = (0.0, 0.0), invariant: bool = True) -> PrintResult:
    """The duplex alignment test sheet alone: print it double-sided, read the drift, pass --back-offset."""
    from kcal.print.sheets import alignment_pages

    opts = sheet_options(paper=paper, flip=flip, back_offset=back_offset)
    size = opts.paper_size
    meta = PdfMeta(title="kCaloria duplex alignment test", pagesize=(size.width, size.height), invariant=invariant)
    written = write_pdf(alignment_pages(opts), out, meta, pair=True)
    return PrintResult(written.files, written.pages, 0, [])


def print_cards(output: Path, *, paper: str, backs: bool, flip: str, bleed: float, split: int | None,
                size: str, back_offset: tuple[float, float], gutter: float, catalog: Path | None,
                cut_lines: bool, crop_marks: bool, alignment_page: bool, cut_svg: bool,
                fonts: tuple[Path | None, Path | None], only: Sequence[str] = (), copies: int = 1) -> Any:
    """The player-aid cards; the options they cannot honour are a usage error naming each of them."""
    asked = [name for name, used in (
        ("--bleed", bleed != 0), ("--size", size.strip().lower() != "poker"), ("--gutter", gutter != 0),
        ("--back-offset", tuple(back_offset) != (0.0, 0.0)), ("--alignment-page", alignment_page),
        ("--no-cut-lines", not cut_lines), ("--no-crop-marks", not crop_marks), ("--cut-svg", cut_svg),
        ("--font", any(f is not None for f in fonts)), ("--card-set", catalog is not None)) if used]
    if asked:
        raise UsageError(f"{', '.join(asked)}: kCaloria's player-aid cards print at poker size without bleed; "
                         "these options are for a card game's own cards (--game ID)")
    return render_cards_pdf(output, paper=paper, backs=backs, flip=flip, split_every=split, only=only,
                            copies=copies)


def print_rulebook(output: Path, *, paper: str, templates: Path | None, catalog: Path | None) -> Any:
    """The rule sheets from the pack's templates (or ``--templates``) and its modifier registry."""
    if catalog is not None:
        raise UsageError("--card-set is for the card games' own sets; kCaloria's rulebook reads its schema")
    return render_rulebook_pdf(output, paper=paper, templates=templates)


def export_cards(source: Path | None, *, size: str | None, bleed: float) -> Any:
    """The tiles to export (``kcal export tts|png``): a deck's tiles, copies included, as one deck; without
    a deck, one of each tile of the built-in catalogs, a deck per tile type. ``size``: the width across
    the flats in millimetres (default 64)."""
    from dataclasses import replace

    from kcal.games.kcaloria.files.load import load_deck, load_library
    from kcal.games.kcaloria.print.tiles import tile_face
    from kcal.print.export import ExportSet

    tile_mm = DEFAULT_TILE_MM
    if size is not None:
        try:
            tile_mm = float(size)
        except ValueError:
            raise UsageError(f"--size {size!r}: kCaloria's tiles take a width across the flats in millimetres, "
                             "such as 64") from None
    if source is not None:
        loaded = load_deck(source)
        library = loaded.library
        groups: list[tuple[str, Sequence[Tile]]] = [(loaded.deck.name, loaded.tiles())]
        inputs = [loaded.path, *_library_inputs(library)]
        title, warnings = loaded.deck.name, legality_warnings(loaded)
        where = f"the deck {loaded.deck.name!r}"
    else:
        library = load_library(None, base=Path.cwd())
        by_type: dict[TileType, list[Tile]] = {t: [] for t in TileType}
        for tile in library.tiles:
            by_type[tile.type].append(tile)
        groups = [(f"{t.value} tiles", sorted(ts, key=lambda x: x.id)) for t, ts in by_type.items() if ts]
        inputs, title, warnings = _library_inputs(library), "kCaloria tiles", []
        where = "kCaloria's catalogs"
    if sum(len(ts) for _, ts in groups) > MAX_TILES:
        raise KcalError(f"more than the {MAX_TILES:,} tiles one export takes; export fewer at a time")
    opts = sheet_options(tile_size=tile_mm, bleed=bleed, title=title)
    report = Report()
    ctx = RenderContext(report=report, art_dir=library.catalog_dir, locate=locator(library))
    geom = opts.geometry
    # a face is named by its id in cut files; an exported picture by its id and name ("ETPW-001 Bayou"),
    # and ``--only`` finds it as print deck does: by its name, common name or id, or its tile type
    face_groups = [(label, [replace(tile_face(t, geom, ctx), label=f"{t.id} {t.name}", kind=t.type.value,
                                    names=(t.name, t.common_name or "", t.id)) for t in ts])
                   for label, ts in groups]
    return ExportSet("kcaloria", title, face_groups, opts, inputs, [*warnings, *report.warnings], noun="tile",
                     where=where)
