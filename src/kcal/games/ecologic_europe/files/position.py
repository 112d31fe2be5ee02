"""Positions: a record's ``start:`` (the state to begin from, like chess's FEN) as a closed model,
:func:`apply_start`, which sets a new game up at that position, and :func:`state_json`, a state in that
same shape (the replay JSON's ``state``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from kcal.core.errors import KcalError, raise_all
from kcal.core.suggest import did_you_mean
from kcal.games.ecologic_europe.rules.domain import (
    EXPANSION_HABITAT,
    EXPRESS_FACE_UP,
    HABITAT_INDEX,
    SEASONS,
    DomainError,
    parse_board_habitat,
    parse_place,
    parse_season,
)
from kcal.games.ecologic_europe.rules.legality import card_name
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.view import ecosystem_json

_CONFIG = ConfigDict(extra="forbid")
Word = Annotated[StrictStr, Field(min_length=1, max_length=80)]
Count = Annotated[StrictInt, Field(ge=0, le=999)]


class PlaceEntry(BaseModel):
    model_config = _CONFIG
    cards: Annotated[list[Word], Field(min_length=1, max_length=20, description="bottom card first")]
    biomass: Count = 0
    remains: Count = 0


class StartModel(BaseModel):
    """A position: the season whose habitation begins, every player's habitats (top to bottom), the
    placed cards with their tokens, hands, jokers; optionally the stack (top last) and discards."""

    model_config = _CONFIG
    season: Literal["spring", "summer", "autumn", "winter"] = "spring"
    habitats: dict[Word, Annotated[list[Word], Field(min_length=1, max_length=4)]]
    places: dict[Word, dict[Word, PlaceEntry]] = {}
    hands: dict[Word, Annotated[list[Word], Field(max_length=60)]] = {}
    jokers: dict[Word, Count] = {}
    stack: Annotated[list[Word], Field(max_length=400)] | None = None
    discard: Annotated[list[Word], Field(max_length=400)] | None = None


def state_json(state: State) -> dict[str, Any]:
    """The position in the shape of a record's ``start:`` (plus step and scores)."""
    rules = state.rules
    eco = {p: ecosystem_json(state, s) for s, p in enumerate(rules.players)}
    return {
        "season": "express" if rules.express else SEASONS[state.season].value,
        "habitats": {p: e["habitats"] for p, e in eco.items()},
        "places": {p: e["places"] for p, e in eco.items() if e["places"]},
        "hands": {p: [card_name(state, c) for c in state.hands[s]] for s, p in enumerate(rules.players)},
        "jokers": {p: state.jokers[s] for s, p in enumerate(rules.players)},
        "stack": [card_name(state, c) for c in state.pile],
        "discard": [card_name(state, c) for c in state.discard],
    }


# -- setting a game up at a start position ----------------------------------------------------------

Loc = tuple[str | int, ...]
#: a card of the start position by its text, taken from the cards still free (None: an error was noted)
CardOf = Callable[[Any, Loc], "int | None"]


def _fail(msg: str, loc: Loc) -> KcalError:
    err = KcalError(f"start.{'.'.join(map(str, loc))}: {msg}" if loc else f"start: {msg}", code="position")
    err.loc = ("start", *loc)  # type: ignore[attr-defined]
    return err


def apply_start(state: State, start: Mapping[str, Any], deck: list[int]) -> None:
    """Set up the position of a record's ``start:`` (validated in shape by the record's model): the
    season, every player's habitats, placed cards with their tokens, hands and jokers; the cards left
    go to the stack (``stack:`` in order, top last; else shuffled from the seed)."""
    from kcal.games.ecologic_europe.rules.moves import parse_card

    errors: list[KcalError] = []
    free = set(deck)

    def card(text: Any, loc: Loc) -> int | None:
        try:
            c = parse_card(text)
        except KcalError as exc:
            errors.append(_fail(exc.message, loc))
            return None
        if c not in free:
            errors.append(_fail(f"{text} is not in this game's cards, or is used twice", loc))
            return None
        free.discard(c)
        return c

    try:
        state.season = SEASONS.index(parse_season(start.get("season", "spring")))
    except DomainError as exc:
        raise _fail(exc.message, ("season",)) from None
    _habitats(state, start.get("habitats") or {}, errors)
    _players_named(state, start, errors)
    raise_all(errors)
    _cards_placed_and_held(state, start, card, errors)
    raise_all(errors)
    rest = sorted(free)
    state.rng.shuffle(rest)
    if start.get("stack") is None:  # with an explicit stack, the cards listed nowhere are set aside
        state.pile = rest + state.pile
    if state.rules.express:
        state.face_up = [state.pile.pop() for _ in range(min(EXPRESS_FACE_UP, len(state.pile)))]


