"""One vocabulary for every command's options: each idea has one spelling (docs/cli.md, "One vocabulary").

:data:`OPTIONS` is the table: every long option a kcal command may have, and what it means. A short
option stands for one long option everywhere (:data:`SHORT`). :data:`SECOND_SPELLINGS` are the other
words for those ideas that kcal had, or that a new option might bring back; ``tests/cli/test_vocabulary.py``
walks the whole command tree (the packs' commands included) and fails on an option missing from the
table, on a second spelling, and on a short option that means two things.

Old spellings keep working for one release as hidden, warned aliases (:data:`DEPRECATED`):
:func:`rewrite` turns them into the new spelling before the command line is parsed, and says so on
stderr. No command declares them, so ``--help`` and the tree show one spelling per idea.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

#: every long option, and the idea it names (the table of docs/cli.md)
OPTIONS: dict[str, str] = {
    # what every command shares
    "--format": "text for people, json for tools (one document on stdout)",
    "--game": "the game, by its id (kcal games lists them); files name theirs with 'game:'",
    "--output": "the file to write",
    "--force": "replace an existing file kcal did not write (never one of the command's inputs)",
    "--help": "the command's help",
    "--version": "kcal's version",
    "--install-completion": "install shell completion",
    "--show-completion": "print the shell completion script",
    # card data
    "--catalog": "an extra catalog file to load (repeatable)",
    "--no-builtin": "leave out the built-in catalogs",
    "--card-set": "a card-set file to use instead of the game's built-in set",
    "--strict": "treat warnings as errors",
    "--exit-code": "exit 1 when the result differs",
    "--name": "a name: the deck's (deck import), or part of a card's (catalog list)",
    "--deck-format": "the deck's format: standard or solo",
    # catalog list filters
    "--type": "filter: card type",
    "--class": "filter: classification",
    "--rarity": "filter: rarity",
    "--biome": "filter: biome or habitat",
    "--modifier": "filter: modifier",
    "--cost": "filter: a colour some cost uses",
    "--colour": "filter: card colour",
    # simulation
    "--seed": "the master seed; every game's and hand's seed derives from it",
    "--games": "how many games to play",
    "--hands": "how many opening hands to simulate",
    "--turns": "how many turns",
    "--solo-games": "how many solo games (deck report)",
    "--players": "how many players",
    "--bots": "the bots: one for every seat, or one per seat (comma-separated or repeated)",
    "--variant": "a rule variant of the game",
    "--option": "a game option KEY=VALUE (KEY=V1,V2 sweeps it)",
    "--limit": "shorthand for --option limit=VALUE[,VALUE...]",
    "--save-game": "save game K of a run as a game record",
    "--jobs": "worker processes (the output is the same for any number)",
    "--backend": "where the games run: local or dask",
    "--scheduler": "the Dask scheduler's address (with --backend dask)",
    "--quiet": "no progress bar",
    "--minutes": "a lab run's time limit: no new game starts after M minutes (0: none)",
    # the balance lab
    "--chart": "also draw the result as a chart (.png or .svg)",
    "--correction": "correct for the number of cards compared: holm (family-wise) or bh (false discovery rate)",
    "--patch": "a what-if patch: card changes and rule parameters (YAML)",
    "--runs": "how many runs of a lab command to repeat (balance calibrate: what-ifs of each kind)",
    "--effect": "the change a test looks for, as a share (0.05: a win rate moved by 5 points)",
    "--param": "a declared rule parameter and its range, NAME=A:B:STEP",
    "--gauntlet": "a deck to beat (deck build; repeatable)",
    "--features": "the two deck features of deck build's map (A,B)",
    "--bins": "cells along each axis of deck build's map",
    "--evaluations": "candidate decks deck build evaluates (its budget)",
    # replays and pictures
    "--svg": "also draw the table as an SVG picture, to this file",
    "--png": "also write a PNG picture, to this file",
    "--html": "also write a self-contained step-by-step page, to this file",
    "--upto": "draw the table after N moves",
    "--coords": "write each cell's coordinates on the pictures",
    "--example": "an example record the game ships, by name (kcal rules examples lists them)",
    # playing at a table (kcal play)
    "--seat": "a seat a person takes at the table (repeatable)",
    "--start": "a game record (or a start: position) the table goes on from",
    "--host": "the address the table listens on (default 127.0.0.1: this machine only)",
    "--port": "the port the table listens on",
    "--open": "open the table in the browser (--no-open: leave the browser alone)",
    "--data": "the folder of the table database",
    "--list": "list the saved tables",
    "--resume": "resume a saved table, by its id",
    "--pace": "seconds between bot moves at the table",
    # printing
    "--paper": "paper size: letter or a4",
    "--size": "the printed size of a face: a card size (poker, WxH) or a hex tile's width across the flats",
    "--bleed": "bleed around each face, in millimetres (0: none)",
    "--backs": "add a back page after each front page, mirrored for duplex",
    "--flip": "the printer's duplex flip edge: long or short",
    "--back-offset": "move the backs by X,Y millimetres to cancel printer drift",
    "--gutter": "extra space between cards, in millimetres",
    "--split": "a new file every N pages",
    "--alignment-page": "start with a duplex alignment test sheet",
    "--cut-lines": "draw cut lines (--no-cut-lines: none)",
    "--crop-marks": "draw crop marks (--no-crop-marks: none)",
    "--cut-svg": "also write each sheet's cut lines as SVG for a cutting machine",
    "--font": "a TrueType font to print with",
    "--bold-font": "the bold face to go with --font",
    "--templates": "a folder of your own Jinja2 templates",
    "--dpi": "resolution of a PNG",
    "--only": "print or export only this card or tile (one of it) or this kind of card or tile (repeatable)",
    "--copies": "print what was chosen N times",
    "--shop": "a print shop's preset: its exact picture size, bleed, safe area and colour mode",
    "--cmyk-profile": "the CMYK ICC profile for a shop that takes CMYK",
}

#: the one long option each short option stands for, in every command that has it
SHORT: dict[str, str] = {
    "-o": "--output", "-f": "--format", "-g": "--game", "-c": "--catalog", "-s": "--seed", "-j": "--jobs",
    "-q": "--quiet", "-n": "--games", "-b": "--bots", "-p": "--players", "-O": "--option", "-t": "--type",
    "-r": "--rarity", "-m": "--modifier", "-h": "--help",
    "-e": "--example",
}

#: other words for ideas the table names once: never an option of any command (the test checks)
SECOND_SPELLINGS: dict[str, str] = {
    "--out": "--output", "--record": "--output", "--output-file": "--output", "--overwrite": "--force",
    "--replace": "--force", "--bot": "--bots", "--bleed-size": "--bleed", "--bleed-mm": "--bleed",
    "--tile-size": "--size", "--card-size": "--size", "--color": "--colour", "--dask-address": "--scheduler",
    "--address": "--scheduler", "--pack": "--game", "--games-count": "--games", "--n-games": "--games",
    "--worker": "--jobs", "--workers": "--jobs", "--processes": "--jobs", "--paper-size": "--paper",
    "--catalogs": "--catalog", "--player": "--players", "--rounds": "--games", "--json": "--format",
    "--card": "--only", "--cards": "--only", "--kind": "--only", "--count": "--copies", "--sets": "--copies",
}

#: the bleed a bare ``--bleed`` (the old switch of ``print deck`` and ``print catalog``) stands for, in mm
OLD_BLEED_MM = "3"


class Alias(NamedTuple):
    """An old spelling that still works in ``commands`` for one release, with a warning."""

    old: str
    new: str
    commands: tuple[str, ...]


#: old spellings, by the commands (``group command``) they were options of; removed in the next release
DEPRECATED: tuple[Alias, ...] = (
    Alias("--bleed-size", "--bleed", ("print deck", "print catalog")),
    Alias("--tile-size", "--size", ("print deck", "print catalog", "print tile")),
    Alias("--card-size", "--size", ("print cards",)),
    Alias("--bot", "--bots", ("sim match", "sim solo", "deck hand", "deck report")),
    Alias("--record", "--output", ("sim match", "sim solo")),
    Alias("--out", "--output", ("deck report", "deck build")),
    Alias("--dask-address", "--scheduler", ("sim match", "sim solo", "sim goldfish")),
    Alias("--color", "--colour", ("catalog list",)),
    Alias("-n", "--hands", ("sim goldfish",)),
    Alias("-n", "--name", ("catalog list",)),
    Alias("-b", "--biome", ("catalog list",)),
    Alias("-t", "--turns", ("deck hand",)),
)

#: commands whose ``--bleed`` takes millimetres and was a switch in some of them before
_BLEED_COMMANDS = ("print deck", "print catalog", "print cards")
#: the switch ``deck report --png`` (a PNG beside the PDF) now names its file
_PNG_COMMANDS = ("deck report",)
_NUMBER = re.compile(r"[0-9.]")


def command_of(argv: Sequence[str], groups: Callable[[str], bool]) -> tuple[str, int]:
    """``("group command", index of the first word after it)`` of a command line (``groups(name)``: whether
    ``name`` is a group with commands); ``("", 0)`` when there is none."""
    words = [(i, w) for i, w in enumerate(argv) if not w.startswith("-")]
    if not words:
        return "", 0
    i, group = words[0]
    if not groups(group):
        return group, i + 1
    if len(words) < 2:
        return group, i + 1
    j, name = words[1]
    return f"{group} {name}", j + 1


def _png_beside(words: Sequence[str]) -> str | None:
    """The PDF's name with ``.png``, from ``-o/--output`` on the command line (None: not given)."""
    for k, word in enumerate(words):
        if word in ("-o", "--output", "--out") and k + 1 < len(words):
            return re.sub(r"\.[A-Za-z]+$", "", words[k + 1]) + ".png"
        if word.startswith("--output="):
            return re.sub(r"\.[A-Za-z]+$", "", word.split("=", 1)[1]) + ".png"
    return None


