"""Which moves are legal, and why a move is not: one set of checks for ``legal_moves``,
``why_illegal`` and ``apply`` (which raises :class:`~kcal.core.game.IllegalMove` with the reason).

Each reason names the rule and the numbers: "B cannot pay 6 PP for protection: B has 4", "cards are
played in phase 3; now it is phase 2 (leaders) and A is to activate their leader", "B has already
answered A's Tornado (with Drought); each god answers each card once", "C is out of the game (no
families, no leader): a card cannot target them".
"""

from __future__ import annotations

from kcal.core.game import not_a_player
from kcal.games.kalua.rules.cards import CardDef
from kcal.games.kalua.rules.domain import (
    BUY_COST,
    DECKS,
    DOUBLE_COST,
    GLOBAL,
    GLOBAL_PAYMENTS,
    PROTECTION_COST,
    Deck,
    LeaderAction,
)
from kcal.games.kalua.rules.flow import can_draw
from kcal.games.kalua.rules.moves import Buy, Convert, Discard, Draw, Lead, Move, Play, Reply, Target
from kcal.games.kalua.rules.state import (
    DEAL,
    DISCARD,
    DRAW,
    LEADERS,
    OVER,
    PHASE_NAMES,
    PLAY,
    REPLY,
    TARGET,
    State,
)

_DECK_INDEX = {d: i for i, d in enumerate(DECKS)}


def seat_problem(state: State, player: str) -> str | None:
    if player not in state.rules.seat_of:
        return not_a_player(player, state.rules.players)
    if state.step == OVER:
        return f"the game is over ({(state.end_reason or '').replace('_', ' ')})"
    seat = state.rules.seat_of[player]
    if state.out[seat]:
        return f"{player} is out of the game (no families and no leader)"
    return None


def doing(state: State) -> str:
    """What the god to move is deciding, in words."""
    who = state.name(state.cursor)
    step = state.step
    if step == DEAL:
        return f"{who} is drawing their first 5 cards"
    if step == DRAW:
        return f"{who} is drawing (phase 1)"
    if step == LEADERS:
        return f"{who} is to activate their leader (phase 2)"
    if step == PLAY:
        return f"{who} is to play a card or shout Convert! (phase 3)"
    heads = [e for e in state.table if not e.reply]  # the card answered is the last one not an answer
    if step == REPLY and heads:
        return f"{who} is to answer {state.name(heads[-1].seat)}'s {state.card_name(heads[-1].card)} (phase 3)"
    if step == TARGET:
        return f"{who} is to choose the target of {state.card_name(state.table[state.resolving].card)} (phase 3)"
    if step == DISCARD:
        return f"{who} is to discard {state.pending[0][1]} card(s) (phase 3)"
    return "nobody is to move"


def _phase(state: State) -> str:
    return f"phase {state.phase} ({PHASE_NAMES[state.phase]})" if state.phase else "the initial deal"


def last_card_answers(state: State) -> tuple[int, int, dict[int, int | None]] | None:
    """From the history, newest first: the card the active god played last this turn (its god and its
    id) and how each god answered it so far (a card id, or None for no answer). None for a state that
    keeps no history, or when no card has been played since the turn (or the position) began."""
    got: dict[int, int | None] = {}
    node = state.log
    while node:
        event = node[0]
        kind = event[0]
        if kind == "play":
            if not event[4]:
                return event[1], event[2], got
            got.setdefault(event[1], event[2])
        elif kind == "pass":
            got.setdefault(event[1], None)
        elif kind in ("turn", "convert", "position", "begin"):
            return None
        node = node[1]
    return None


def passed_over(state: State, seat: int) -> bool:
    """Whether ``seat`` was passed over, never asked, when the active god's last card was answered: they
    had nothing to answer with (ruling "skip-gods-who-cannot-answer")."""
    if state.step == OVER or state.out[seat]:
        return False
    found = last_card_answers(state)
    if found is None or seat == found[0] or seat in found[2]:
        return False
    if state.step == REPLY:  # the answers go on: passed over if the round went past them
        return (seat - state.active) % state.rules.n < state.offset
    return True


