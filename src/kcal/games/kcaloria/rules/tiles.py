"""Per-tile data compiled once per game from the Pydantic ``Tile``: plain ints, tuples and flags.

The hot loop never touches Pydantic: a cost is a tuple of alternatives, each a tuple of
``(colour index, amount)``; a yield is a 6-tuple in colour order (blue .. purple).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from kcal.games.kcaloria.rules.cards import Tile
from kcal.games.kcaloria.rules.domain import COLOR_POINTS, FISH_CLASSES, Color, fold_name

COLORS: tuple[str, ...] = tuple(c.value for c in Color)
COLOR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLORS)}
#: points a cube scores, by colour index (the domain's one table)
POINTS: tuple[int, ...] = tuple(COLOR_POINTS[c] for c in Color)
ZERO6: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
ANIMAL_TYPES = frozenset({"herbivore", "omnivore", "carnivore", "human"})
FISH = frozenset(k.value for k in FISH_CLASSES)


def color_index(color: Color | str) -> int:
    return COLOR_INDEX[color.value if hasattr(color, "value") else color]


#: Packed cube counts: colour c in bits 10c..10c+8, bit 10c+9 a guard. ``((a | GUARD) - b) & GUARD
#: == GUARD`` tests a >= b in every colour at once (SWAR), which makes the legality scan cheap.
FIELD = 10
GUARD = sum(1 << (FIELD * c + FIELD - 1) for c in range(6))
FIELD_MAX = (1 << (FIELD - 1)) - 1


def pack_pairs(pairs: Iterable[tuple[int, int]]) -> int:
    return sum(n << (FIELD * c) for c, n in pairs)


def waived_fill(colours: Iterable[int]) -> int:
    """Packed cubes that count as enough of each of ``colours`` (every such field at ``FIELD_MAX``):
    added to a cell's availability, a cover test passes every cost part of those colours, which is
    what an adjacent anchor's waiver does."""
    return pack_pairs((c, FIELD_MAX) for c in colours)


def pack_vec(vec: Sequence[int]) -> int:
    a, b, c, d, e, f = vec
    if a > FIELD_MAX or b > FIELD_MAX or c > FIELD_MAX or d > FIELD_MAX or e > FIELD_MAX or f > FIELD_MAX:
        a, b, c, d, e, f = (n if n < FIELD_MAX else FIELD_MAX for n in vec)
    return a + (b << 10) + (c << 20) + (d << 30) + (e << 40) + (f << 50)


def covers(packed_avail: int, packed_cost: int) -> bool:
    return ((packed_avail | GUARD) - packed_cost) & GUARD == GUARD


def fmt_amounts(vec_or_pairs: Sequence[Any]) -> str:
    """``2 blue + 2 yellow`` from a 6-vector or ``((c, n), ...)`` pairs."""
    if len(vec_or_pairs) == 6 and all(isinstance(v, int) for v in vec_or_pairs):
        pairs = [(i, n) for i, n in enumerate(vec_or_pairs) if n]
    else:
        pairs = list(vec_or_pairs)
    return " + ".join(f"{n} {COLORS[c]}" for c, n in pairs) if pairs else "nothing"


