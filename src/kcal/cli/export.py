"""``kcal export``: cards for playtesting online and for print-on-demand shops (:mod:`kcal.print.export`).

``export tts`` writes Tabletop Simulator deck sheets and a saved object; ``export png`` one PNG per card
at 300 dpi with the print shops' 3 mm bleed. Both take a game's faces from its ``print`` hook
(``export_cards``), so what is exported is what ``kcal print`` prints. ReportLab, pdfium and Pillow load
inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from kcal.cli.common import ForceOption as ForceOption
from kcal.cli.common import FormatOption, GameOption, OutputFormat, emit, guarded, pack_of, writing
from kcal.cli.sim import QuietOption as QuietOption

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None)

SourceArgument = typer.Argument(None, metavar="[DECK]", show_default=False,
                                help="kCaloria: a deck file (default: one of each tile). A card game: a card-set "
                                "file (default: its built-in set).")
FolderOption = typer.Option(..., "--output", "-o", metavar="DIR",
                            help="Folder to write into (made if missing; kcal replaces its own earlier files, "
                            "anything else only with --force).")
OnlyOption = typer.Option([], "--only", metavar="NAME|KIND",
                          help="Export only this card or tile (by any of its names) or this kind of card or tile "
                               "(as the set or deck has it); repeatable, as kcal print takes it.")
SizeOption = typer.Option(None, "--size", metavar="SIZE",
                          help="Card size (poker, bridge, tarot, mini, square or WxH mm; default poker) or a "
                          "kCaloria tile's width across the flats in mm (default 64).")


@app.callback()
def _export() -> None:
    """Export cards for Tabletop Simulator and print-on-demand shops."""


def _export_set(game: str | None, source: Path | None, size: str | None, bleed: float, only: list[str]) -> Any:
    from kcal.core.errors import UsageError
    from kcal.print.options import MAX_BLEED_MM, check_length

    bleed = check_length(bleed, "--bleed", MAX_BLEED_MM)
    pack = pack_of(game, source)
    hook = pack.hook("print")
    if not hasattr(hook, "export_cards"):
        raise UsageError(f"{pack.info.name} ({pack.id}) has no cards to export")
    return hook.export_cards(source, size=size, bleed=bleed).only(only)


def _shop_set(shop_name: str, game: str | None, source: Path | None, size: str | None, bleed: float | None,
              dpi: int | None, only: list[str], cmyk_profile: Path | None) -> tuple[Any, Any, Any, int]:
    """``--shop NAME``: the shop, the faces at its card size and bleed, its CMYK converter (CMYK shops),
    its dpi. The shop sets the size, the bleed and the resolution; giving them too is refused."""
    from kcal.core.errors import UsageError
    from kcal.print.shops import CmykConverter, get_shop
    from kcal.print.shops import cmyk_profile as find_profile

    shop = get_shop(shop_name)
    given = [o for o, v in (("--size", size), ("--bleed", bleed), ("--dpi", dpi)) if v is not None]
    if given:
        raise UsageError(f"--shop {shop.id} sets the card size, bleed and resolution; leave out {', '.join(given)}")
    try:
        export = _export_set(game, source, shop.card_size, shop.bleed_mm, only)
    except UsageError:
        if _export_set(game, source, None, 0.0, only).opts.card is None:
            raise UsageError(f"--shop {shop.id}: a shop preset is a poker card, and this game's faces are "
                             "hexagonal tiles (use --size and --bleed)") from None
        raise
    cmyk = CmykConverter(find_profile(cmyk_profile)) if shop.colour == "CMYK" else None
    if shop.colour != "CMYK" and cmyk_profile is not None:
        raise UsageError(f"--cmyk-profile: {shop.name} takes RGB pictures")
    return shop, export, cmyk, shop.dpi


def _run(kind: str, game: str | None, source: Path | None, output: Path, size: str | None, bleed: float | None,
         dpi: int | None, only: list[str], quiet: bool, force: bool, fmt: OutputFormat, shop_name: str | None = None,
         cmyk_profile: Path | None = None) -> None:
    from kcal.print import export as ex
    from kcal.sim.progress import Progress, wanted

    with guarded(), writing(force):
        shop = cmyk = None
        if shop_name is not None:
            shop, export, cmyk, dpi = _shop_set(shop_name, game, source, size, bleed, dpi, only, cmyk_profile)
        else:
            if cmyk_profile is not None:
                from kcal.core.errors import UsageError

                raise UsageError("--cmyk-profile goes with --shop (a shop that takes CMYK)")
            dpi = dpi if dpi is not None else (ex.DEFAULT_TTS_DPI if kind == "tts" else ex.DEFAULT_PNG_DPI)
            bleed = bleed if bleed is not None else (0.0 if kind == "tts" else ex.DEFAULT_EXPORT_BLEED_MM)
            ex.check_dpi(dpi)
            export = _export_set(game, source, size, bleed, only)
        with ex.output_folder(output, export.inputs) as folder:  # made here, and removed again if the export fails
            faces = export.faces
            total = len({f.key for f in faces}) + len({f.back_key for f in faces if f.back is not None})
            show = wanted(quiet=quiet, json_out=fmt is OutputFormat.json)
            with Progress(total, "cards drawn", enabled=show) as bar:
                if kind == "tts":
                    result = ex.export_tts(export, folder, dpi=dpi, on_done=bar.update)
                else:
                    result = ex.export_png(export, folder, dpi=dpi, on_done=bar.update, shop=shop, cmyk=cmyk)
        emit(result, fmt, lambda d: _text(kind, d))


def _text(kind: str, d: dict[str, Any]) -> str:
    from kcal.core.plural import count
    from kcal.core.text import shown_path

    lines = [f"warning: {w}" for w in d["warnings"]]
    folder = shown_path(Path(d["files"][0]).parent) if d["files"] else "."
    if kind == "tts":
        decks = ", ".join(f"{x['deck']} ({x['cards']})" for x in d["decks"])
        lines.append(f"wrote {count(len(d['files']), 'file')} to {folder}: {count(len(d['sheets']), 'sheet')} at "
                     f"{d['dpi']} dpi; decks: {decks}")
        lines.append(f"load {shown_path(d['saved_object'])} in Tabletop Simulator (copy it to Saves/Saved Objects)")
    else:
        copies = sum(c["copies"] for c in d["cards"])
        lines.append(f"wrote {count(len(d['files']), 'file')} to {folder}: {count(len(d['cards']), 'card face')} "
                     f"({count(copies, 'card')}), "
                     f"{d['pixels'][0]} x {d['pixels'][1]} px at {d['dpi']} dpi with {d['bleed_mm']:g} mm bleed, "
                     f"{d['colour']}")
        if d["shop"]:
            s = d["shop"]
            x0, y0, x1, y1 = s["safe_box"]
            lines.append(f"for {s['name']}: {s['bleed_px']} px bleed; keep text inside the safe area, pixels {x0}-{x1} "
                         f"across and {y0}-{y1} down" + (f"; CMYK through {s['cmyk_profile']}" if s.get("cmyk_profile")
                                                         else ""))
    return "\n".join(lines)


@app.command("tts")
def tts_cmd(
    source: Path | None = SourceArgument,
    game: str | None = GameOption,
    output: Path = FolderOption,
    size: str | None = SizeOption,
    bleed: float | None = typer.Option(None, "--bleed", metavar="MM", show_default=False,
                                       help="Bleed around each card in millimetres (default 0: Tabletop Simulator "
                                            "shows the card to its edge)."),
    dpi: int | None = typer.Option(None, "--dpi", show_default=False,
                                   help="Resolution of the sheets (default 150, lowered to keep a 10 x 7 sheet "
                                        "within 4,096 pixels)."),
    only: list[str] = OnlyOption,
    quiet: bool = QuietOption,
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Tabletop Simulator deck sheets and a saved object.

    Sheets of at most 10 x 7 cards (the last slot shows a hidden card), one back picture per back, and
    one saved-object JSON with a deck per deck of the game, naming the pictures by file URL. Exit 2 on bad
    input.
    """
    _run("tts", game, source, output, size, bleed, dpi, only, quiet, force, fmt)