def answered(state: State, seat: int) -> str | None:
    """Why ``seat`` cannot answer now because their turn to answer the card has come and gone: they
    answered it already (a reply twice to one card), or were passed over with nothing to answer with."""
    if seat == state.active:
        return None
    found = last_card_answers(state)
    if found is None:
        if state.log is not None or state.step != REPLY or not state.table:
            return None
        if (seat - state.active) % state.rules.n >= state.offset:  # a state without history (search)
            return None
        head = state.table[max(i for i, e in enumerate(state.table) if not e.reply)]
        return (f"{state.name(seat)} has had their turn to answer {state.name(head.seat)}'s "
                f"{state.card_name(head.card)}; each god answers each card once")
    by, card, got = found
    what = f"{state.name(by)}'s {state.card_name(card)}"
    if seat in got:
        how = f" (with {state.card_name(c)})" if (c := got[seat]) is not None else " (no answer)"
        return (f"{state.name(seat)} has already answered {what}{how}; each god answers each card once, "
                f"and now {doing(state)}")
    if passed_over(state, seat):
        return (f"{state.name(seat)} was not asked to answer {what}: they had nothing to answer with (no card "
                f"they could pay for, and no card to buy for {BUY_COST} PP), which is the same as no answer")
    return None


def recorded_no_answer(state: State, player: str, move: Move) -> bool:
    """A record's explicit "no answer" from a god the engine passed over (nothing to answer with): the
    replay takes it as the same thing as being passed over, a move that changes nothing (ruling
    "skip-gods-who-cannot-answer"). Not a move of the game interface: the god is not to move."""
    seat = state.rules.seat_of.get(player)
    return isinstance(move, Reply) and move.card is None and seat is not None and passed_over(state, seat)


def _turn_problem(state: State, seat: int, move: Move) -> str | None:
    """A move of the wrong kind for the step, or by a god whose decision it is not."""
    name = state.name(seat)
    step = state.step
    if isinstance(move, Lead) and not state.leader[seat]:
        return f"{name} has no leader: only a god with a leader activates it in phase 2"
    if isinstance(move, Draw) and step not in (DEAL, DRAW):
        return f"cards are drawn in phase 1 (and the initial deal); now it is {_phase(state)}: {doing(state)}" + \
            ("; a card is bought with 'buy' (5 PP)" if seat == state.cursor else "")
    if isinstance(move, Buy) and step == DEAL:
        return f"cards are bought during the turns, not in the initial deal: {doing(state)}"
    if isinstance(move, Lead) and step != LEADERS:
        return f"leaders act in phase 2; now it is {_phase(state)}: {doing(state)}"
    if isinstance(move, (Play, Convert)) and step != PLAY:
        if step == REPLY and seat == state.cursor and isinstance(move, Play):
            return f"{name} answers with 'reply: CARD'; 'play' is the active god's card: {doing(state)}"
        what = "cards are played" if isinstance(move, Play) else "'Convert!' is shouted"
        return f"{what} by the active god in phase 3; now it is {_phase(state)}: {doing(state)}"
    if isinstance(move, Reply) and step != REPLY:
        again = answered(state, seat)
        return again or f"a card is answered in phase 3 right after it is played; now {doing(state)}"
    if isinstance(move, Target) and step != TARGET:
        return f"a local disaster's target is chosen when it resolves; now {doing(state)}"
    if isinstance(move, Discard) and step != DISCARD:
        return f"cards are discarded only for a discard effect; now {doing(state)}"
    if seat != state.cursor:
        again = answered(state, seat) if isinstance(move, Reply) else None
        return again or (f"it is {state.name(state.cursor)}'s decision, not {name}'s: {doing(state)}; "
                         f"{_why_them(state)}")
    return None


