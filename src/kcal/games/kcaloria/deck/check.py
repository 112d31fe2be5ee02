"""Deck legality and advice: ``kcal deck validate``.

Legality (errors, exit 1) comes from the deck's format (:mod:`kcal.games.kcaloria.deck.formats`): the size, the copy
limit, names that no loaded catalog knows. Advice (warnings, each with a code) comes from the table
:data:`ADVISORS`: one function per piece of advice, each looking at the resolved deck.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.text import shown
from kcal.games.kcaloria.deck.formats import deck_format
from kcal.games.kcaloria.files.cardset import Tile, format_amounts
from kcal.games.kcaloria.files.load import LoadedDeck, load_deck
from kcal.games.kcaloria.rules.domain import CUBE_SUPPLY, HAND_SIZE, Biome, Color, Klass, TileType, fold_name
from kcal.games.kcaloria.sim.exact import expected_reshuffles, p_none

#: Neighbours a hex has: a cost is paid from at most this many tiles.
MAX_SOURCES = 6
#: Unknown names that get a did-you-mean; the rest are listed plainly.
MAX_SUGGESTIONS = 50
#: Modifiers that hurt the board they are played on: out of place in a solo deck.
HOSTILE_MODIFIERS = frozenset(
    {"remove", "pesticide", "fish_hazard", "destructive", "poor_water_quality", "barricade", "inedible"}
)


@dataclass
class Finding:
    code: str
    message: str
    line: int | None = None
    column: int | None = None


@dataclass
class DeckReport:
    deck: str
    name: str
    format: str
    tiles: int
    hash: str
    errors: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    water: dict[str, Any] = field(default_factory=dict)
    colours: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.errors

    def passes(self, *, strict: bool = False) -> bool:
        """The verdict: legal, and under ``--strict`` without warnings too."""
        return self.legal and not (strict and self.warnings)

    def to_json(self, *, strict: bool = False) -> dict[str, Any]:
        """``legal`` is the verdict the text and the exit code give (``--strict``: warnings fail)."""
        return {
            "deck": self.deck,
            "name": self.name,
            "format": self.format,
            "legal": self.passes(strict=strict),
            "tiles": self.tiles,
            "hash": self.hash,
            "water": self.water,
            "colours": self.colours,
            "errors": [asdict(f) for f in self.errors],
            "warnings": [asdict(f) for f in self.warnings],
        }


def validate_deck_file(path: str | Path, extra_catalogs: Iterable[str | Path] = ()) -> DeckReport:
    """Load a deck file and check it. Unreadable or invalid input raises :class:`KcalError`.

    A plain-text tile list (``4 Bayou``, a Moxfield or Archidekt export) handed to ``deck validate``
    is named as such, with the ``kcal deck import`` command that turns it into a deck file.
    """
    try:
        loaded = load_deck(path, tuple(extra_catalogs))
    except KcalError as err:
        if _is_tile_list(path):
            shown = err.problems[0].where.file or str(path)
            raise KcalError(f"this is a tile list, not a deck file; turn it into one with: kcal deck import "
                            f"{shown}", file=shown, line=1, column=1, code="tile-list") from None
        raise
    return check_deck(loaded)


def _is_tile_list(path: str | Path) -> bool:
    """Whether a file that failed to load as a deck reads as a tile list (every line an entry or header)."""
    from kcal.games.kcaloria.deck.importer import MAX_LIST_BYTES, decode_list, scan_list

    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_LIST_BYTES + 1)
        entries, errors = scan_list(decode_list(raw))
    except (OSError, KcalError):
        return False
    return bool(entries) and not errors


def too_many(loaded: LoadedDeck) -> None:
    """Refuse a deck of more tiles than kcal plays (:data:`MAX_PLAYED_TILES`), at its tiles, before any
    game: the counts of a few lines can ask for tens of thousands (issue 21)."""
    from kcal.games.kcaloria.rules.domain import MAX_DECK_TILES, MAX_PLAYED_TILES

    n = sum(e.count for e in loaded.entries)
    if n > MAX_PLAYED_TILES:
        line, column = loaded.doc.pos(("tiles",), key=True)
        raise KcalError(f"deck {loaded.deck.name!r} has {n:,} tiles, more than the {MAX_PLAYED_TILES} kcal plays "
                        f"(a legal deck holds 60; print deck takes up to {MAX_DECK_TILES:,})", file=loaded.display,
                        line=line, column=column, code="deck-too-large")


def playable_tiles(loaded: LoadedDeck) -> list[Tile]:
    """The deck's tiles, when a game can be set up with them; else a positioned error naming the file.

    Setup deals 7 and reshuffles until the hand holds a water tile: a deck of fewer than 7 tiles or
    without water can never start (what ``sim goldfish``, ``sim solo``, ``sim match`` and ``deck hand``
    all refuse, in the same words).
    """
    tiles = loaded.tiles()
    line, column = loaded.doc.pos(("tiles",), key=True)
    too_many(loaded)
    if len(tiles) < HAND_SIZE:
        raise KcalError(f"deck {loaded.deck.name!r} has {len(tiles)} tiles; an opening hand needs {HAND_SIZE}",
                        file=loaded.display, line=line, column=column, code="deck-too-small")
    from kcal.games.kcaloria.rules.domain import can_open  # Setup's rule, stated once

    if not can_open(tiles):
        raise KcalError(f"deck {loaded.deck.name!r} has no water tile: no opening hand can ever be kept "
                        "(the rules reshuffle while the 7 tiles hold no water)",
                        file=loaded.display, line=line, column=column, code="no-water")
    return tiles


def check_deck(loaded: LoadedDeck) -> DeckReport:
    from kcal.games.kcaloria.deck.hashing import deck_hash

    fmt = deck_format(loaded.deck.format)
    report = DeckReport(
        deck=loaded.display,
        name=loaded.deck.name,
        format=fmt.name,
        tiles=loaded.deck.size,
        hash=deck_hash(loaded),
    )
    tiles_line, tiles_col = loaded.doc.pos(("tiles",), key=True)
    if report.tiles != fmt.deck_size:
        report.errors.append(Finding(
            "deck-size",
            f"the deck has {report.tiles} tiles; a {fmt.name} deck has exactly {fmt.deck_size} "
            f"({'add' if report.tiles < fmt.deck_size else 'remove'} {abs(fmt.deck_size - report.tiles)})",
            tiles_line, tiles_col,
        ))
    by_name: dict[str, list[Any]] = defaultdict(list)
    for entry in loaded.entries:
        by_name[fold_name(entry.name)].append(entry)
    for entries in by_name.values():
        total = sum(e.count for e in entries)
        if total > fmt.max_copies:
            shown = entries[0].tile.name if entries[0].tile else entries[0].name
            lines = ", ".join(str(e.line) for e in entries)
            where = f"line {lines}" if len(entries) == 1 else f"lines {lines}, spelled "  + " / ".join(repr(e.name) for e in entries)
            report.errors.append(Finding(
                "too-many-copies",
                f"{total} copies of {shown!r} ({where}); at most {fmt.max_copies} tiles may share a name",
                entries[0].line, entries[0].column,
            ))
    unknown = [e for e in loaded.entries if e.tile is None]
    for i, entry in enumerate(unknown):
        # a did-you-mean costs a fuzzy search of the library: the first ones are what a person reads
        text = loaded.library.unknown_name_text(entry.name) if i < MAX_SUGGESTIONS else f"unknown tile {entry.name!r}"
        report.errors.append(Finding("unknown-tile", text, entry.line, entry.column))
    tiles = [e.tile for e in loaded.entries if e.tile is not None for _ in range(e.count)]
    water = sum(1 for t in tiles if t.type is TileType.WATER)
    if tiles and water == 0:
        report.errors.append(Finding(
            "no-water", "the deck has no water tile, so no opening hand can ever be kept (Setup)",
            tiles_line, tiles_col,
        ))
    hand = min(HAND_SIZE, len(tiles))  # a deck smaller than a hand deals all of itself
    p0 = float(p_none(len(tiles), water, hand)) if tiles else 1.0
    report.water = {
        "tiles": water,
        "p_no_water_in_opening": p0,  # exact values at full precision
        "expected_reshuffles": None if p0 >= 1 else float(expected_reshuffles(len(tiles), water, hand)),
        "exact": True,
    }
    report.colours = colour_balance(tiles)
    ctx = _Context(loaded, tiles, tiles_line, tiles_col)
    for advisor in ADVISORS:
        report.warnings.extend(advisor(ctx))
    return report


@dataclass
class _Context:
    loaded: LoadedDeck
    tiles: list[Tile]
    line: int
    column: int

    def entry_pos(self, tile: Tile) -> tuple[int, int]:
        for e in self.loaded.entries:
            if e.tile is tile:
                return e.line, e.column
        return self.line, self.column

    @property
    def distinct(self) -> list[Tile]:
        seen: dict[str, Tile] = {}
        for t in self.tiles:
            seen.setdefault(t.id, t)
        return list(seen.values())

    @property
    def solo(self) -> bool:
        return deck_format(self.loaded.deck.format).solo


# --- advice -----------------------------------------------------------------------------------


def advise_water(ctx: _Context) -> Iterable[Finding]:
    water = sum(1 for t in ctx.tiles if t.type is TileType.WATER)
    if not ctx.tiles or water == 0:
        return
    n = min(HAND_SIZE, len(ctx.tiles))
    p0 = float(p_none(len(ctx.tiles), water, n))
    if p0 > 0.25:
        yield Finding(
            "few-water",
            f"only {water} water tiles: an opening 7 holds none {p0:.1%} of the time "
            f"({float(expected_reshuffles(len(ctx.tiles), water, n)):.2f} reshuffles expected); "
            "12 or more keep it under 20 %",
            ctx.line, ctx.column,
        )


def _yielded_colors(tiles: Iterable[Tile]) -> set[Color]:
    return {c for t in tiles for c, n in t.yield_.items() if n > 0}


def _alternative_reachable(alt: dict[Color, int], tiles: list[Tile], exclude: Tile) -> bool:
    """Can up to six neighbouring tiles of this deck hold this alternative's cubes (base yields)?"""
    needed = 0
    for color, amount in alt.items():
        pool = sorted((t.yield_.get(color, 0) for t in tiles if t is not exclude), reverse=True)
        got = 0
        for n in pool:
            if got >= amount or n == 0:
                break
            got += n
            needed += 1
        if got < amount:
            return False
    return needed <= MAX_SOURCES


