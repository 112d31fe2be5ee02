"""Command functions for ``kcal deck import|diff|stats`` (registered on the deck app by ``cli/deck.py``).

Each is a plain function with Typer defaults: it parses options, calls one library function from
the pack's ``commands`` hook, and renders the plain-data result as text or JSON.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from enum import Enum
from pathlib import Path

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, guarded, tools
from kcal.cli.complete import complete_bot


class DeckFormat(str, Enum):
    standard = "standard"
    solo = "solo"


CatalogOption = typer.Option(
    None, "--catalog", "-c", help="An extra catalog file to resolve names against (repeatable).",
    metavar="PATH",
)


# --- import ---------------------------------------------------------------------------------------


def import_(
    source: Path = typer.Argument(..., help="A tile list: '4 Bayou', '4x Bayou' or 'Bayou x4' per line, or a "
                                            "Moxfield or Archidekt export (section headers, '1x Bayou (ETPW) "
                                            "001 [Water]'); '#' and '//' start comments; '-' reads standard "
                                            "input. Sideboard sections are reported, not added.",
                                  show_default=False, metavar="LIST"),
    output: Path | None = typer.Option(None, "--output", "-o", metavar="PATH",
                                       help="Deck file to write (default: LIST with .yaml); '-' prints it.",
                                       show_default=False),
    name: str | None = typer.Option(None, "--name", help="Deck name (default: from the file name).",
                                    show_default=False),
    deck_format: DeckFormat = typer.Option(DeckFormat.standard, "--deck-format",
                                           help="The deck's format: standard or solo."),
    catalogs: list[Path] | None = CatalogOption,
    no_builtin: bool = typer.Option(False, "--no-builtin",
                                    help="Resolve names against the --catalog files only."),
    force: bool = typer.Option(False, "--force", help="Replace an existing output file."),
    fmt: OutputFormat = FormatOption,
) -> None:
    """Turn a tile list (text, Moxfield, Archidekt) into deck YAML.

    Never over an existing file without --force.
    """
    from kcal.core.atomic import atomic_write_text, check_output_path
    from kcal.core.errors import UsageError
    with guarded():
        t = tools(None, None, "deck import")
        MAX_LIST_BYTES, STDIN, import_deck = t.MAX_LIST_BYTES, t.STDIN, t.import_deck
        BUILTIN, _display, load_library = t.BUILTIN, t._display, t.load_library
        from_stdin = str(source) == STDIN
        to_stdout = output is not None and str(output) == "-"
        target = _import_target(source, output, fmt, from_stdin, to_stdout)
        # the list and the catalogs: never overwritten, even with --force
        inputs = [*([] if from_stdin else [source]), *(catalogs or [])]
        if target is not None:  # refuse early, before any work, when the output is not writable
            check_output_path(target, inputs=inputs, force=force)
        if no_builtin and not catalogs:
            raise UsageError("--no-builtin needs at least one --catalog PATH")
        builtin = [] if no_builtin else [BUILTIN]
        library = load_library([*builtin, *(catalogs or [])], base=Path.cwd())
        deck_catalogs = _deck_catalogs(builtin, catalogs, target)
        raw = sys.stdin.buffer.read(MAX_LIST_BYTES + 1) if from_stdin else None
        result = import_deck(source, library, name=name, format=deck_format.value, catalogs=deck_catalogs,
                             display="<stdin>" if from_stdin else _display(source), raw=raw)
        if target is not None:
            atomic_write_text(target, result.text, inputs=inputs, force=force)
    data = {"output": str(target) if target is not None else None, **result.to_dict()}
    if to_stdout:
        sys.stdout.write(result.text)
        for note in result.notes:
            typer.echo(f"note: {note}", err=True)
        return
    emit({**data, "yaml": result.text}, fmt, _import_text)


def _import_target(source: Path, output: Path | None, fmt: OutputFormat, from_stdin: bool,
                   to_stdout: bool) -> Path | None:
    """Where ``deck import`` writes (None: standard output); the combinations that cannot work refused."""
    from kcal.core.errors import UsageError

    if to_stdout and fmt is OutputFormat.json:
        raise UsageError("--output - prints the deck YAML on stdout; it cannot go with --format json")
    if from_stdin and output is None:
        raise UsageError("reading the list from standard input: name the deck file with -o PATH "
                         "(or -o - to print it)")
    return None if to_stdout else (output if output is not None else source.with_suffix(".yaml"))


def _deck_catalogs(builtin: list[str], catalogs: list[Path] | None, target: Path | None) -> list[str] | None:
    """The deck's ``catalogs:``: the --catalog files relative to the deck file written (None: none given)."""
    if not catalogs:
        return None
    base = (target.parent if target is not None else Path.cwd()).resolve()
    return builtin + [Path(os.path.relpath(c.resolve(), base)).as_posix() for c in catalogs]


def _import_text(d: dict) -> str:
    lines = [f"wrote {d['output']}: {d['name']!r}, {d['tiles']} tiles, {d['distinct']} names"]
    lines += [f"note: {n}" for n in d["notes"]]
    return "\n".join(lines)


# --- diff -----------------------------------------------------------------------------------------


