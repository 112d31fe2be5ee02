"""How many Calories?'s card-face geometry as data: every size and place on a printed face, by name.

In the manner of Squib's layouts and ReportLab's "page geometry and styles are data": the drawing code in
:mod:`.faces` (and the reference sheets' card icon in :mod:`.rulebook`) reads its numbers from here, by name,
and holds none of its own. Sizes are for a poker card (63 x 88 mm); the faces multiply them by the card's
scale (the icon, :class:`CardIcon`, is drawn as given). Suffixes say the unit: ``_mm`` millimetres
(converted with :func:`kcal.print.layout.mm`), ``_pt`` points; a bare number is a ratio or a count.
Colours live in :mod:`.palette`.
"""

from __future__ import annotations

from kcal.print.layout import Sizes


class Frame(Sizes):
    """The colour's patterned border band (the same all round) and the white panel inside it."""

    band_mm: float = 3.5


class Patterns(Sizes):
    """A colour's pattern over its band."""

    dot_mm: float = 0.84
    dot_step_mm: float = 1.9
    stripe_mm: float = 0.55
    stripe_step_mm: float = 2.2
    grid_mm: float = 0.4
    grid_step_mm: float = 2.0


class Index(Sizes):
    """The corner index (top left, and turned at the bottom right): the number, the colour's letter."""

    column_mm: float = 6.2  #: the index's centre line, right of the panel's left edge
    number_pt: float = 19
    number_drop_mm: float = 8.6  #: the number's baseline, below the panel's top
    badge_radius_mm: float = 2.7
    badge_drop_mm: float = 13.2  #: the letter badge's centre, below the panel's top
    badge_ring_pt: float = 0.5
    letter_pt: float = 8.5


class Heading(Sizes):
    """The colour's word at the top of a food card."""

    size_pt: float = 7.5
    baseline_drop_mm: float = 5.6  #: below the panel's top


class Plate(Sizes):
    """The plate in the middle with the number (or +5) on it."""

    radius_mm: float = 14.5
    radius_of_panel: float = 0.28  #: at most this share of the panel's width
    drop_mm: float = 10  #: the plate's top, below the panel's top
    tall_drop: float = 0.35  #: the share of a taller card's extra height the plate moves down
    ring_pt: float = 1.8
    number_pt: float = 34
    number_of_radius: float = 1.25  #: the number is at most this share of the radius
    below_mm: float = 2.2  #: the text starts this far under the plate
    icon_of_radius: float = 0.95  #: the picture's square on the plate, as a share of the radius
    icon_rise_of_radius: float = 0.33  #: the picture's centre above the plate's, as a share of the radius
    pictured_number_of_radius: float = 0.58  #: the number under a picture, as a share of the radius
    pictured_number_drop_of_radius: float = 0.66  #: its baseline below the plate's centre


class Texts(Sizes):
    """A food card's words under the plate: the food, its kcal, the serving and the fact."""

    margin_mm: float = 4  #: a line is the panel's width less this
    food_pt: float = 12.5
    food_smallest_pt: float = 7.5
    food_lines: int = 2
    food_leading: float = 1.15
    kcal_pt: float = 14.5
    kcal_gap_mm: float = 0.6
    kcal_leading: float = 1.15
    serving_pt: float = 7.6
    serving_smallest_pt: float = 5.4
    serving_lines: int = 2
    serving_gap_mm: float = 1.2
    fact_pt: float = 6.8
    fact_smallest_pt: float = 5
    fact_lines: int = 3
    fact_gap_mm: float = 1.8


class Block(Sizes):
    """A block of centred text, across the panel or clear of the bottom right corner index."""

    index_top_mm: float = 16.5  #: the corner index's top, above the panel's foot
    foot_mm: float = 2  #: kept free above the panel's foot
    leading: float = 1.2
    margin_mm: float = 4  #: across the panel: the panel's width less this
    index_column_mm: float = 12.5  #: beside the index: this much less on each side


class Plus(Sizes):
    """The +5 card's words under its plate."""

    title_pt: float = 11
    title_leading: float = 1.15
    rule_pt: float = 7.2
    rule_smallest_pt: float = 5
    rule_lines: int = 3
    rule_gap_mm: float = 1.1


class Back(Sizes):
    """The common back: a panel inside the border with the title, the composition chart and a foot."""

    inset_mm: float = 3  #: the panel inside the card's edge
    min_radius_mm: float = 1.5
    title_pt: float = 10.5
    title_smallest_pt: float = 6
    title_margin_mm: float = 4
    title_drop_mm: float = 1.5
    leading: float = 1.2
    subtitle_pt: float = 6.5
    foot_pt: float = 5.6
    foot_lines: int = 2
    foot_rise_mm: float = 1.8  #: the foot's lines above the panel's bottom
    chart_margin_mm: float = 2  #: the chart's sides inside the panel
    chart_gap_mm: float = 1  #: between the chart and the foot
    chart_top_gap_mm: float = 1.2  #: between the title and the chart


class Chart(Sizes):
    """The back's composition chart: a column per colour, a chip per card."""

    pattern_scale: float = 0.8  #: the header chip's pattern, this much finer than a band's
    chip_of_column: float = 0.78
    chip_of_row: float = 0.8
    corner: float = 0.25  #: a chip's corner radius, as a share of its height
    letter_pt: float = 8.5
    letter_of_chip: float = 0.62  #: the letter is at most this share of the chip's height
    badge_of_letter: float = 0.75  #: the header's white disc radius, as a share of the letter size


class CardIcon(Sizes):
    """The reference sheets' small card beside a paragraph (``@card``): colour, pattern, number, letter.

    Drawn at this size, not scaled.
    """

    w_mm: float = 9
    h_mm: float = 12.5
    radius_mm: float = 1.2
    pattern_scale: float = 0.6  #: the pattern, this much finer than a band's
    inset_mm: float = 1.1  #: the white panel inside the card's edge
    panel_radius_mm: float = 0.8
    number_pt: float = 10
    number_drop_pt: float = 0.5  #: the number's baseline, below the card's middle
    letter_pt: float = 6
    letter_rise_mm: float = 2  #: the letter's baseline, above the card's foot
    outline_pt: float = 0.4


FRAME = Frame()
PATTERNS = Patterns()
INDEX = Index()
HEADING = Heading()
PLATE = Plate()
TEXTS = Texts()
BLOCK = Block()
PLUS = Plus()
BACK = Back()
CHART = Chart()
CARD_ICON = CardIcon()