def advise_costs(ctx: _Context) -> Iterable[Finding]:
    yielded = _yielded_colors(ctx.tiles)
    for tile in ctx.distinct:
        if not tile.cost:
            continue
        dead_colors = sorted({c for alt in tile.cost for c in alt if c not in yielded}, key=list(Color).index)
        reachable = [alt for alt in tile.cost if _alternative_reachable(alt, ctx.tiles, tile)]
        line, col = ctx.entry_pos(tile)
        if not reachable:
            yield Finding(
                "unreachable-cost",
                f"{tile.name} can never be paid in this deck: "
                + "; ".join(_why_unreachable(alt, yielded) for alt in tile.cost),
                line, col,
            )
        elif dead_colors:
            yield Finding(
                "cost-color-not-yielded",
                f"{tile.name}'s cost names {', '.join(c.value for c in dead_colors)}, which nothing in "
                f"this deck yields (another cost alternative still works, or an opponent's tiles may pay)",
                line, col,
            )


def _why_unreachable(alt: dict[Color, int], yielded: set[Color]) -> str:
    missing = [c.value for c in alt if c not in yielded]
    if missing:
        return f"{format_amounts(alt)} needs {', '.join(missing)}, which nothing here yields"
    return f"{format_amounts(alt)} needs more cubes than six neighbours of this deck hold"


