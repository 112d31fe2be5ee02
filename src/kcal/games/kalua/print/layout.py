"""Kalua's card-face geometry as data: every size and place on a printed face, by name.

In the manner of Squib's layouts and ReportLab's "page geometry and styles are data": the drawing code in
:mod:`.faces` reads its numbers from here, by name, and holds none of its own. Sizes are for a poker card
(63 x 88 mm); the faces multiply them by the card's scale. Suffixes say the unit: ``_mm`` millimetres
(converted with :func:`kcal.print.layout.mm`), ``_pt`` points; a bare number is a ratio or a count.
Colours live in :mod:`.palette`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Frame:
    """The coloured, patterned border band and the white panel inside it."""

    band_mm: float = 3.2  #: the band at the sides and the foot
    top_band_mm: float = 6.5  #: the band at the top, where the kind's word sits


@dataclass(frozen=True)
class Patterns:
    """A kind's pattern over its band colour."""

    dot_mm: float = 0.8
    dot_step_mm: float = 2.0
    stripe_mm: float = 0.55
    stripe_step_mm: float = 2.2
    ray_mm: float = 0.8


@dataclass(frozen=True)
class KindWord:
    """The kind's word on its rounded tab in the top band (also the help card's heading)."""

    size_pt: float = 7.2
    tab_pad_mm: float = 3  #: the tab is the word's width plus this
    tab_drop_mm: float = 5.6  #: the tab's foot, below the card's top edge
    tab_h_mm: float = 4.4
    tab_radius_mm: float = 1.2
    baseline_drop_mm: float = 4.6  #: the word's baseline, below the card's top edge


@dataclass(frozen=True)
class CostBadge:
    """The PP cost in the top left corner: a white disc with the number and a praying point."""

    radius_mm: float = 4.2
    inset_mm: float = 0.8  #: from the panel's top left corner to the disc
    ring_pt: float = 0.6


@dataclass(frozen=True)
class Name:
    """The card's name, clear of the cost badge."""

    size_pt: float = 11.5
    smallest_pt: float = 6.5
    max_lines: int = 2
    leading: float = 1.12
    badge_gap_mm: float = 1.6  #: kept free beside (and under) the badge
    top_two_lines_mm: float = 1.2  #: below the panel's top, for a name on two lines
    top_one_line_mm: float = 2.6  #: below the panel's top, for a name on one line


@dataclass(frozen=True)
class Effects:
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


@dataclass(frozen=True)
class Plate:
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


@dataclass(frozen=True)
class Flavour:
    """The flavour text at the foot, under a short rule."""

    size_pt: float = 6.2
    smallest_pt: float = 5.0
    max_lines: int = 2
    leading: float = 1.15
    room_gap_mm: float = 2.5  #: kept above the flavour text for its rule
    rule_pt: float = 0.5
    rule_half_mm: float = 8
    rule_gap_mm: float = 0.9  #: the rule above the text's top


@dataclass(frozen=True)
class Help:
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


@dataclass(frozen=True)
class Back:
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


@dataclass(frozen=True)
class Volcano:
    """The disaster back's volcano, above the disc's centre, and its three embers."""

    base_rise_mm: float = 6
    foot_half_mm: float = 7
    crater_half_mm: float = 2
    height_mm: float = 8
    outline_pt: float = 0.6
    #: (x from the centre, rise above the base, radius)
    embers_mm: tuple[tuple[float, float, float], ...] = ((0, 10, 1.8), (-2.2, 11.5, 1.2), (2.2, 11.8, 1.0))


FRAME = Frame()
PATTERNS = Patterns()
KIND_WORD = KindWord()
COST = CostBadge()
NAME = Name()
EFFECTS = Effects()
PLATE = Plate()
FLAVOUR = Flavour()
HELP = Help()
BACK = Back()
VOLCANO = Volcano()
