"""Kalua's card-face and board geometry as data: every size and place, by name.

In the manner of Squib's layouts and ReportLab's "page geometry and styles are data": the drawing code in
:mod:`.faces` and :mod:`.board` reads its numbers from here, by name, and holds none of its own. Card sizes
are for a poker card (63 x 88 mm); the faces multiply them by the card's scale. The board's are at full
size: its picture in millimetres from the board's bottom left corner, the marks on its sheets in
millimetres on the page (see :class:`BoardSize` and below). Suffixes say the unit: ``_mm`` millimetres
(converted with :func:`kcal.print.layout.mm`), ``_pt`` points; a bare number is a ratio or a count.
Colours live in :mod:`.palette`.
"""

from __future__ import annotations

from kcal.print.layout import Sizes


class Frame(Sizes):
    """The coloured, patterned border band and the white panel inside it."""

    band_mm: float = 3.2  #: the band at the sides and the foot
    top_band_mm: float = 6.5  #: the band at the top, where the kind's word sits


class Patterns(Sizes):
    """A kind's pattern over its band colour."""

    dot_mm: float = 0.8
    dot_step_mm: float = 2.0
    stripe_mm: float = 0.55
    stripe_step_mm: float = 2.2
    ray_mm: float = 0.8


class KindWord(Sizes):
    """The kind's word on its rounded tab in the top band (also the help card's heading)."""

    size_pt: float = 7.2
    tab_pad_mm: float = 3  #: the tab is the word's width plus this
    tab_drop_mm: float = 5.6  #: the tab's foot, below the card's top edge
    tab_h_mm: float = 4.4
    tab_radius_mm: float = 1.2
    baseline_drop_mm: float = 4.6  #: the word's baseline, below the card's top edge


class CostBadge(Sizes):
    """The PP cost in the top left corner: a white disc with the number and a praying point."""

    radius_mm: float = 4.2
    inset_mm: float = 0.8  #: from the panel's top left corner to the disc
    ring_pt: float = 0.6


class Name(Sizes):
    """The card's name, clear of the cost badge."""

    size_pt: float = 11.5
    smallest_pt: float = 6.5
    max_lines: int = 2
    leading: float = 1.12
    badge_gap_mm: float = 1.6  #: kept free beside (and under) the badge
    top_two_lines_mm: float = 1.2  #: below the panel's top, for a name on two lines
    top_one_line_mm: float = 2.6  #: below the panel's top, for a name on one line


class Effects(Sizes):
    """Every effect in words, under the plate of icons."""

    margin_mm: float = 3.5  #: the column is the panel's width less this
    foot_mm: float = 1.5  #: kept free above the panel's foot
    size_pt: float = 8.0  #: the largest size tried
    smallest_pt: float = 5.0  #: the smallest size tried
    step_pt: float = 0.25
    shrink: float = 0.9  #: a single line may shrink to this share of the size found
    max_lines: int = 5
    leading: float = 1.16
    gap_mm: float = 0.7  #: between two effects
    below_plate_mm: float = 1.2
    sink: float = 0.35  #: the share of the free room the words sit below the plate


class Plate(Sizes):
    """The plate of icons: one slot per effect, its icon, amount and whom it touches."""

    min_mm: float = 16
    max_mm: float = 36
    above_mm: float = 2.2  #: room kept between the name and the plate
    drop_mm: float = 1  #: the plate's top, below the name
    below_mm: float = 2  #: room kept between the plate and the words
    margin_mm: float = 4  #: the plate is the panel's width less this
    outline_pt: float = 0.9
    radius_mm: float = 2
    icon_max_mm: float = 13
    icon_of_slot: float = 0.62
    icon_of_plate: float = 0.46
    label_h_mm: float = 3.2  #: the strip at the plate's foot for whom
    amount_pt: float = 13
    amount_of_slot: float = 0.3
    amount_of_plate: float = 0.24
    icon_rise: float = 0.62  #: the icon's centre, as a share of the plate above the label (with an amount)
    icon_rise_alone: float = 0.5  #: the same without an amount
    amount_rise: float = 0.2  #: the amount's centre, as a share of the plate above the label
    whom_pt: float = 5.8
    whom_baseline_mm: float = 1.4


class Picture(Sizes):
    """The card's picture (its event: docs/art.md), between the name and the plate of effects."""

    size_mm: float = 15  #: the picture's square
    gap_mm: float = 1.2  #: above and below it


