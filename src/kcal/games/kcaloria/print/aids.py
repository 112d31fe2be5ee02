"""Player-aid cards at poker size (63 x 88 mm): turn summary, scoring, colour points, biomes, modifiers.

Card texts come from the schema's data (colours and points, the 24 biomes, the 37 modifiers with
their codes and shapes), so a new modifier gets a glossary entry without editing this file. Each card's
picture, drawn in its title band, is named in ``data/aids/player-aids.yaml`` (an ``icon`` per title, docs/art.md).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kcal.games.kcaloria.print import icons, palette
from kcal.games.kcaloria.rules.domain import BIOMES, COLOR_POINTS, CUBE_SUPPLY, TYPE_COLOR, Biome, Color
from kcal.games.kcaloria.rules.modifiers import MODIFIER_NAMES, MODIFIERS, Shape
from kcal.print import marks
from kcal.print.blocks import Item, draw_block
from kcal.print.fonts import BOLD, REGULAR
from kcal.print.layout import MM, PAPERS, Slot, grid, mirror_slot, mm
from kcal.print.report import Report
from kcal.print.sheets import SheetOptions, ruler

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from kcal.print.layout import Paper
    from kcal.print.marks import Box

CARD_W, CARD_H = mm(63), mm(88)
PAD = mm(4)
TITLE_H = mm(8)
ICON = mm(5.6)  #: the picture's square, in the title band left of the title
AIDS_FILE = Path(__file__).resolve().parents[1] / "data" / "aids" / "player-aids.yaml"


@functools.cache
def aid_icons() -> dict[str, str]:
    """The picture of each player aid, by its title without "1/2" (``data/aids/player-aids.yaml``: a
    ``title`` and an ``icon:`` per card); an icon kcal does not ship is an error at its line."""
    from kcal.core.errors import KcalError
    from kcal.core.yamlsafe import load_yaml
    from kcal.print.pictures import check_icon

    doc = load_yaml(AIDS_FILE)
    aids = doc.data.get("player_aids") if isinstance(doc.data, dict) else None
    if not isinstance(aids, list):
        raise KcalError("player_aids: expected a list of {title, icon}", file=doc.path, line=1, column=1)
    out: dict[str, str] = {}
    for i, aid in enumerate(aids):
        line, column = doc.pos(("player_aids", i))
        if not (isinstance(aid, dict) and isinstance(aid.get("title"), str) and isinstance(aid.get("icon"), str)):
            raise KcalError(f"player_aids[{i}]: expected a title and an icon", file=doc.path, line=line,
                            column=column)
        try:
            out[aid["title"]] = check_icon(aid["icon"])
        except ValueError as e:
            line, column = doc.pos(("player_aids", i, "icon"))
            raise KcalError(f"player_aids[{i}].icon: {e}", file=doc.path, line=line, column=column) from None
    return out


def aid_icon(title: str) -> str | None:
    """The picture of the aid titled ``title`` ("Biomes 2/2" has the picture of "Biomes"), None: none named."""
    return aid_icons().get(re.sub(r"\s+\d+/\d+$", "", title))


@dataclass(frozen=True)
class Card:
    title: str
    color: str
    draw_body: Callable  # (c, x, y_top, w, h, report) -> None
    icon: str | None = field(default=None)  #: its picture (:func:`aid_icon`)


def _text_card(title: str, color: str, items: list[Item]) -> Card:
    def body(c: Canvas, x: float, y_top: float, w: float, h: float, report: Report) -> None:
        draw_block(c, items, x, y_top, w, h, max_size=7.5, min_size=5.0, where=f"card {title!r}", report=report)
    return Card(title, color, body)


TURN = [
    Item("li", "Place one tile from your hand next to a tile you already own (the first tile: see Setup)."),
    Item("li", "Pay its cost from unused cubes on the tiles next to that cell - anyone's tiles. "
               "A cost shows alternatives: pay one of them in full."),
    Item("li", "Put its yield on it as cubes, with every modifier and biome effect."),
    Item("li", "Resolve effects: modifiers, reproduction (+1 to two adjacent animals of one name)."),
    Item("li", "Draw back up to 7 tiles."),
    Item("li", "Instead of placing, you may discard 1 to 3 tiles and draw; that ends your turn (not in solo)."),
]

SCORING = [
    Item("h", "The game ends at once when"),
    Item("li", "a player places their second human tile;"),
    Item("li", "a player places three adjacent same-name tiles with Pack tactics;"),
    Item("li", "a player has used all 60 tiles (solo: you cannot play - you lose)."),
    Item("h", "Score"),
    Item("p", "Each player counts the points of the unused cubes on their own tiles. Highest score wins."),
    Item("h", "Ecosystem collapse"),
    Item("p", "A removed tile gives back the cubes it paid. Tiles that now cannot pay their cost starve one "
              "turn later each; mark the turns with dice."),
]


SETUP = [
    Item("li", "Shuffle your 60 tiles face down and draw 7. No water tile in hand? Reshuffle and draw again."),
    Item("li", "The player who most recently went camping or hiking goes first; then clockwise."),
    Item("li", "The first tile of the game goes anywhere. Every other player's first tile goes exactly 5 hexes "
               "from the closest tile on the table."),
    Item("li", "Afterwards each tile touches one of your own tiles (Transplant excepted)."),
    Item("li", "Keep all your tiles turned the same way so everyone sees whose they are."),
]

SOLO = [
    Item("li", "Deal 7 face-down piles of 1, 2 ... 7 tiles; turn each top tile up: that is your hand. "
               "No water tile? Reshuffle and deal again."),
    Item("li", "Place a face-up tile, then turn up the next tile of its pile; refill an empty pile from the deck."),
    Item("li", "No discarding. If no tile can be played, your ecosystem stagnates: you lose."),
    Item("li", "You win by placing your 2nd human tile or 3 adjacent Pack tactics tiles; then count your score."),
]


def _colours_card() -> Card:
    def body(c: Canvas, x: float, y_top: float, w: float, h: float, report: Report) -> None:
        row = h / (len(Color) + 1.6)
        s = min(row * 0.78, mm(7))
        c.setFillColorRGB(*palette.rgb(palette.INK))
        for i, color in enumerate(Color):
            y = y_top - row * (i + 0.5)
            icons.cube(c, x + s / 2, y, s, color, COLOR_POINTS[color])
            producers = [t.value for t, col in TYPE_COLOR.items() if col is color]
            c.setFillColorRGB(*palette.rgb(palette.INK))
            c.setFont(BOLD, 8)
            c.drawString(x + s + mm(2), y + mm(0.6), f"{color.value}: {COLOR_POINTS[color]} point{'s' if COLOR_POINTS[color] != 1 else ''}")
            c.setFont(REGULAR, 6.5)
            c.drawString(x + s + mm(2), y - mm(2.4), f"{', '.join(producers)} tiles · {CUBE_SUPPLY[color]} cubes per deck")
        c.setFont(REGULAR, 6.3)
        y = y_top - row * (len(Color) + 0.3)
        c.drawString(x, y, "Here the figure is the points; on a tile, the cubes.")
        c.drawString(x, y - 8, "Microbes and events may yield any colour.")
    return Card("kCalorie colours", palette.CUBE[Color.ORANGE], body)


def _classes_card() -> Card:
    """What the three-letter classification symbols mean, and the four rarity colours."""
    from kcal.games.kcaloria.rules.domain import FISH_CLASSES, Klass, Rarity

    def body(c: Canvas, x: float, y_top: float, w: float, h: float, report: Report) -> None:
        d = mm(4.0)
        metal = {Rarity.COMMON: "bronze", Rarity.UNCOMMON: "silver", Rarity.EXCEPTIONAL: "gold", Rarity.RARE: "red"}
        for i, rarity in enumerate(Rarity):
            col, row = i % 2, i // 2
            cx = x + d / 2 + col * (w / 2)
            cy = y_top - d / 2 - row * (d + mm(0.8))
            icons.class_symbol(c, cx, cy, d, Klass.MAMMAL, rarity)
            c.setFillColorRGB(*palette.rgb(palette.INK))
            c.setFont(REGULAR, 6)
            c.drawString(cx + d / 2 + mm(0.8), cy - 2.1, f"{rarity.value} ({metal[rarity]})")
        c.setFont(REGULAR, 5.6)
        fish = ", ".join(icons.CLASS_CODES[k] for k in sorted(FISH_CLASSES, key=lambda k: k.value))
        c.drawString(x, y_top - 2 * d - mm(3.4), f"Fish (for Fish hazard): {fish}.")
        top = y_top - 2 * d - mm(4.8)
        classes = list(Klass)
        rows = (len(classes) + 1) // 2
        row_h = (top - (y_top - h)) / rows
        s = min(mm(3.6), row_h * 0.86)
        for i, k in enumerate(classes):
            col, row = divmod(i, rows)
            cx = x + s / 2 + col * (w / 2)
            cy = top - row_h * (row + 0.5)
            icons.class_symbol(c, cx, cy, s, k, Rarity.COMMON)
            c.setFillColorRGB(*palette.rgb(palette.INK))
            c.setFont(REGULAR, 5.6)
            c.drawString(cx + s / 2 + mm(0.8), cy - 2.0, k.value)
    return Card("Classifications", "#8a5a2b", body)


def _biome_cards() -> list[Card]:
    biomes = list(Biome)
    halves = [biomes[:12], biomes[12:]]
    cards = []
    for n, part in enumerate(halves, 1):
        def body(c: Canvas, x: float, y_top: float, w: float, h: float, report: Report,
                 part: list[Biome] = part) -> None:
            row = h / len(part)
            bh = min(row * 0.75, mm(4.2))
            for i, b in enumerate(part):
                y = y_top - row * (i + 0.5)
                icons.biome_badge(c, x + mm(5), y, mm(10), bh, b)
                c.setFillColorRGB(*palette.rgb(palette.INK))
                c.setFont(REGULAR, 7)
                c.drawString(x + mm(11.5), y - 2.4, f"{BIOMES[b].number}. {BIOMES[b].name}")
        cards.append(Card(f"Biomes {n}/2", palette.BIOME_COLOR[Biome.TC], body))
    return cards


def _modifier_cards(per_card: int = 7) -> list[Card]:
    names = list(MODIFIER_NAMES)
    chunks = [names[i:i + per_card] for i in range(0, len(names), per_card)]
    cards = []
    for n, chunk in enumerate(chunks, 1):
        def body(c: Canvas, x: float, y_top: float, w: float, h: float, report: Report,
                 chunk: list[str] = chunk) -> None:
            row = h / per_card
            s = min(mm(6), row * 0.7)
            for i, name in enumerate(chunk):
                spec = MODIFIERS[name]
                y = y_top - row * i
                icons.modifier_icon(c, x + s / 2, y - row / 2, s, name)
                shape = "own tile" if spec.shape is Shape.CIRCLE else "other tiles"
                params = f" [{', '.join(spec.params)}]" if spec.params else ""
                items = [Item("kv", f"{spec.summary} ({shape}){params}", key=spec.title + ":")]
                draw_block(c, items, x + s + mm(1.8), y - mm(0.4), w - s - mm(1.8), row - mm(0.6),
                           max_size=6.3, min_size=4.6, where=f"glossary card {name}", report=report)
        cards.append(Card(f"Modifiers {n}/{len(chunks)}", palette.INK, body))
    return cards


def all_cards() -> list[Card]:
    """Every player aid, each with its picture."""
    from dataclasses import replace

    return [replace(card, icon=aid_icon(card.title)) for card in _cards()]


def _cards() -> list[Card]:
    return [
        _text_card("Setup", palette.CUBE[Color.BLUE], SETUP),
        _text_card("A turn", palette.CUBE[Color.GREEN], TURN),
        _text_card("Game end & scoring", palette.CUBE[Color.RED], SCORING),
        _colours_card(),
        _classes_card(),
        *_biome_cards(),
        *_modifier_cards(),
        _text_card("Solo mode", palette.CUBE[Color.PURPLE], SOLO),
    ]


def draw_card(c: Canvas, card: Card, cx: float, cy: float, report: Report) -> None:
    x0, y0 = cx - CARD_W / 2, cy - CARD_H / 2
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*palette.rgb(palette.CUT_LINE))
    c.setLineWidth(0.5)
    c.roundRect(x0, y0, CARD_W, CARD_H, mm(3), stroke=1, fill=1)
    c.setFillColorRGB(*palette.rgb(card.color))
    c.roundRect(x0 + mm(2), y0 + CARD_H - mm(2) - TITLE_H, CARD_W - mm(4), TITLE_H, mm(1.5), stroke=0, fill=1)
    c.setFillColorRGB(*palette.rgb(palette.text_on(card.color)))
    c.setFont(BOLD, 10)
    c.drawCentredString(cx, y0 + CARD_H - mm(2) - TITLE_H / 2 - 3.6, card.title)
    if card.icon:  # left in the band, in the title's colour: the title is centred, clear of it
        from kcal.print import pictures

        pictures.draw(c, card.icon, x0 + mm(3.4), y0 + CARD_H - mm(2) - TITLE_H / 2 - ICON / 2, ICON,
                      palette.rgb(palette.text_on(card.color)))
    top = y0 + CARD_H - mm(2) - TITLE_H - mm(2.5)
    card.draw_body(c, x0 + PAD, top, CARD_W - 2 * PAD, top - (y0 + PAD), report)
    c.setFillColorRGB(0.45, 0.45, 0.45)
    c.setFont(REGULAR, 4.5)
    c.drawRightString(x0 + CARD_W - mm(3), y0 + mm(1.6), "kCaloria player aid")
    c.restoreState()


def draw_card_back(c: Canvas, cx: float, cy: float) -> None:
    x0, y0 = cx - CARD_W / 2, cy - CARD_H / 2
    c.saveState()
    c.setFillColorRGB(*palette.rgb(palette.BACK))
    c.roundRect(x0, y0, CARD_W, CARD_H, mm(3), stroke=0, fill=1)
    c.setStrokeColorRGB(*palette.rgb(palette.BACK_ACCENT))
    c.setLineWidth(0.8)
    c.roundRect(x0 + mm(3), y0 + mm(3), CARD_W - mm(6), CARD_H - mm(6), mm(2), stroke=1, fill=0)
    c.setFillColorRGB(*palette.rgb(palette.BACK_ACCENT))
    c.setFont(BOLD, 14)
    c.drawCentredString(cx, cy, "kCaloria")
    c.setFont(REGULAR, 8)
    c.drawCentredString(cx, cy - 14, "player aid")
    c.restoreState()


def card_slots(paper_name: str) -> tuple[list[Slot], tuple[float, float], bool]:
    """Card centres and where the ruler goes; a vertical ruler when the page has no room below."""
    paper = PAPERS[paper_name]
    slots, origin = grid(paper, CARD_W, CARD_H)
    slots_v, _ = grid(paper, CARD_W, CARD_H, ruler_mm=0, margin_mm=5)
    if len(slots_v) > len(slots):
        return slots_v, (mm(4), (paper.height - mm(100)) / 2), True
    return slots, origin, False


def card_pages(opts: SheetOptions, report: Report, cards: Sequence[Card] | None = None) -> tuple[list, int]:
    """The sheets of ``cards`` (every player aid when None), each sheet full but the last."""
    cards = all_cards() if cards is None else list(cards)
    slots, origin, vertical = card_slots(opts.paper)
    per = len(slots)
    pages = []
    chunks = [cards[i:i + per] for i in range(0, len(cards), per)]
    for n, chunk in enumerate(chunks, 1):
        label = f"kCaloria player aids · sheet {n}/{len(chunks)} · {opts.paper} · poker 63 x 88 mm"

        def front(c: Canvas, chunk: list[Card] = chunk, label: str = label) -> None:
            _boxes(c, slots[:len(chunk)])
            for card, slot in zip(chunk, slots, strict=False):
                draw_card(c, card, slot.x, slot.y, report)
            grid_crop_marks(c, slots, avoid=_ruler_boxes(opts.paper_size, origin, vertical, label))
            _ruler(c, origin, vertical, label)

        pages.append(front)
        if opts.backs:
            def back(c: Canvas, chunk: list[Card] = chunk, label: str = label) -> None:
                paper = opts.paper_size
                _boxes(c, [mirror_slot(s, paper, opts.flip, opts.back_offset) for s in slots[:len(chunk)]])
                for _, slot in zip(chunk, slots, strict=False):
                    m = mirror_slot(slot, paper, opts.flip, opts.back_offset)
                    draw_card_back(c, m.x, m.y)
                _ruler(c, origin, vertical, label + " · back")
            pages.append(back)
    return pages, len(cards)


def _boxes(c: Canvas, slots: list[Slot]) -> None:
    """TrimBox around the cards' cut lines (they print without bleed: the BleedBox is the same)."""
    from kcal.print.output import set_page_boxes

    set_page_boxes(c, (min(s.x for s in slots) - CARD_W / 2, min(s.y for s in slots) - CARD_H / 2,
                       max(s.x for s in slots) + CARD_W / 2, max(s.y for s in slots) + CARD_H / 2))