class TileInfo:
    """Everything the engine needs about one printed tile, precomputed."""

    __slots__ = (
        "idx", "tile", "name", "key", "type", "klass", "biomes", "costs", "base", "yield_colors",
        "bonus_color", "mods", "animal", "plant", "water", "human", "fish", "action", "has_cost",
        "pair_mods", "pcosts", "costs_waived", "leaves",
    )

    def __init__(self, tile: Tile, idx: int) -> None:
        self.idx = idx
        self.tile = tile
        self.name = tile.name
        self.key = fold_name(tile.name)
        self.type = tile.type.value
        self.klass = tile.klass.value
        self.biomes = frozenset(b.value for b in tile.biomes)
        self.costs = tuple(
            tuple((color_index(c), n) for c, n in alt.items()) for alt in tile.cost
        )
        self.has_cost = bool(self.costs)
        self.pcosts = tuple(pack_pairs(alt) for alt in self.costs)
        self.costs_waived: dict = {}  # the cost alternatives less waived colours, by waived set
        base = [0] * 6
        for c, n in tile.yield_.items():
            base[color_index(c)] = n
        self.base = tuple(base)
        #: yield colours, most points first: the default colour for a bonus cube.
        self.yield_colors = tuple(sorted((i for i in range(6) if base[i]), reverse=True))
        self.bonus_color = self.yield_colors[0] if self.yield_colors else None
        mods: dict[str, list[dict]] = {}
        for m in tile.modifiers:
            params = {p: m.param(p) for p in m.spec.params}
            params = {k: (v.value if hasattr(v, "value") else v) for k, v in params.items()}
            mods.setdefault(m.name, []).append(params)
        self.mods = mods
        self.animal = self.type in ANIMAL_TYPES
        self.plant = self.type == "plant"
        self.water = self.type == "water"
        self.human = self.type == "human"
        self.fish = self.klass in FISH
        self.action = self.klass == "action"
        #: leaves the table at the end of its turn: an action tile, or any tile whose remove
        #: modifier says "discard after use" (a manmade trap too; see docs/rulings.md)
        self.leaves = self.action or "remove" in mods
        #: filled by the effect registry (engine.effects.compile_pairs): (effect, parameters) pairs
        self.pair_mods: tuple[tuple[Any, dict[str, Any]], ...] = ()

    def has(self, modifier: str) -> bool:
        return modifier in self.mods

    def param(self, modifier: str, name: str, default: Any = None) -> Any:
        entries = self.mods.get(modifier)
        if not entries:
            return default
        v = entries[0].get(name)
        return default if v is None else v

    def cost_text(self) -> str:
        if not self.costs:
            return "nothing"
        return " or ".join(fmt_amounts(alt) for alt in self.costs)

    def __repr__(self) -> str:
        return f"<TileInfo {self.name}>"


#: Bounds of a table's caches, so that a process playing any number of games holds at most this
#: much. The move cache keeps single moves (one per player, cell and tile: they stop growing once
#: the board's usual area is covered); past SINGLE_MOVES_LIMIT it is cleared. The cover cache is
#: cleared whole past its bound.
SINGLE_MOVES_LIMIT = 1 << 16
COVER_CACHE_LIMIT = 1 << 13


