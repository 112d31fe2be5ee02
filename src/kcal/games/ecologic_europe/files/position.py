"""Positions: a record's ``start:`` (the state to begin from, like chess's FEN) as a closed model, and
:func:`state_json`, a state in that same shape (the replay JSON's ``state``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from kcal.games.ecologic_europe.rules.domain import SEASONS
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