class Flavour(Sizes):
    """The flavour text at the foot, under a short rule."""

    size_pt: float = 6.2
    smallest_pt: float = 5.0
    max_lines: int = 2
    leading: float = 1.15
    room_gap_mm: float = 2.5  #: kept above the flavour text for its rule
    rule_pt: float = 0.5
    rule_half_mm: float = 8
    rule_gap_mm: float = 0.9  #: the rule above the text's top


class Help(Sizes):
    """A player help card: the god's heading, the title, the turn in short lines."""

    title_pt: float = 10.5
    title_smallest_pt: float = 6.5
    title_drop_mm: float = 1
    title_leading: float = 1.2
    margin_mm: float = 3  #: the text column is the panel's width less this
    foot_mm: float = 1.5
    size_pt: float = 7.8
    smallest_pt: float = 4.6
    step_pt: float = 0.25
    shrink: float = 0.9
    max_lines: int = 6
    leading: float = 1.14
    gap_mm: float = 1.0  #: above each line of the turn
    indent_mm: float = 1.5
    baseline: float = 0.26  #: the baseline above the line's foot, as a share of the size
    head_chars: int = 24  #: a bold head ("1 Draw:") is at most this long
    icon_mm: float = 5.5  #: the picture's square, left of the title (the title keeps clear of it on both sides)
    icon_inset_mm: float = 1.2  #: from the panel's left edge


class Back(Sizes):
    """The backs: a white disc with the set's name and the deck's word, an emblem above."""

    ring_pt: float = 1.4
    disc_radius_mm: float = 20
    title_pt: float = 15
    title_smallest_pt: float = 7
    title_margin_mm: float = 4  #: the title's width is the disc's less this
    title_rise_mm: float = 1
    word_pt: float = 8.5
    word_drop_mm: float = 6
    disaster_stripes: float = 1.6  #: the disaster back's stripes, this much larger than a band's
    flower_rise_mm: float = 10
    flower_radius_mm: float = 4.5
    leader_rise_mm: float = 11
    leader_h_mm: float = 9


class Volcano(Sizes):
    """The disaster back's volcano, above the disc's centre, and its three embers."""

    base_rise_mm: float = 6
    foot_half_mm: float = 7
    crater_half_mm: float = 2
    height_mm: float = 8
    outline_pt: float = 0.6
    #: (x from the centre, rise above the base, radius)
    embers_mm: tuple[tuple[float, float, float], ...] = ((0, 10, 1.8), (-2.2, 11.5, 1.2), (2.2, 11.8, 1.0))


# --- the board (:mod:`.board`): drawn at full size, never scaled ---------------------------------------


class BoardSize(Sizes):
    """The whole board, and how it is tiled across sheets."""

    w_mm: float = 380.0
    h_mm: float = 480.0
    overlap_mm: float = 12.0  #: how far neighbouring sheets overlap (the glue strip's width)
    footer_text_mm: float = 9.0  #: the footer's text, above the ruler strip under the picture


class Waves(Sizes):
    """The sea's waves: staggered rows of short arcs."""

    line_pt: float = 0.8
    first_row_mm: float = 8  #: the first row, above the board's foot
    row_step_mm: float = 19
    first_mm: float = 6  #: the first wave, right of the board's left edge
    step_mm: float = 30
    stagger_mm: float = 15  #: every other row moves right this much
    control_1_mm: float = 3  #: the arc's first control point, along it
    control_2_mm: float = 6
    length_mm: float = 9
    crest_mm: float = 2.2  #: the control points' height


class Island(Sizes):
    """The island: an irregular outline of sand round the land (the outline's shape is :mod:`.board`'s)."""

    centre_x_mm: float = 192
    centre_y_mm: float = 272
    radius_x_mm: float = 160
    radius_y_mm: float = 128
    outline_pt: float = 1.2
    beach_mm: float = 9  #: the sand's width: the land is this much smaller all round


class IslandVolcano(Sizes):
    """The island's volcano (its slopes' shape is :mod:`.board`'s)."""

    centre_x_mm: float = 292
    base_mm: float = 292  #: the foot, above the board's foot
    w_mm: float = 72  #: the foot's width
    h_mm: float = 56
    outline_pt: float = 1
    lava_mm: float = 2  #: the lava's depth in the crater


class Palms(Sizes):
    """The palm trees on the land (their shape is :mod:`.board`'s)."""

    #: (x, y of the trunk's foot, height)
    at_mm: tuple[tuple[float, float, float], ...] = ((62, 220, 26), (96, 350, 22), (238, 370, 24), (318, 200, 22),
                                                     (262, 168, 20), (60, 300, 18))