def _habitats(state: State, habitats: Mapping[str, Any], errors: list[KcalError]) -> None:
    """Every player's habitats, top to bottom; a habitat of a missing expansion is an error."""
    rules = state.rules
    state.habitat = []
    for p in rules.players:
        words = habitats.get(p)
        if not isinstance(words, list) or len(words) != rules.boards:
            errors.append(_fail(f"give {p}'s {rules.boards} habitats, top to bottom", ("habitats", p)
                                if p in habitats else ("habitats",)))
            state.habitat.append((0,) * rules.boards)
            continue
        row = []
        for i, w in enumerate(words):
            try:
                h = parse_board_habitat(w)
            except DomainError as exc:
                errors.append(_fail(exc.message, ("habitats", p, i)))
                row.append(0)
                continue
            needs = {e.value: x.value for x, e in EXPANSION_HABITAT.items()}.get(h.value)
            if needs is not None and needs not in rules.expansions:
                errors.append(_fail(f"{h.value} boards come with the {needs} expansion, which this game does not "
                                    f"have (add it under expansions:)", ("habitats", p, i)))
            row.append(HABITAT_INDEX[h.value])
        state.habitat.append(tuple(row))


def _players_named(state: State, start: Mapping[str, Any], errors: list[KcalError]) -> None:
    """``places:`` and ``hands:`` name players of the game."""
    rules = state.rules
    for key in ("places", "hands"):
        for p in start.get(key) or {}:
            if p not in rules.seat_of:
                errors.append(_fail(f"no player {p!r}{did_you_mean(str(p), rules.players)}", (key, p)))


def _cards_placed_and_held(state: State, start: Mapping[str, Any], card: CardOf, errors: list[KcalError]) -> None:
    """The placed cards with their tokens, the hands and jokers, then the discards and the stack."""
    from kcal.games.ecologic_europe.rules.setup import take_card

    rules = state.rules
    for s, p in enumerate(rules.players):
        for spot_text, entry in ((start.get("places") or {}).get(p) or {}).items():
            _place(state, s, ("places", p, spot_text), spot_text, entry, card, errors)
        for i, t in enumerate((start.get("hands") or {}).get(p) or []):
            c = card(t, ("hands", p, i))
            if c is not None:
                take_card(state, s, c)
        state.jokers[s] = int((start.get("jokers") or {}).get(p, state.jokers[s]))
    for key in ("discard", "stack"):
        for i, t in enumerate(start.get(key) or []):
            c = card(t, (key, i))
            if c is not None:
                (state.discard if key == "discard" else state.pile).append(c)


def _place(state: State, seat: int, loc: Loc, spot_text: str, entry: Mapping[str, Any], card: CardOf,
           errors: list[KcalError]) -> None:
    """One place of a player's ecosystem: its cards, bottom first, and its tokens."""
    rules = state.rules
    try:
        q = rules.place_index(parse_place(spot_text))
    except DomainError as exc:
        errors.append(_fail(exc.message, loc))
        return
    if q is None:
        errors.append(_fail(f"no place {spot_text} in an ecosystem of {rules.boards} habitats", loc))
        return
    stack = [card(t, (*loc, "cards", i)) for i, t in enumerate(entry.get("cards") or [])]
    if any(c is None for c in stack):
        return
    if not stack:
        errors.append(_fail("a place lists its cards, bottom first", loc))
        return
    if any(c >= rules.species_count for c in stack):  # type: ignore[operator]
        errors.append(_fail("only species cards are placed", loc))
        return
    state.stacks[seat][q] = tuple(stack)  # type: ignore[arg-type]
    state.bio[seat][q] = int(entry.get("biomass", 0))
    state.rem[seat][q] = int(entry.get("remains", 0))
