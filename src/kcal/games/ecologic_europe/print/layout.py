"""EcoLogic: Europe's card-face and board geometry as data: every size and place, by name.

In the manner of Squib's layouts and ReportLab's "page geometry and styles are data": the drawing code in
:mod:`.faces` reads its numbers from here, by name, and holds none of its own. Card sizes are for a poker
card (63 x 88 mm); the faces multiply them by the card's scale (the board is drawn at full size).
Suffixes say the unit: ``_mm`` millimetres (converted with :func:`kcal.print.layout.mm`), ``_pt`` points;
a bare number is a ratio or a count. A ratio ``_of_icon`` is a share of the species card's icon height.
"""

from __future__ import annotations

from kcal.print.layout import Sizes


class Frame(Sizes):
    """The coloured band into the bleed and the white panel inside it."""

    band_mm: float = 2.8
    min_radius_mm: float = 1.2  #: the panel's corner radius, at least


class Chip(Sizes):
    """A lettered icon (the game prints no art)."""

    ring_pt: float = 0.4
    letters_of_h: float = 0.55  #: the letters' size, as a share of the chip's height
    pad_of_h: float = 0.4  #: a chip is its letters' width plus this share of its height
    corner_of_h: float = 0.25


class Text(Sizes):
    """Centred lines of text."""

    leading: float = 1.18
    baseline: float = 0.25  #: the baseline above the line's foot, as a share of the size


class Species(Sizes):
    """A species card. The upper half: the top line, the habitat row, the name, the Latin name, the fact.
    The lower half: the rules in words and, at its foot, the picture (a named part: ``picture_*``)."""

    pad_mm: float = 2  #: the panel's inner margin
    icon_mm: float = 6.2  #: the icon height everything on the top two rows is measured by
    production_pt: float = 11
    number_drop: float = 0.15  #: a production number's baseline below the top line's centre, per its size
    season_pt: float = 4.6  #: the season's short word under each production number
    season_drop: float = 1.25  #: its baseline below the number's, as a share of its size
    season_gap_mm: float = 1.1  #: between two production numbers
    production_gap_mm: float = 0.8
    bonus_of_icon: float = 0.85
    bonus_gap_mm: float = 1
    consumption_pt: float = 13
    consumption_gap_mm: float = 1.2
    food_of_icon: float = 0.78
    icon_gap_mm: float = 0.6  #: between two food or habitat icons
    type_of_icon: float = 1.1  #: the species type's disc at the right of the top line
    rule_drop: float = 0.75  #: the rule under the top line, below its centre, as a share of the icon
    rule_pt: float = 0.6
    habitat_drop: float = 0.7  #: the habitat row's centre, below the rule, as a share of the icon
    habitat_of_icon: float = 0.8
    name_gap_mm: float = 1.2
    name_pt: float = 11
    name_smallest_pt: float = 7
    name_lines: int = 2
    latin_pt: float = 7.5
    latin_smallest_pt: float = 5.5
    latin_lines: int = 1
    fact_gap_mm: float = 1
    fact_pt: float = 6.5
    fact_smallest_pt: float = 4.8
    half_gap_mm: float = 0.8  #: kept free on each side of the line between the two halves
    rules_pt: float = 6.2  #: the rules in words, at most
    rules_smallest_pt: float = 4.6
    picture_mm: float = 13  #: the picture's square side
    picture_rise_mm: float = 2.2  #: the picture's foot above the panel's foot (the id is beside it)
    picture_gap_mm: float = 0.8  #: between the rules in words and the picture
    footer_pt: float = 5
    footer_rise: float = 0.6  #: the footer's baseline above the panel's foot, as a share of the pad


class Key(Sizes):
    """The symbol key card: every chip, with its name, in two columns per section."""

    pad_mm: float = 2.5
    title_pt: float = 8
    section_pt: float = 6.5
    chip_mm: float = 3.4
    row_mm: float = 3.9
    word_pt: float = 5.6
    note_pt: float = 5.4
    icon_gap_mm: float = 0.6  #: between the picture and the title's room


class Picture(Sizes):
    """A card's picture (docs/art.md): a square in the card's lower half, centred across the panel."""

    size_mm: float = 22  #: the square's side
    top_below_middle_mm: float = 1.5  #: its top, below the panel's middle or the words, whichever is lower
    above_foot_mm: float = 4  #: kept free above the panel's foot (the card's id): a long fact shrinks it


class Back(Sizes):
    """A card's back: the game's name, the species type, its chip."""

    title_pt: float = 14
    title_rise_mm: float = 4
    word_pt: float = 10
    word_drop_mm: float = 4
    chip_left_mm: float = 6  #: the chip's left edge, left of the centre
    chip_drop_mm: float = 18
    chip_mm: float = 12


class Event(Sizes):
    """A weather or human-impact card: the kind, the name, the text, the id."""

    pad_mm: float = 2.5
    kind_pt: float = 8
    kind_smallest_pt: float = 6
    kind_lines: int = 1
    name_gap_mm: float = 2
    name_pt: float = 14
    name_smallest_pt: float = 8
    name_lines: int = 2
    text_gap_mm: float = 4
    text_pt: float = 9
    text_smallest_pt: float = 5.5
    text_lines: int = 8
    footer_pt: float = 6
    footer_rise: float = 0.6  #: as a share of the pad


class TokenSheet(Sizes):
    """A page of square tokens sharing their cut lines: biomass, remains and fed species, in rows."""

    cell_mm: float = 11  #: a token's side
    margin_mm: float = 10
    header_mm: float = 16  #: the title and the instructions above the tokens
    footer_mm: float = 12  #: the ruler below them
    title_pt: float = 12
    note_pt: float = 8
    cut_pt: float = 0.3
    ring_pt: float = 0.4


class BoardSide(Sizes):
    """One side of a habitat board at full size (not scaled): card-sized fields on the habitat's colour,
    centred on the page so that the two sides line up whichever edge the printer flips on."""

    columns: int = 3
    gap_mm: float = 2  #: around and between the fields (A4: the board stays 6.5 mm inside the paper)
    header_mm: float = 12  #: the board's height beyond its fields (the title strip)
    ring_pt: float = 1
    radius_mm: float = 4
    title_pt: float = 15
    title_drop_mm: float = 8.5  #: the title's baseline below the board's top
    note_pt: float = 9
    fields_drop_mm: float = 11  #: the first row of fields below the board's top
    field_radius_mm: float = 3
    field_dash: tuple[int, int] = (3, 2)
    field_pt: float = 9
    field_letters_pt: float = 26
    instruction_pt: float = 9
    instruction_drop_mm: float = 12  #: the first instruction line's baseline below the page's top
    edge_pt: float = 8.5
    edge_drop_mm: float = 6  #: the edge note's first line below the board
    ruler_mm: float = 8  #: the ruler's corner, from the page's bottom left


FRAME = Frame()
CHIP = Chip()
TEXT = Text()
SPECIES = Species()
BACK = Back()
PICTURE = Picture()
EVENT = Event()
KEY = Key()
TOKEN_SHEET = TokenSheet()
BOARD_SIDE = BoardSide()