def advise_biomes(ctx: _Context) -> Iterable[Finding]:
    boosters: dict[Biome, list[Tile]] = defaultdict(list)
    for tile in ctx.distinct:
        for mod in tile.modifiers:
            if mod.name == "biome_boost" and mod.biome is not None:
                boosters[mod.biome].append(tile)
    for biome, tiles in boosters.items():
        for booster in tiles:
            partners = [t for t in ctx.distinct if t is not booster and biome in t.biomes]
            if not partners:
                line, col = ctx.entry_pos(booster)
                yield Finding(
                    "booster-without-biome",
                    f"{booster.name} boosts {biome.value} ({biome.full_name}), but no other tile here "
                    f"lives in {biome.value}", line, col,
                )
    counts: Counter[Biome] = Counter(b for t in ctx.tiles for b in t.biomes)
    catalog_boosters: dict[Biome, list[str]] = defaultdict(list)
    for tile in ctx.loaded.library.tiles:
        for mod in tile.modifiers:
            if mod.name == "biome_boost" and mod.biome is not None:
                catalog_boosters[mod.biome].append(tile.name)
    for biome, n in counts.most_common():
        if n >= 8 and biome not in boosters and catalog_boosters.get(biome):
            yield Finding(
                "biome-without-booster",
                f"{n} tiles here live in {biome.value} ({biome.full_name}) but none boosts it; "
                f"consider {', '.join(catalog_boosters[biome][:3])}", ctx.line, ctx.column,
            )


def _is_hostile(tile: Tile) -> bool:
    return tile.klass is Klass.ACTION or any(m.name in HOSTILE_MODIFIERS for m in tile.modifiers)


def advise_solo(ctx: _Context) -> Iterable[Finding]:
    if not ctx.solo:
        return
    for tile in ctx.distinct:
        if _is_hostile(tile):
            line, col = ctx.entry_pos(tile)
            what = "an action tile" if tile.klass is Klass.ACTION else "a disaster against your own board"
            yield Finding(
                "solo-hostile-tile",
                f"{tile.name} is {what}; with no opponent it can only hurt you (Deck Building)",
                line, col,
            )