def diff(
    a: Path = typer.Argument(..., help="The deck before.", show_default=False, metavar="A"),
    b: Path = typer.Argument(..., help="The deck after.", show_default=False, metavar="B"),
    catalogs: list[Path] | None = CatalogOption,
    exit_code: bool = typer.Option(False, "--exit-code", help="Exit 1 when the decks differ."),
    fmt: OutputFormat = FormatOption,
) -> None:
    """Show tile count changes from deck A to deck B.

    Names are compared case-insensitively.
    """
    with guarded():
        t = tools(None, a, "deck diff")
        extra = list(catalogs or [])
        result = t.diff_decks(t.load_deck(a, extra), t.load_deck(b, extra))
    emit(result.to_dict(), fmt, _diff_text)
    if exit_code and not result.identical:
        raise typer.Exit(1)


def _diff_text(d: dict) -> str:
    t = d["tiles"]
    lines = [f"--- {d['a']} ({t['a']} tiles)", f"+++ {d['b']} ({t['b']} tiles)"]
    if d["identical"]:
        lines.append("no changes")
        return "\n".join(lines)
    rows = ([("+", r["name"], f"{r['count']}", "") for r in d["added"]]
            + [("-", r["name"], f"{r['count']}", "") for r in d["removed"]]
            + [("~", r["name"], f"{r['from']} -> {r['to']}", f"({r['delta']:+d})") for r in d["changed"]])
    width = max(len(r[1]) for r in rows)
    for sign, name, count, delta in rows:
        lines.append(f"{sign} {name.ljust(width)}  {count} {delta}".rstrip())
    tot = d["totals"]
    lines.append(f"{len(d['added'])} added (+{tot['added']}), {len(d['removed'])} removed "
                 f"(-{tot['removed']}), {len(d['changed'])} changed (+{tot['increased']} "
                 f"-{tot['decreased']}), {d['unchanged']} unchanged; tiles {t['a']} -> {t['b']} "
                 f"({t['delta']:+d})")
    return "\n".join(lines)


# --- stats ----------------------------------------------------------------------------------------


def stats(
    deck: Path = typer.Argument(..., help="A deck file.", show_default=False, metavar="DECK"),
    catalogs: list[Path] | None = CatalogOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Count a deck's tiles by type, colour, rarity and more.

    By type, colour, rarity, biome, class and modifier; total costs and yields.
    """
    with guarded():
        t = tools(None, deck, "deck stats")
        result = t.deck_stats(t.load_deck(deck, list(catalogs or [])))
    emit(result, fmt, lambda d: _stats_text(d, t.biome_label))


def _stats_text(d: dict, biome_label: Callable[[str], str]) -> str:
    def block(title: str, counts: dict[str, int], label: Callable[[str], str] = str) -> list[str]:
        if not counts:
            return [f"{title}: none"]
        width = max(len(label(k)) for k in counts)
        return [f"{title}:"] + [f"  {label(k).ljust(width)}  {v:>3}" for k, v in counts.items()]

    lines = [f"{d['name']} ({d['deck']}): {d['tiles']} tiles, {d['distinct']} names, "
             f"format {d['format']}, hash {d['hash']}"]
    lines += block("by type", d["by_type"])
    lines += block("by colour", d["by_color"])
    lines += block("by rarity", d["by_rarity"])
    lines += block("by class", d["by_class"])
    lines += block("by biome", d["by_biome"], biome_label)
    lines += block("by modifier", d["by_modifier"])
    colours = list(d["yield"])
    width = max(len(c) for c in colours)
    lines.append("kCalories:".ljust(width + 2) + "  cost(cheapest)  cost(all alts)  payable  yield")
    for c in colours:
        lines.append(f"  {c.ljust(width)}  {d['cost_cheapest'][c]:>14}  {d['cost_all_alternatives'][c]:>14}"
                     f"  {d['payable_with'][c]:>7}  {d['yield'][c]:>5}")
    lines.append(f"free tiles {d['free_tiles']}; mean cost {d['mean_cost']:.2f} cubes "
                 f"({d['mean_cost_points']:.2f} points); mean yield {d['mean_yield']:.2f}; "
                 f"yield points {d['yield_points']}")
    return "\n".join(lines)


# --- hand -----------------------------------------------------------------------------------------


def hand(
    deck: Path = typer.Argument(..., help="A deck file.", show_default=False, metavar="DECK"),
    seed: int = typer.Option(0, "--seed", "-s", min=0, metavar="N", help="Seed of the shuffle (and of the bot)."),
    turns: int = typer.Option(3, "--turns", "-t", min=1, max=10, metavar="N", help="Turns to play after the deal."),
    bot: str = typer.Option("greedy", "--bot", "-b", metavar="BOT", autocompletion=complete_bot,
                            help="Bot that picks each turn's move: greedy, random or lookahead."),
    catalogs: list[Path] | None = CatalogOption,
    fmt: OutputFormat = FormatOption,
) -> None:
    """Deal a sample opening hand and show what turns 1-3 can play.

    The opening 7 after the Setup's reshuffles, then each turn: the hand, the tiles with a legal
    placement (on how many cells), the bot's move and the draw. The same seed gives the same hand.
    """
    with guarded():
        t = tools(None, deck, "deck hand")
        loaded = t.load_deck(deck, list(catalogs or []))
        result = t.sample_hand(t.playable_tiles(loaded), seed=seed, turns=turns, bot=bot,
                               deck_name=loaded.deck.name)
    emit({"file": loaded.display, **result}, fmt, t.hand_text)