class IslandName(Sizes):
    """The island's name at the top left, and the card set's name under it."""

    x_mm: float = 16
    size_pt: float = 44
    smallest_pt: float = 16
    width_mm: float = 150
    lines: int = 1
    drop_mm: float = 24  #: the name's baseline, below the board's top
    set_pt: float = 11
    set_smallest_pt: float = 8  #: the set's name shrinks to this, then is shortened (with a warning)
    set_drop_mm: float = 32  #: the set's name's baseline, below the board's top


class Clearing(Sizes):
    """The atheists' clearing on the island: a dashed circle, its words and the atheists shown."""

    centre_x_mm: float = 172
    centre_y_mm: float = 266
    radius_mm: float = 58
    outline_pt: float = 1.2
    dash_pt: tuple[float, ...] = (6, 3)
    title_pt: float = 24
    title_rise_mm: float = 34  #: each line's baseline, above the centre
    start_pt: float = 11
    start_rise_mm: float = 27
    counts_pt: float = 10
    counts_rise_mm: float = 21.5
    gods: int = 5  #: the atheists shown are the island's with this many gods
    most: int = 15  #: at most this many shown
    per_row: int = 5
    meeple_step_mm: float = 15  #: between two atheists in a row
    meeple_rise_mm: float = 6  #: the first row's centre, above the centre
    row_step_mm: float = 17
    meeple_mm: float = 12
    note_pt: float = 9.5
    note_drop_mm: float = 7  #: the note's baseline, below the circle


class Legend(Sizes):
    """The legend of icons on the sea at the top right: a line for each icon, and a rule."""

    x_mm: float = 118  #: the legend's icons and rule start this far left of the board's right edge
    top_mm: float = 14  #: the legend's first line, below the board's top
    box_left_mm: float = 4  #: the box's left edge, left of the legend's
    box_drop_mm: float = 31  #: the box's foot, below the legend's first line
    box_w_mm: float = 114
    box_h_mm: float = 37
    box_radius_mm: float = 3
    box_outline_pt: float = 0.8
    icon_x_mm: float = 3  #: the icons' centres, right of the legend's left edge
    text_x_mm: float = 9
    text_pt: float = 9.5
    flower_drop_mm: float = 2  #: each icon's centre, below the first line
    flower_radius_mm: float = 3.2
    flower_text_drop_mm: float = 3.5  #: each icon's words' baseline, below the first line
    pp_drop_mm: float = 11
    pp_radius_mm: float = 2.8
    pp_text_drop_mm: float = 12.5
    family_drop_mm: float = 20
    family_mm: float = 7
    family_text_drop_mm: float = 21.5
    rule_pt: float = 9
    rule_drop_mm: float = 28.5


class ConvertPool(Sizes):
    """The convert pool (phase 4) on the sea above the track: a box with a dashed place inside."""

    x_mm: float = 16
    y_mm: float = 86
    w_mm: float = 150
    h_mm: float = 42
    radius_mm: float = 4
    outline_pt: float = 1
    inset_mm: float = 4  #: the dashed place's left and foot, inside the box's
    place_narrower_mm: float = 8  #: the dashed place is the box's width less this
    place_shorter_mm: float = 16  #: ... and its height less this
    place_radius_mm: float = 3
    dash_pt: tuple[float, ...] = (5, 3)
    title_pt: float = 13
    title_x_mm: float = 5  #: right of the box's left edge
    title_drop_mm: float = 8  #: the baseline, below the box's top
    note_pt: float = 9
    note_x_mm: float = 50
    note_drop_mm: float = 7.5


class TurnPanel(Sizes):
    """The turn, in a box beside the convert pool (as low and as tall as the pool)."""

    x_mm: float = 196  #: right of both seams (x 186 mm on A4, 192 on Letter)
    w_mm: float = 168
    radius_mm: float = 4
    title_pt: float = 13
    title_x_mm: float = 5
    title_drop_mm: float = 8
    step_pt: float = 9.5
    step_x_mm: float = 5
    step_drop_mm: float = 15  #: the first step's baseline, below the box's top
    step_gap_mm: float = 5.2  #: from one step's baseline to the next