def grid_crop_marks(c: Canvas, slots: list[Slot], length: float = mm(3), gap: float = mm(1),
                    avoid: Sequence[Box] = ()) -> None:
    """Crop marks for a paper cutter: every cut line of the card grid, extended into the margins,
    none within a millimetre of the ruler (``avoid``: its boxes)."""
    marks.grid_crop_marks(c, slots, CARD_W, CARD_H, length=length, gap=gap, avoid=avoid)


def _ruler_boxes(paper: Paper, origin: tuple[float, float], vertical: bool, label: str) -> list[Box]:
    """Where :func:`_ruler` draws: the scale and, along the bottom, the label and the pictures' credit."""
    from kcal.print.layout import SheetLayout, TileGeometry
    from kcal.print.pictures import CREDIT

    if vertical:  # turned a quarter turn about a point 8 mm right of the origin, without a label
        layout = SheetLayout(paper, TileGeometry(), (), (origin[0] + mm(8), origin[1]), ruler_vertical=True)
        return marks.ruler_boxes(layout, "", CREDIT)
    return marks.ruler_boxes(SheetLayout(paper, TileGeometry(), (), origin), label, CREDIT)


def _ruler(c: Canvas, origin: tuple[float, float], vertical: bool, label: str) -> None:
    """The ruler, with the credit of the pictures in the cards' title bands (docs/art.md)."""
    from kcal.print.pictures import CREDIT

    if not vertical:
        ruler(c, origin[0], origin[1], label, CREDIT)
        return
    c.saveState()
    c.translate(origin[0] + mm(8), origin[1])
    c.rotate(90)
    ruler(c, 0, 0, "", CREDIT)
    c.restoreState()
    _ = MM