def _why_them(state: State) -> str:
    """Why the god to move is the one deciding now (the steps' order, in words)."""
    who, active = state.name(state.cursor), state.name(state.active)
    step = state.step
    if step == DEAL:
        return f"the first cards are drawn one god after another in turn order from {active}"
    if step in (DRAW, PLAY):
        order = ", ".join(state.rules.players)
        return f"{who} is the active god of turn {state.turn}, and turns go round in turn order ({order})"
    if step == LEADERS:
        return f"leaders act in turn order from the active god {active}, and {who} is the next with a leader"
    if step == REPLY:
        return f"the other gods answer in turn order from the active god {active}, and {who} is next"
    if step == TARGET:
        return f"{who} played that local disaster, so {who} chooses whom it punishes"
    if step == DISCARD:
        return f"the discard effect falls on {who}"
    return "nobody is to move"


def hand_card(state: State, seat: int, d: CardDef) -> int:
    """The id of a copy of ``d`` in ``seat``'s hand, or -1."""
    card_def = state.rules.cards.card_def
    for card in state.hands[seat]:
        if card_def[card] == d.index:
            return card
    return -1


def _held(state: State, seat: int, name: str) -> tuple[CardDef | None, str | None]:
    d = state.rules.cards.find(name)
    if d is None:
        return None, state.rules.cards.unknown_reason(name)
    if hand_card(state, seat, d) < 0:
        return None, f"{state.name(seat)} does not hold {d.name}"
    return d, None


def pay_problem(state: State, seat: int, d: CardDef, pay: int | None) -> str | None:
    name = state.name(seat)
    have = state.pp[seat]
    if d.kind == GLOBAL:
        pay = 0 if pay is None else pay
        if pay not in GLOBAL_PAYMENTS:
            return (f"a global disaster is paid 0, {PROTECTION_COST} (protection) or {DOUBLE_COST} (double), "
                    f"not {pay}")
        if pay > have:
            what = "for protection" if pay == PROTECTION_COST else f"to double {d.name}"
            return f"{name} cannot pay {pay} PP {what}: {name} has {have}"
        return None
    if pay is not None and pay != d.cost:
        return f"{d.name} costs {d.cost} PP, not {pay}"
    if d.cost > have:
        return f"{name} cannot pay {d.cost} PP for {d.name}: {name} has {have}"
    return None


def deck_problem(state: State, deck: Deck, card: str | None) -> str | None:
    """A deck that cannot be drawn from, or a named card that is not in it."""
    i = _DECK_INDEX[deck]
    if not can_draw(state, i):
        return f"the {deck.value} deck and its discard pile are empty"
    if card is None:
        return None
    cards = state.rules.cards
    d = cards.find(card)
    if d is None:
        return cards.unknown_reason(card)
    if d.deck != i:
        return f"{d.name} is a {DECKS[d.deck].value} card, not in the {deck.value} deck"
    pile = state.piles[i] or state.discards[i]
    if any(cards.card_def[c] == d.index for c in pile):
        return None
    where = [state.name(s) + "'s hand" for s in range(state.rules.n)
             for c in state.hands[s] if cards.card_def[c] == d.index]
    where += [state.name(s) + "'s table" for s in range(state.rules.n)
              for c in state.kept[s] if cards.card_def[c] == d.index]
    spent = sum(1 for c in state.discards[i] if cards.card_def[c] == d.index)
    where += [f"the discard pile ({spent})"] if spent else []
    return (f"no {d.name} is left in the {deck.value} deck ({d.copies} in the game: "
            f"{', '.join(where) or 'on the table'})")