def advise_ending(ctx: _Context) -> Iterable[Finding]:
    humans = sum(1 for t in ctx.tiles if t.type is TileType.HUMAN)
    pack = Counter(t.name for t in ctx.tiles if t.has("pack_tactics"))
    if humans < 2 and not any(n >= 3 for n in pack.values()):
        yield Finding(
            "no-early-end",
            f"no way to end the game early: {humans} human tile(s) (two end it) and no three "
            f"pack-tactics tiles of one name; games run until the deck is exhausted (Winning)",
            ctx.line, ctx.column,
        )


def advise_supply(ctx: _Context) -> Iterable[Finding]:
    """Cubes left on the table if every tile is played, each paying its cheapest alternative.

    Cubes are spent as the game goes, so total yield overstates what is on the table at once; what
    remains after every cost is paid is a lower bound on the cubes a full game needs.
    """
    net: Counter[Color] = Counter()
    for t in ctx.tiles:
        for c, n in t.yield_.items():
            net[c] += n
        if t.cost:
            cheapest = min(t.cost, key=lambda alt: (sum(alt.values()), sum(c.points * n for c, n in alt.items())))
            for c, n in cheapest.items():
                net[c] -= n
    for color in Color:
        if net[color] > CUBE_SUPPLY[color]:
            yield Finding(
                "cube-supply",
                f"played out, this deck leaves at least {net[color]} {color.value} cubes on the table; "
                f"one deck's components hold {CUBE_SUPPLY[color]} (Components): keep spares at hand",
                ctx.line, ctx.column,
            )


def colour_balance(tiles: Iterable[Tile]) -> dict[str, dict[str, int]]:
    """Cubes a deck's costs need and its tiles yield, by colour (every copy counts).

    A cost counts its cheapest alternative (:func:`kcal.games.kcaloria.deck.stats.cheapest_alternative`,
    the one a player usually pays); a yield is the printed base yield, before bonuses and modifiers.
    """
    from kcal.games.kcaloria.deck.stats import cheapest_alternative

    need = {c.value: 0 for c in Color}
    have = {c.value: 0 for c in Color}
    for t in tiles:
        for c, n in cheapest_alternative(t).items():
            need[c.value] += n
        for c, n in t.yield_.items():
            have[c.value] += n
    return {"cost": need, "yield": have}


def advise_colour_balance(ctx: _Context) -> Iterable[Finding]:
    """Deck Building advice: a colour the costs need more of than the tiles yield (Rulings: "Colour balance")."""
    balance = colour_balance(ctx.tiles)
    for color in Color:
        need, have = balance["cost"][color.value], balance["yield"][color.value]
        if need > have:
            hungry = Counter(t.name for t in ctx.tiles if color in _cheapest(t))
            names = ", ".join(n for n, _ in hungry.most_common(3))
            yield Finding(
                "colour-balance",
                f"your deck's costs need {need} {color.value}; its tiles yield {have} (cheapest cost "
                f"alternatives against base yields): add tiles that yield {color.value} or cut tiles that "
                f"cost it ({names} ask for it most)",
                ctx.line, ctx.column,
            )


def _cheapest(tile: Tile) -> dict[Color, int]:
    from kcal.games.kcaloria.deck.stats import cheapest_alternative

    return dict(cheapest_alternative(tile))


ADVISORS: list[Callable[[_Context], Iterable[Finding]]] = [
    advise_water,
    advise_colour_balance,
    advise_costs,
    advise_biomes,
    advise_solo,
    advise_ending,
    advise_supply,
]


def format_report(report: DeckReport, *, strict: bool = False) -> str:
    """The text form of one deck's report, one finding a line at its file:line:column."""
    verdict = "legal" if report.passes(strict=strict) else "ILLEGAL"
    lines = [f"{shown(report.deck)}: {report.name} — {verdict} ({report.tiles} tiles, {report.format}, hash {report.hash})"]
    w = report.water
    if w.get("tiles"):
        lines.append(
            f"  water: {w['tiles']} tiles; an opening 7 holds none {w['p_no_water_in_opening']:.2%} of the "
            f"time, {w['expected_reshuffles']:.2f} reshuffles expected (exact)"
        )
    if report.colours and report.tiles:
        pairs = [f"{c} {report.colours['cost'][c]}/{report.colours['yield'][c]}" for c in report.colours["cost"]
                 if report.colours["cost"][c] or report.colours["yield"][c]]
        lines.append(f"  colours (cost need/yield): {', '.join(pairs)}")
    for kind, findings in (("error", report.errors), ("warning", report.warnings)):
        for f in findings:
            lines.append(f"  {report.deck}:{f.line}:{f.column}: {kind}[{f.code}]: {f.message}")
    return "\n".join(lines)


__all__ = ["DeckReport", "Finding", "check_deck", "colour_balance", "format_report", "playable_tiles",
           "validate_deck_file"]