@app.command("png")
def png_cmd(
    source: Path | None = SourceArgument,
    game: str | None = GameOption,
    output: Path = FolderOption,
    size: str | None = SizeOption,
    bleed: float | None = typer.Option(None, "--bleed", metavar="MM", show_default=False,
                                       help="Bleed around each card in millimetres (default 3, what print shops "
                                            "ask for)."),
    dpi: int | None = typer.Option(None, "--dpi", show_default=False, help="Resolution of the pictures "
                                   "(default 300)."),
    only: list[str] = OnlyOption,
    shop: str | None = typer.Option(None, "--shop", metavar="NAME", show_default=False,
                                    help="A print shop's preset: drivethrucards, makeplayingcards or thegamecrafter "
                                         "(its poker card's exact pixels, bleed and safe area; CMYK TIFF for "
                                         "DriveThruCards, RGB PNG otherwise)."),
    cmyk_profile: Path | None = typer.Option(None, "--cmyk-profile", metavar="FILE.icc", show_default=False,
                                             help="The CMYK ICC profile for a shop that takes CMYK (default: "
                                                  "Ghostscript's, from Debian's libgs-common)."),
    quiet: bool = QuietOption,
    force: bool = ForceOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """One PNG per card face and back, for print-on-demand uploads.

    Named by card, at the card's size plus bleed (poker 63 x 88 mm with 3 mm bleed by default; kCaloria's
    hex tiles at their size). kcal draws in RGB; --shop gives a shop's exact pictures (CMYK TIFF where the
    shop asks for CMYK). Exit 2 on bad input.
    """
    _run("png", game, source, output, size, bleed, dpi, only, quiet, force, fmt, shop, cmyk_profile)
