"""Moves as record entries (the table of :mod:`kcal.games.ecologic_europe.rules.moves`): reading and writing
them, with the built-in card set's names. Part of the record codec, so in ``files/``, above ``rules/``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.suggest import did_you_mean
from kcal.games.ecologic_europe.rules.domain import DomainError, format_place, parse_place
from kcal.games.ecologic_europe.rules.domain import Place as Spot
from kcal.games.ecologic_europe.rules.moves import (
    BACKS,
    DIE_FACES,
    Exchange,
    Impact,
    Keep,
    Move,
    Pass,
    Place,
    Trade,
    Transfer,
    Weather,
)

_KEYS = ("player", "exchange", "draw", "pile", "weather", "roll", "place", "at", "then", "process", "trade",
         "impact", "pass", "transfer")


def _names() -> Any:
    from kcal.games.ecologic_europe.files.load import builtin

    return builtin()


def card_text(card: int) -> str:
    cs = _names()
    n = len(cs.species)
    return cs.species[card].latin if card < n else cs.human[card - n].id


def parse_card(text: object, what: str = "card") -> int:
    if not isinstance(text, str) or not text.strip():
        raise KcalError(f"{what}: a card is written by its Latin name (Taraxacum officinale) or a human-impact "
                        f"card by its id (X01), got {text!r}")
    cs = _names()
    found = cs.find(text)
    if found is not None:
        return found
    key = text.strip().casefold()
    for i, h in enumerate(cs.human):
        if key in (h.id.casefold(), str(h.name).casefold()):
            return len(cs.species) + i
    latins = [s.latin for s in cs.species]
    raise KcalError(f"{what}: no card {text!r}{did_you_mean(text, latins)}")


def parse_back(text: object) -> int:
    if isinstance(text, str):
        word = "-".join(text.split()).casefold()
        if word in BACKS and word:
            return BACKS.index(word)
    raise KcalError(f"draw: a card back is one of {', '.join(b for b in BACKS if b)}, got {text!r}")


def _spot(text: object, what: str = "at") -> Spot:
    try:
        return parse_place(text)
    except DomainError as exc:
        raise KcalError(f"{what}: {exc.message}") from None


def _tokens(value: object) -> int | None:
    if isinstance(value, str) and value.strip().endswith("tokens"):
        head = value.split()[0]
        if head.isdigit():
            return int(head)
    return None


def encode_move(move: Move) -> dict[str, Any]:
    """A record entry (the caller adds the player)."""
    if isinstance(move, Keep):
        return {"exchange": "none"}
    if isinstance(move, Exchange):
        out: dict[str, Any] = {"exchange": [card_text(c) for c in move.cards] if move.cards
                               else f"{move.tokens} tokens"}
        if move.face is not None:
            out["draw"] = card_text(move.face)
            out["pile"] = "face-up"
        elif move.draw is not None:
            out["draw"] = BACKS[move.draw]
            out["pile"] = move.pile
        return out
    if isinstance(move, Weather):
        out = {"weather": card_text(move.card) if move.card is not None else "2 tokens"}
        if move.roll is not None:
            out["roll"] = move.roll
        return out
    if isinstance(move, Place):
        out = {"place": card_text(move.card), "at": format_place(move.at)}
        if move.then is not None:
            out["then"] = {"place": card_text(move.then[0]), "at": format_place(move.then[1])}
        if move.process is not None:  # none as false, as records wrote it before a number could be given
            out["process"] = move.process if move.process else False
        return out
    if isinstance(move, Trade):
        return {"trade": card_text(move.card)}
    if isinstance(move, Impact):
        return {"impact": card_text(move.card)}
    if isinstance(move, Pass):
        return {"pass": "discard" if move.discard else "keep"}
    return {"transfer": [card_text(c) for c in move.cards]}


def _card_list(value: object, key: str) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)):
        raise KcalError(f"{key}: a list of cards, got {value!r}")
    return tuple(sorted(parse_card(v, key) for v in value))


# kept whole: one branch per kind of record entry, each with its own bad-input message
def decode_move(entry: Mapping[str, Any]) -> Move:
    """The move of a record entry (a ``player`` key may be there; it is not part of the move)."""
    if not isinstance(entry, Mapping):
        raise KcalError(f"a move is a mapping such as {{player: A, place: Taraxacum officinale, at: h1.1}}, "
                        f"got {entry!r}")
    for key in entry:
        if key not in _KEYS:
            raise KcalError(f"unknown key {key!r} in a move{did_you_mean(str(key), _KEYS)}")
    kinds = [k for k in ("exchange", "weather", "place", "trade", "impact", "pass", "transfer") if k in entry]
    if len(kinds) != 1:
        raise KcalError("a move has exactly one of exchange, weather, place, trade, impact, pass, transfer"
                        + (f" (this one has {', '.join(kinds)})" if kinds else ""))
    kind = kinds[0]
    allowed = {"exchange": {"draw", "pile"}, "weather": {"roll"}, "place": {"at", "then", "process"}}.get(kind, set())
    for key in entry:
        if key not in allowed and key not in ("player", kind):
            raise KcalError(f"{key}: does not go with a {kind} move")
    value = entry[kind]
    if kind == "exchange":
        if value == "none":
            if "draw" in entry or "pile" in entry:
                raise KcalError("exchange: none draws nothing")
            return Keep()
        tokens = _tokens(value)
        cards = () if tokens is not None else _card_list(value, "exchange")
        pile = entry.get("pile", "stack")
        if pile not in ("stack", "discard", "face-up"):
            raise KcalError(f"pile: stack, discard or face-up, got {pile!r}")
        if "draw" not in entry:
            return Exchange(cards, tokens or 0)
        if pile == "face-up":
            return Exchange(cards, tokens or 0, None, "face-up", parse_card(entry["draw"], "draw"))
        return Exchange(cards, tokens or 0, parse_back(entry["draw"]), pile)
    if kind == "weather":
        roll = entry.get("roll")
        if roll is not None and roll not in DIE_FACES:
            raise KcalError(f"roll: a face of the weather die: {', '.join(DIE_FACES)}; got {roll!r}")
        if _tokens(value) == 2:
            return Weather(None, roll)
        return Weather(parse_card(value, "weather"), roll)
    if kind == "place":
        if "at" not in entry:
            raise KcalError("place: give 'at', the place (h2.3: habitat 2, field 3; e1.1: edge 1, place 1)")
        then = None
        if "then" in entry:
            t = entry["then"]
            if not isinstance(t, Mapping) or set(t) != {"place", "at"}:
                raise KcalError("then: a mapping {place: Latin name, at: place}")
            then = (parse_card(t["place"], "then.place"), _spot(t["at"], "then.at"))
        process = entry.get("process", True)
        if not isinstance(process, int) or process < 0:
            raise KcalError("process: true (an earthworm processes every plant remains token around it), false "
                            f"(none) or a number of tokens (0 or more), got {process!r}")
        count = None if process is True else 0 if process is False else process
        return Place(parse_card(value, "place"), _spot(entry["at"]), then, count)
    if kind == "trade":
        return Trade(parse_card(value, "trade"))
    if kind == "impact":
        return Impact(parse_card(value, "impact"))
    if kind == "pass":
        if value not in ("keep", "discard"):
            raise KcalError(f"pass: keep (the cards stay in hand) or discard (each for a joker), got {value!r}")
        return Pass(value == "discard")
    return Transfer(_card_list(value, "transfer"))


__all__ = ["card_text", "decode_move", "encode_move", "parse_back", "parse_card"]