def why_illegal(state: State, player: str, move: Move) -> str | None:
    problem = seat_problem(state, player)
    if problem is not None:
        return problem
    seat = state.rules.seat_of[player]
    problem = _turn_problem(state, seat, move)
    if problem is not None:
        return problem
    if isinstance(move, Draw):
        return deck_problem(state, move.deck, move.card)
    if isinstance(move, Buy):
        if state.pp[seat] < BUY_COST:
            return f"{player} cannot buy a card: it costs {BUY_COST} PP and {player} has {state.pp[seat]}"
        return deck_problem(state, move.deck, move.card)
    if isinstance(move, Lead):
        return _lead_problem(state, seat, move)
    if isinstance(move, Play | Reply):
        if move.card is None:
            return None
        d, problem = _held(state, seat, move.card)
        return problem or pay_problem(state, seat, d, move.pay)  # type: ignore[arg-type]
    if isinstance(move, Target):
        other = state.rules.seat_of.get(move.god)
        if other is None:
            return not_a_player(move.god, state.rules.players)
        if state.out[other]:
            return f"{move.god} is out of the game (no families, no leader): a card cannot target them"
        return None
    if isinstance(move, Discard):
        return _held(state, seat, move.card)[1]
    if isinstance(move, Convert):
        return None
    return f"not a move of Kalua: {move!r}"


def _lead_problem(state: State, seat: int, move: Lead) -> str | None:
    if move.action is LeaderAction.ATHEISTS and state.island == 0:
        return "the island has no atheists to convert"
    if move.action is LeaderAction.BELIEVER:
        other = state.rules.seat_of.get(move.source or "")
        if other is None:
            return not_a_player(move.source, state.rules.players)
        if other == seat:
            return "a leader converts a believer from another god, not from their own"
        if state.out[other]:
            return f"{move.source} is out of the game (no families, no leader)"
        if state.families[other] == 0:
            return f"{move.source} has no family to convert"
    return None


def _card_moves(state: State, seat: int, reply: bool) -> list[Move]:
    cards = state.rules.cards
    defs = cards.defs
    card_def = cards.card_def
    pp = state.pp[seat]
    make = Reply if reply else Play
    out: list[Move] = []
    seen: set[int] = set()
    for card in state.hands[seat]:
        i = card_def[card]
        if i in seen:
            continue
        seen.add(i)
        d = defs[i]
        if d.kind == GLOBAL:
            out += [make(d.name, pay) for pay in GLOBAL_PAYMENTS if pay <= pp]
        elif d.cost <= pp:
            out.append(make(d.name, d.cost))
    return out


def _buys(state: State, seat: int) -> list[Move]:
    if state.pp[seat] < BUY_COST:
        return []
    return [Buy(d) for d in DECKS if can_draw(state, _DECK_INDEX[d])]


def legal_moves(state: State, player: str) -> list[Move]:
    seat = state.rules.seat_of.get(player)
    if seat is None or state.step == OVER or seat != state.cursor or state.out[seat]:
        return []
    step = state.step
    if step in (DEAL, DRAW):
        moves: list[Move] = [Draw(d) for d in DECKS if can_draw(state, _DECK_INDEX[d])]
        return moves if step == DEAL else moves + _buys(state, seat)
    if step == LEADERS:
        moves = [Lead(LeaderAction.SPEECH)]
        if state.island:
            moves.append(Lead(LeaderAction.ATHEISTS))
        players = state.rules.players
        moves += [Lead(LeaderAction.BELIEVER, players[s]) for s in range(state.rules.n)
                  if s != seat and not state.out[s] and state.families[s]]
        moves += [Lead(LeaderAction.SACRIFICE), Lead(LeaderAction.NONE)]
        return moves + _buys(state, seat)
    if step == PLAY:
        return [Convert(), *_card_moves(state, seat, False), *_buys(state, seat)]
    if step == REPLY:
        return [Reply(None), *_card_moves(state, seat, True), *_buys(state, seat)]
    if step == TARGET:
        players = state.rules.players
        return [Target(players[s]) for s in range(state.rules.n) if not state.out[s]] + _buys(state, seat)
    if step == DISCARD:
        cards = state.rules.cards
        names = dict.fromkeys(cards.name_of(c) for c in state.hands[seat])
        return [Discard(name) for name in names] + _buys(state, seat)
    return []
