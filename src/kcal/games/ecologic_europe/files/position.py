"""Positions: a record's ``start:`` (the state to begin from, like chess's FEN) as a closed model,
:func:`apply_start`, which sets a new game up at that position, :func:`stand_start`, which puts it at the
step of habitation the position gives, and :func:`state_json`, a state in that same shape (the replay
JSON's ``state``): the ``state`` of any replay, given back as ``start:``, replays to the same state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from kcal.core.errors import KcalError, raise_all
from kcal.core.suggest import did_you_mean
from kcal.games.ecologic_europe.files.moves import encode_move
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
from kcal.games.ecologic_europe.rules.state import EXCHANGE, OVER, PLACE, TRANSFER, State
from kcal.games.ecologic_europe.rules.tables import SKIP
from kcal.games.ecologic_europe.rules.view import STEPS, ecosystem_json

_CONFIG = ConfigDict(extra="forbid")
Word = Annotated[StrictStr, Field(min_length=1, max_length=80)]
Count = Annotated[StrictInt, Field(ge=0, le=999)]


class PlaceEntry(BaseModel):
    model_config = _CONFIG
    cards: Annotated[list[Word], Field(min_length=1, max_length=20, description="bottom card first")]
    biomass: Count = 0
    remains: Count = 0


class StartModel(BaseModel):
    """A position: the season whose habitation begins (``express`` for the express variant's one
    season), every player's habitats (top to bottom), the placed cards with their tokens, hands, jokers;
    optionally the stack (top last) and discards, and where habitation stands: its step, the players
    still active, those skipping transfers, the moves chosen in the step and not yet made, the express
    face-up cards, the weather cards (face down, top last, and revealed), the human impact cards
    played, and the state of the game's generator (16 hex digits: the weather die's next rolls; without
    it the generator goes on from the record's seed after the position's shuffles)."""

    model_config = _CONFIG
    season: Literal["spring", "summer", "autumn", "winter", "express"] = "spring"
    habitats: dict[Word, Annotated[list[Word], Field(min_length=1, max_length=4)]]
    places: dict[Word, dict[Word, PlaceEntry]] = {}
    hands: dict[Word, Annotated[list[Word], Field(max_length=60)]] = {}
    jokers: dict[Word, Count] = {}
    stack: Annotated[list[Word], Field(max_length=400)] | None = None
    discard: Annotated[list[Word], Field(max_length=400)] | None = None
    step: Literal["exchange", "place", "transfer", "over"] | None = None
    active: Annotated[list[Word], Field(max_length=12)] | None = None
    skipping_transfers: Annotated[list[Word], Field(max_length=12)] = []
    chosen: dict[Word, dict[Word, Any]] = {}
    face_up: Annotated[list[Word], Field(max_length=20)] | None = None
    weather: Annotated[list[Word], Field(max_length=60)] | None = None
    weather_revealed: Annotated[list[Word], Field(max_length=60)] = []
    human_impact_played: Annotated[list[Word], Field(max_length=60)] = []
    generator: Annotated[StrictStr, Field(pattern=r"^[0-9a-f]{16}$")] | None = None


def state_json(state: State) -> dict[str, Any]:
    """The position in the shape of a record's ``start:``, standing where habitation stands."""
    rules = state.rules
    eco = {p: ecosystem_json(state, s) for s, p in enumerate(rules.players)}
    out = {
        "season": "express" if rules.express else SEASONS[state.season].value,
        "habitats": {p: e["habitats"] for p, e in eco.items()},
        "places": {p: e["places"] for p, e in eco.items() if e["places"]},
        "hands": {p: [card_name(state, c) for c in state.hands[s]] for s, p in enumerate(rules.players)},
        "jokers": {p: state.jokers[s] for s, p in enumerate(rules.players)},
        "stack": [card_name(state, c) for c in state.pile],
        "discard": [card_name(state, c) for c in state.discard],
        "step": STEPS[state.step],
        "active": [p for s, p in enumerate(rules.players) if state.active[s]],
        "skipping_transfers": [p for s, p in enumerate(rules.players) if state.skip[s]],
        "chosen": {p: encode_move(m) for p, m in zip(rules.players, state.pending, strict=True)
                   if m is not None and m != SKIP},
    }
    if rules.express:
        out["face_up"] = [card_name(state, c) for c in state.face_up]
    if rules.weather:
        out["weather"] = [rules.cards.weather[w].id for w in state.weather]
        out["weather_revealed"] = [rules.cards.weather[w].id for w in state.weather_used]
    if rules.human:
        out["human_impact_played"] = [card_name(state, c) for c in state.played]
    out["generator"] = f"{state.rng.state:016x}"
    return out


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
    from kcal.games.ecologic_europe.files.moves import parse_card

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

    season = start.get("season", "spring")
    if season == "express" and not state.rules.express:
        raise _fail("season 'express' is the express variant's one season", ("season",))
    try:
        state.season = 0 if season == "express" else SEASONS.index(parse_season(season))
    except DomainError as exc:
        raise _fail(exc.message, ("season",)) from None
    _habitats(state, start.get("habitats") or {}, errors)
    _players_named(state, start, errors)
    raise_all(errors)
    _cards_placed_and_held(state, start, card, errors)
    given_face_up = start.get("face_up")
    state.face_up = [c for i, t in enumerate(given_face_up or []) if (c := card(t, ("face_up", i))) is not None]
    state.played = [c for i, t in enumerate(start.get("human_impact_played") or [])
                    if (c := card(t, ("human_impact_played", i))) is not None]
    _weather(state, start, errors)
    raise_all(errors)
    rest = sorted(free)
    state.rng.shuffle(rest)
    if start.get("stack") is None:  # with an explicit stack, the cards listed nowhere are set aside
        state.pile = rest + state.pile
    if state.rules.express and given_face_up is None:
        state.face_up = [state.pile.pop() for _ in range(min(EXPRESS_FACE_UP, len(state.pile)))]
    if start.get("generator") is not None:  # the generator as the position left it: the same rolls to come
        state.rng.state = int(start["generator"], 16)


