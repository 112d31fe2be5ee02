"""The nouns of Kalua: decks, card kinds, effect kinds and targets, leader actions, the numbers the
rulebook fixes.

Everything here is a small enum or constant; the engine keeps them as ints (the ``*_INDEX`` tables).
A card is named by its printed name; names compare case-insensitively with white space folded
(:func:`fold`), so ``temple destroyed!`` and ``Temple  Destroyed!`` are one card.
"""

from __future__ import annotations

from enum import Enum

GAME_ID = "kalua"
GAME_NAME = "Kalua"

# --- the numbers of the rulebook ("Initial Setup", "Sequence of Play", "Global Disaster") ---------------
START_FAMILIES = 10  # families each god begins with
START_PP = 5  # praying points each god begins with
START_HAPPINESS = 5  # the happiness marker's first space
HAPPINESS_MIN, HAPPINESS_MAX = 0, 10  # the track; happiness is clamped to it
ATHEISTS_PER_PLAYER = 3  # atheists on the island at the start, per player
HAND_TARGET = 5  # phase 1 draws up to this many cards (one card when the hand already has them)
BUY_COST = 5  # PP for a card bought at any time
PROTECTION_COST = 6  # a global disaster paid 6: its player is protected from it
DOUBLE_COST = 12  # a global disaster paid 12: its effects double, no protection
GLOBAL_PAYMENTS = (0, PROTECTION_COST, DOUBLE_COST)
FAMILIES_PER_PP = 5  # phase 5: 1 PP per 5 families, rounded up
UNHAPPIEST_BONUS = 4  # phase 5 extra PP for the unhappiest religions
MIDDLE_BONUS = 2  # phase 5 extra PP for religions neither the happiest nor the unhappiest
UNHAPPIEST_GIVE = 2  # phase 4: families each unhappiest religion puts into the convert pool
MIDDLE_GIVE = 1  # phase 4: families each middle religion puts into the convert pool
HAPPIEST_TAKE_MAX = 3  # phase 4: at most this many families go to each happiest religion
SPEECH_HAPPINESS = 1  # leader action a)
CONVERT_ATHEISTS = 2  # leader action b)
CONVERT_BELIEVERS = 1  # leader action c)
SACRIFICE_ATHEISTS = 5  # leader action d): up to this many atheists
#: the published composition: 21 bonus, 19 local disaster, 10 global disaster
COMPOSITION = {"bonus": 21, "local": 19, "global": 10}
HELP_CARDS = 5
MIN_PLAYERS, MAX_PLAYERS = 3, 5
#: kcal's house rule (ruling "turn-limit"): a game not won after this many turns stops, unfinished
DEFAULT_TURN_LIMIT = 300
MAX_TURN_LIMIT = 100_000


class Deck(str, Enum):
    """The two draw piles: bonus cards, and local and global disasters shuffled together."""

    BONUS = "bonus"
    DISASTER = "disaster"


class Kind(str, Enum):
    """A card's kind (the rulebook's three types)."""

    BONUS = "bonus"
    LOCAL = "local"  # local disaster: one god, chosen when the card resolves
    GLOBAL = "global"  # global disaster: everyone; paid 0, 6 (protection) or 12 (double)


class Target(str, Enum):
    """Whom an effect touches."""

    SELF = "self"  # the god who played the card
    CHOSEN = "chosen"  # one god, chosen by the card's player when the card resolves
    EVERYONE = "everyone"  # every god still in the game


class EffectKind(str, Enum):
    """The rulebook's table of effects."""

    PRAYING_POINTS = "praying_points"  # +/- n PP
    HAPPINESS = "happiness"  # +/- n happiness
    FAMILY_DEATHS = "family_deaths"  # n families die (removed from the game)
    FAMILIES_TO_ATHEISM = "families_to_atheism"  # n families turn atheist (to the island)
    ATHEISTS_CONVERT = "atheists_convert"  # n atheists convert (from the island)
    DISCARD = "discard"  # discard n cards (the god discarding chooses which)
    KEEP = "keep"  # the card stays in front of its player
    RECOVER_LEADER = "recover_leader"  # the leader comes back


class Rule(str, Enum):
    """The rulebook's named cards with a rule of their own ("Special Cards")."""

    TEMPLE = "temple"  # kept; its ``while_kept`` effects happen in every phase 5
    AMULETS = "amulets"  # kept; used up to stop one card taking its owner's families
    NEW_LEADER = "new_leader"  # one of your families becomes your leader
    DESTROY_TEMPLE = "destroy_temple"  # the chosen god's Temple is discarded


class LeaderAction(str, Enum):
    """Phase 2: what a leader may do (or ``none``: not activate it)."""

    SPEECH = "speech"  # a) +1 happiness
    ATHEISTS = "atheists"  # b) take 2 atheists from the island
    BELIEVER = "believer"  # c) take 1 family from another god
    SACRIFICE = "sacrifice"  # d) the leader leaves play; up to 5 atheists join
    NONE = "none"  # the leader is not activated


DECKS: tuple[Deck, ...] = tuple(Deck)
KINDS: tuple[Kind, ...] = tuple(Kind)
TARGETS: tuple[Target, ...] = tuple(Target)
EFFECT_KINDS: tuple[EffectKind, ...] = tuple(EffectKind)
LEADER_ACTIONS: tuple[LeaderAction, ...] = tuple(LeaderAction)
DECK_INDEX = {d: i for i, d in enumerate(DECKS)}
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
TARGET_INDEX = {t: i for i, t in enumerate(TARGETS)}
EFFECT_INDEX = {e: i for i, e in enumerate(EFFECT_KINDS)}
BONUS, LOCAL, GLOBAL = range(3)  # Kind as ints
SELF, CHOSEN, EVERYONE = range(3)  # Target as ints
PP, HAPPY, DEATHS, TO_ATHEISM, CONVERT, DISCARD, KEEP, RECOVER = range(8)  # EffectKind as ints
#: effects that take families from the god they touch (Amulets stop them)
FAMILY_LOSSES = frozenset({DEATHS, TO_ATHEISM})
#: effect kinds that carry an amount; the rest carry none
WITH_AMOUNT = frozenset({EffectKind.PRAYING_POINTS, EffectKind.HAPPINESS, EffectKind.FAMILY_DEATHS,
                         EffectKind.FAMILIES_TO_ATHEISM, EffectKind.ATHEISTS_CONVERT, EffectKind.DISCARD})
#: effect kinds whose amount may be negative (a loss) as well as positive
SIGNED = frozenset({EffectKind.PRAYING_POINTS, EffectKind.HAPPINESS})

#: the gods' colours (the rulebook's "1 of each colour"), in seat order
GOD_COLOURS = ("orange", "blue", "green", "yellow", "purple")
#: words a card may not be named: they are move words in records (``reply: none``)
RESERVED_NAMES = frozenset({"none", "pass", "convert"})


def fold(name: str) -> str:
    """The comparison key of a card or player name: case-folded, white space folded."""
    return " ".join(str(name).split()).casefold()


def deck_of_kind(kind: Kind) -> Deck:
    return Deck.BONUS if kind is Kind.BONUS else Deck.DISASTER