class TileTable:
    """The compiled tiles of one game, looked up by folded name. Shared (never copied) by states.

    Each tile has a bit in the tile masks of the move generator (``bit_of``, ``by_bit``). The bits
    follow the order of ``infos``, except that the tiles of ``first`` (the decks of a closed game)
    come before the others: a closed game's hands hold only those, so its masks stay small ints
    (Python's bit operations on ints under 2**30 are 2-3 times faster than on the 118-bit masks of
    the whole catalog), and among them the order, which orders a cell's moves, is that of ``infos``.
    Cover masks hold the bits below ``n_cover`` (widened when a hand holds a tile beyond it)."""

    __slots__ = ("by_key", "infos", "pair_cache", "move_cache", "move_singles", "pos",
                 "cover_cache", "folded", "by_id", "bit_of", "odd", "by_bit", "n_cover")

    def __init__(self, tiles: Iterable[Tile] = (), first: Iterable[Tile] = ()) -> None:
        self.by_key: dict[str, TileInfo] = {}
        self.infos: list[TileInfo] = []
        from kcal.games.kcaloria.rules.effects import PAIR_CACHE

        self.pair_cache: dict = PAIR_CACHE
        #: player -> cell -> {tile bit: its place move}: generated moves are immutable, so games
        #: over this table reuse them; bounded (trim_moves)
        self.move_cache: dict[str, dict] = {}
        self.move_singles = 0
        self.folded: dict[str, str] = {}  # memo of fold_name
        self.by_id: dict[int, TileInfo] = {}  # id(tile) -> info (tiles live on in _COMPILED)
        self.pos: dict[str, int] = {}  # folded name -> index in infos (a bit in a tile mask)
        #: packed cubes -> mask of the tiles they pay for
        self.cover_cache: dict[Any, int] = {}
        self.bit_of: dict[str, int] = {}  # folded name -> its bit in a tile mask
        self.by_bit: list[TileInfo] = []  # the tiles by bit
        #: the bits of the tiles the generator scans apart (remove and transplant: hand_split)
        self.odd = 0
        self.n_cover = 0
        first_keys = {fold_name(t.name) for t in first}
        for t in tiles:
            self.add(t, bit=False)
        for t in first:
            self.add(t, bit=False)
        for want in (True, False):
            for info in self.infos:
                if (info.key in first_keys) == want:
                    self._give_bit(info)
        self.n_cover = len(first_keys) if first_keys else len(self.by_bit)

    def _give_bit(self, info: TileInfo) -> None:
        b = 1 << len(self.by_bit)
        self.bit_of[info.key] = b
        if "remove" in info.mods or "transplant" in info.mods:
            self.odd |= b
        self.by_bit.append(info)

    def widen(self) -> None:
        """Cover masks of every tile from now on (a hand held a tile outside ``first``)."""
        self.n_cover = len(self.by_bit)
        self.cover_cache.clear()

    def add(self, tile: Tile, bit: bool = True) -> TileInfo:
        hit = self.by_id.get(id(tile))
        if hit is not None:
            return hit
        key = fold_name(tile.name)
        info = self.by_key.get(key)
        if info is None:
            info = compile_tile(tile)
            self.by_key[key] = info
            self.pos[key] = len(self.infos)
            self.infos.append(info)
            if bit:  # a tile added after the table was built: the next bit, covered from now on
                self._give_bit(info)
                self.widen()
        compile_tile(tile)  # keeps the tile alive, so its id stays its own
        self.by_id[id(tile)] = info
        return info

    def hand_split(self, hand: list[TileInfo], first: bool) -> tuple[int, tuple, int, tuple]:
        """How the move generator scans a hand: ``(mask, specials, roaming mask, roaming specials)``.

        The mask holds the bits of the tiles placed by cover alone; the specials (remove tiles:
        their moves name targets) are listed once each, in hand order. Roaming tiles (transplant)
        are scanned over every open cell, except for a player's first tile (``first``), which
        goes where any tile goes. (Not cached: a hand seldom comes back, measured 95-99 % misses
        in random playouts; the generator calls this only when the hand holds a special or a
        roaming tile, see ``odd``.)"""
        bit_of = self.bit_of
        mask = roam = 0
        special: list[TileInfo] = []
        roam_special: list[TileInfo] = []
        for info in hand:
            roaming = not first and "transplant" in info.mods
            if "remove" in info.mods:
                sp = roam_special if roaming else special
                if info not in sp:
                    sp.append(info)
            elif roaming:
                roam |= bit_of[info.key]
            else:
                mask |= bit_of[info.key]
        return mask, tuple(special), roam, tuple(roam_special)

    def added_moves(self, singles: int) -> None:
        """Count ``singles`` new single moves; past the bound, trim."""
        self.move_singles += singles
        if self.move_singles > SINGLE_MOVES_LIMIT:
            self.trim_moves()

    def trim_moves(self) -> None:
        """Drop the cached moves. The per-cell dicts are emptied in place, because live states'
        frontiers hold them; states then refill them as they generate moves."""
        for per_cell in self.move_cache.values():
            for cm in per_cell.values():
                cm.clear()  # (frees the dict's table: deleting keys one by one would not shrink it)
        self.move_cache.clear()
        self.move_singles = 0

    def cover(self, packed: int) -> int:
        """Bit mask (``bit_of``) of the tiles whose cost ``packed`` cubes cover (those below ``n_cover``)."""
        m = self.cover_cache.get(packed)
        if m is None:
            if len(self.cover_cache) >= COVER_CACHE_LIMIT:
                self.cover_cache.clear()
            a = packed | GUARD
            m = 0
            for k, info in enumerate(self.by_bit[:self.n_cover]):
                if not info.pcosts or any((a - pc) & GUARD == GUARD for pc in info.pcosts):
                    m |= 1 << k
            self.cover_cache[packed] = m
        return m

    def fold(self, name: str) -> str:
        key = self.folded.get(name)
        if key is None:
            if len(self.folded) > 10_000:
                self.folded.clear()
            key = self.folded[name] = fold_name(name)
        return key

    def get(self, name: str) -> TileInfo | None:
        return self.by_key.get(self.fold(name))


#: Compiled tiles by ``id`` of the (immutable) Pydantic tile; the info keeps the tile alive, so an
#: id is never reused while cached. Shared by every game, as is the pair-effect cache.
_COMPILED: dict[int, TileInfo] = {}


def compile_tile(tile: Tile) -> TileInfo:
    info = _COMPILED.get(id(tile))
    if info is None or info.tile is not tile:
        from kcal.games.kcaloria.rules.effects import compile_pairs

        info = TileInfo(tile, len(_COMPILED))
        compile_pairs(info)
        _COMPILED[id(tile)] = info
    return info