def _weather(state: State, start: Mapping[str, Any], errors: list[KcalError]) -> None:
    """The weather cards still face down (top last) and those revealed, by id; each card once."""
    if start.get("weather") is None and not start.get("weather_revealed"):
        return
    ids = {w.id: i for i, w in enumerate(state.rules.cards.weather)}
    taken: set[int] = set()
    lists: list[list[int]] = []
    for key in ("weather", "weather_revealed"):
        got = []
        for i, text in enumerate(start.get(key) or []):
            w = ids.get(text)
            if w is None or w in taken or not state.rules.weather:
                errors.append(_fail(f"{text} is not a weather card of this game, or is listed twice" if
                                    state.rules.weather else "weather cards belong to the weather variant",
                                    (key, i)))
                continue
            taken.add(w)
            got.append(w)
        lists.append(got)
    state.weather = lists[0] if start.get("weather") is not None else [w for w in state.weather if w not in taken]
    state.weather_used = lists[1]


def stand_start(state: State, start: Mapping[str, Any]) -> None:
    """After habitation began at a start position: the step it stands at, who is still active, who
    skips transfers, the moves chosen and not yet made (each checked as the move it is)."""
    from kcal.games.ecologic_europe.files.moves import decode_move
    from kcal.games.ecologic_europe.rules.legality import why_illegal

    step = start.get("step")
    if step is None:
        return
    rules = state.rules
    errors: list[KcalError] = []
    named = [(key, p) for key in ("active", "skipping_transfers", "chosen") for p in start.get(key) or ()]
    for key, p in named:
        if p not in rules.seat_of:
            errors.append(_fail(f"no player {p!r}{did_you_mean(str(p), rules.players)}", (key, p)))
    raise_all(errors)
    state.pending = [None] * rules.n
    state.skip = [p in start.get("skipping_transfers", ()) for p in rules.players]
    if step == "over":
        if start.get("active") or start.get("chosen"):
            raise _fail("a game that is over has nobody active and no move chosen", ("step",))
        state.ended = True
        state.step = OVER
        state.active = [False] * rules.n
        state.touch()
        return
    state.step = {"exchange": EXCHANGE, "place": PLACE, "transfer": TRANSFER}[step]
    if start.get("active") is not None:
        state.active = [p in start["active"] for p in rules.players]
    if step == "transfer":
        state.pending = [SKIP if state.active[s] and state.skip[s] else None for s in range(rules.n)]
    state.touch()
    for p, entry in (start.get("chosen") or {}).items():
        seat = rules.seat_of[p]
        try:
            move = decode_move(entry)
        except KcalError as exc:
            errors.append(_fail(exc.message, ("chosen", p)))
            continue
        reason = why_illegal(state, seat, move)
        if reason is not None:
            errors.append(_fail(f"{p} cannot have chosen this move: {reason}", ("chosen", p)))
            continue
        state.pending[seat] = move
    raise_all(errors)
    if not any(state.active) or all(m is not None for a, m in zip(state.active, state.pending, strict=True) if a):
        raise _fail("every active player has chosen: the step is made; give the position after it", ("chosen",))
    state.touch()


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