class Track(Sizes):
    """The happiness track at the board's foot: a box per value in a frame, its title and rules."""

    margin_mm: float = 16  #: the boxes stay this far inside the board's sides
    gap_mm: float = 2.5
    box_max_mm: float = 28
    y_mm: float = 22  #: the boxes' foot
    frame_left_mm: float = 5  #: the frame's left edge, left of the first box
    frame_below_mm: float = 10  #: the frame's foot, below the boxes'
    frame_wider_mm: float = 10  #: the frame is the boxes' width plus this
    frame_taller_mm: float = 24  #: ... and a box's height plus this
    frame_radius_mm: float = 4
    frame_outline_pt: float = 1
    title_pt: float = 14
    title_rise_mm: float = 6  #: the title's baseline, above the boxes
    note_pt: float = 9
    note_x_mm: float = 36
    note_rise_mm: float = 6.5
    box_radius_mm: float = 2.5
    box_outline_pt: float = 1
    start_outline_pt: float = 2.2  #: the starting value's box
    number_pt: float = 26.0  #: at most
    number_of_box: float = 0.55  #: the number is at most this share of the box
    number_rise: float = 0.42  #: the number's baseline, as a share of the box above its foot
    flower_x: float = 0.18  #: the flower's centre, as shares of the box
    flower_y: float = 0.82
    flower_radius: float = 0.1
    start_pt: float = 7.5  #: the word START in the starting value's box
    start_rise_mm: float = 2
    rules_pt: float = 8.5
    phase_4_drop_mm: float = 4.5  #: each rule's baseline, below the boxes
    phase_5_drop_mm: float = 8.5


class GlueStrip(Sizes):
    """The overlap a sheet carries for the next one: hatched, with a solid line for its edge."""

    veil: float = 0.55  #: the white veil's opacity over the picture
    hatch_pt: float = 0.6
    hatch_step_mm: float = 3
    edge_pt: float = 1.4
    labels_at: tuple[float, ...] = (0.2, 0.5, 0.8)  #: the labels' places, as shares of the strip's length


class GlueLabel(Sizes):
    """A glue strip's label: bold words in a white box."""

    size_pt: float = 8.0
    pad_mm: float = 3  #: the box is the words' width plus this
    half_h_mm: float = 2.2
    h_mm: float = 4.4
    outline_pt: float = 0.6
    baseline: float = 0.36  #: the baseline below the centre, as a share of the size


class CutLine(Sizes):
    """The dashed line along a sheet's picture edge that is laid on the previous sheet."""

    line_pt: float = 0.8
    dash_pt: tuple[float, ...] = (4, 3)
    beyond_mm: float = 4  #: the line runs this far past the picture at each end


class CornerTicks(Sizes):
    """Thin crop ticks at the picture's corners."""

    line_pt: float = 0.5
    gap_mm: float = 1  #: between the corner and the tick
    length_mm: float = 4


class SheetFooter(Sizes):
    """Under the picture: the sheet's label, what to do, the ruler."""

    x_mm: float = 2  #: right of the picture's left edge
    label_pt: float = 8
    label_drop_mm: float = 2.4  #: each line's baseline, below the footer's top
    steps_pt: float = 6.5
    steps_smallest_pt: float = 4.0
    steps_lines: int = 1
    steps_drop_mm: float = 5.4
    steps_margin_mm: float = 2  #: the steps stop this far inside the page margin
    ruler_rise_mm: float = 1.5  #: above the page margin


class AssemblyGrid(Sizes):
    """In the footer's right corner: a cell per sheet, this sheet filled, and its name."""

    cell_mm: float = 3.2
    rise_mm: float = 1  #: above the page margin
    line_pt: float = 0.5
    label_pt: float = 6
    label_gap_mm: float = 1.5  #: between the name and the grid
    label_rise_mm: float = 0.6  #: the name's baseline, above the grid's foot


FRAME = Frame()
PATTERNS = Patterns()
KIND_WORD = KindWord()
COST = CostBadge()
NAME = Name()
EFFECTS = Effects()
PLATE = Plate()
PICTURE = Picture()
FLAVOUR = Flavour()
HELP = Help()
BACK = Back()
VOLCANO = Volcano()
BOARD = BoardSize()
WAVES = Waves()
ISLAND = Island()
ISLAND_VOLCANO = IslandVolcano()
PALMS = Palms()
ISLAND_NAME = IslandName()
CLEARING = Clearing()
LEGEND = Legend()
CONVERT_POOL = ConvertPool()
TURN = TurnPanel()
TRACK = Track()
GLUE_STRIP = GlueStrip()
GLUE_LABEL = GlueLabel()
CUT_LINE = CutLine()
CORNER_TICKS = CornerTicks()
SHEET_FOOTER = SheetFooter()
ASSEMBLY_GRID = AssemblyGrid()