def rewrite(argv: Sequence[str], command: str, start: int, warn: Callable[[str], None]) -> list[str]:
    """The command line with every old spelling of ``command`` (from ``start`` on) in the new one; each
    old spelling used is named once through ``warn``."""
    aliases = {a.old: a.new for a in DEPRECATED if command in a.commands}
    out = list(argv[:start])
    said: set[str] = set()
    words = list(argv[start:])
    for k, word in enumerate(words):
        if word == "--":
            out.extend(words[k:])
            break
        old, eq, value = word.partition("=") if word.startswith("--") else (word, "", "")
        new = aliases.get(old)
        if new is not None:
            if old not in said:
                warn(f"{old} is now {new} (kcal {command}); the old spelling goes in the next release")
                said.add(old)
            out.append(new + eq + value)
            continue
        out.append(word)
        after = words[k + 1] if k + 1 < len(words) else None
        bare = after is None or after.startswith("-")
        if word == "--png" and command in _PNG_COMMANDS and bare:
            beside = _png_beside(words)
            if beside is not None:
                warn(f"--png takes the PNG's name now: a bare --png means --png {beside} (beside the PDF)")
                out.append(beside)
        if word == "--bleed" and command in _BLEED_COMMANDS:
            if after is None or not _NUMBER.match(after):
                warn(f"--bleed takes millimetres now: a bare --bleed means --bleed {OLD_BLEED_MM} (the old "
                     f"default); write --bleed {OLD_BLEED_MM}")
                out.append(OLD_BLEED_MM)
    return out
