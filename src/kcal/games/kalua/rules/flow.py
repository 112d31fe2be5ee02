"""The course of a game: the deal, the five phases of a turn, the end of the game.

These functions change a :class:`State` in place and trust their caller: the public entry point
(:class:`~kcal.games.kalua.game.Kalua`) checks each move with :mod:`kcal.games.kalua.rules.legal` first; bots'
rollouts call them directly with moves taken from the legal ones. After every move the game runs on by
itself to the next decision (skipping gods with nothing to decide) -- see :func:`advance_replies`,
:func:`resolve_table` and :func:`end_cards`.
"""

from __future__ import annotations

from kcal.games.kalua.rules.domain import (
    BUY_COST,
    CONVERT_ATHEISTS,
    CONVERT_BELIEVERS,
    FAMILIES_PER_PP,
    GLOBAL,
    HAND_TARGET,
    HAPPIEST_TAKE_MAX,
    LOCAL,
    MIDDLE_BONUS,
    MIDDLE_GIVE,
    SACRIFICE_ATHEISTS,
    SPEECH_HAPPINESS,
    UNHAPPIEST_BONUS,
    UNHAPPIEST_GIVE,
    LeaderAction,
)
from kcal.games.kalua.rules.effects import (
    apply_effect,
    check_eliminations,
    discard_card,
    end_game,
    resolve,
    while_kept,
)
from kcal.games.kalua.rules.state import DEAL, DISCARD, DRAW, LEADERS, OVER, PLAY, REPLY, TARGET, Entry, State

ONE_RELIGION = "one_religion"
LAST_STANDING = "last_standing"
TURN_LIMIT = "turn_limit"
END_REASONS = (ONE_RELIGION, "global_disaster", LAST_STANDING, "all_eliminated", TURN_LIMIT)


# --- drawing --------------------------------------------------------------------------------------------

def can_draw(state: State, deck: int) -> bool:
    return bool(state.piles[deck] or state.discards[deck])


def reshuffle(state: State, deck: int) -> None:
    """An empty draw pile: its discard pile, shuffled, becomes the pile (ruling "empty-deck")."""
    pile = state.discards[deck]
    state.discards[deck] = []
    state.rng.shuffle(pile)
    state.piles[deck] = pile
    state.note(("reshuffle", deck, len(pile)))


def take(state: State, seat: int, deck: int, card: int = -1, bought: bool = False) -> int:
    """``seat`` draws the top card of ``deck`` (or ``card``, when a record names it)."""
    if not state.piles[deck]:
        reshuffle(state, deck)
    pile = state.piles[deck]
    if card < 0:
        card = pile.pop()
    else:
        pile.remove(card)
    state.hands[seat].append(card)
    state.note(("draw", seat, deck, card, bought))
    return card


def buy(state: State, seat: int, deck: int, card: int = -1) -> None:
    state.pp[seat] -= BUY_COST
    take(state, seat, deck, card, bought=True)


def draw(state: State, seat: int, deck: int, card: int = -1) -> None:
    """One draw of the initial deal or of phase 1."""
    take(state, seat, deck, card)
    state.draws_left -= 1
    if state.step == DEAL:
        next_dealt(state)
    elif state.draws_left <= 0 or not (can_draw(state, 0) or can_draw(state, 1)):
        begin_leaders(state)


def begin_deal(state: State) -> None:
    """The initial draws: from the start player clockwise, each god draws 5 cards."""
    state.step = DEAL
    state.cursor = state.active
    state.offset = 0
    state.draws_left = HAND_TARGET


def next_dealt(state: State) -> None:
    if state.draws_left > 0 and (can_draw(state, 0) or can_draw(state, 1)):
        return
    state.offset += 1
    if state.offset >= state.rules.n or not (can_draw(state, 0) or can_draw(state, 1)):
        begin_turn(state, state.active)
        return
    state.cursor = (state.active + state.offset) % state.rules.n
    state.draws_left = HAND_TARGET


# --- phases 1 and 2 -------------------------------------------------------------------------------------

def begin_turn(state: State, active: int) -> None:
    """Phase 1 of ``active``'s turn: draw up to 5 cards, or 1 when holding 5 or more."""
    state.turn += 1
    state.active = state.cursor = active
    state.table = []
    state.note(("turn", state.turn, active))
    held = len(state.hands[active])
    state.draws_left = HAND_TARGET - held if held < HAND_TARGET else 1
    if can_draw(state, 0) or can_draw(state, 1):
        state.step = DRAW
    else:
        begin_leaders(state)


def begin_leaders(state: State) -> None:
    state.step = LEADERS
    next_leader(state, 0)


def next_leader(state: State, offset: int) -> None:
    """The next god with a leader, ``offset`` or more seats clockwise from the active one."""
    n = state.rules.n
    for k in range(offset, n):
        s = (state.active + k) % n
        if state.leader[s] and not state.out[s]:
            state.cursor = s
            state.offset = k
            return
    begin_cards(state)


def lead(state: State, seat: int, action: LeaderAction, source: int = -1) -> None:
    """A leader action of phase 2 (``source``: the god a believer is taken from)."""
    gained = 0
    if action is LeaderAction.SPEECH:
        top = state.rules.cards.happiness_max
        gained = min(top, state.happy[seat] + SPEECH_HAPPINESS) - state.happy[seat]
        state.happy[seat] += gained
    elif action is LeaderAction.ATHEISTS:
        gained = min(CONVERT_ATHEISTS, state.island)
        state.island -= gained
        state.families[seat] += gained
    elif action is LeaderAction.BELIEVER:
        gained = min(CONVERT_BELIEVERS, state.families[source])
        state.families[source] -= gained
        state.families[seat] += gained
    elif action is LeaderAction.SACRIFICE:
        state.leader[seat] = False
        gained = min(SACRIFICE_ATHEISTS, state.island)
        state.island -= gained
        state.families[seat] += gained
    state.note(("leader", seat, action.value, source, gained))
    check_eliminations(state)
    if state.step != OVER:
        next_leader(state, state.offset + 1)


# --- phase 3 --------------------------------------------------------------------------------------------

def begin_cards(state: State) -> None:
    if state.out[state.active]:
        end_cards(state)
        return
    state.step = PLAY
    state.cursor = state.active


def can_answer(state: State, seat: int) -> bool:
    """Whether ``seat`` has anything to decide when a card may be answered: a card they can pay for,
    or the PP to buy one."""
    pp = state.pp[seat]
    if pp >= BUY_COST and (can_draw(state, 0) or can_draw(state, 1)):
        return True
    cards = state.rules.cards
    for card in state.hands[seat]:
        d = cards.defs[cards.card_def[card]]
        if d.kind == GLOBAL or d.cost <= pp:
            return True
    return False


def play(state: State, seat: int, card: int, pay: int) -> None:
    """``seat`` puts ``card`` on the table and pays ``pay`` PP: the active god's card opens a round of
    answers, an answer passes the turn to answer on."""
    cards = state.rules.cards
    d = cards.defs[cards.card_def[card]]
    state.hands[seat].remove(card)
    state.pp[seat] -= pay
    reply = state.step == REPLY
    before = tuple(state.families) if d.kind == GLOBAL else None
    state.table.append(Entry(card, seat, pay, reply, before))
    state.note(("play", seat, card, pay, reply))
    if reply:
        advance_replies(state, state.offset + 1)
    else:
        advance_replies(state, 1)


def pass_reply(state: State, seat: int) -> None:
    state.note(("pass", seat))
    advance_replies(state, state.offset + 1)


def advance_replies(state: State, offset: int) -> None:
    """The next god clockwise who may answer; when none is left, the table resolves."""
    n = state.rules.n
    for k in range(offset, n):
        s = (state.active + k) % n
        if not state.out[s] and can_answer(state, s):
            state.step = REPLY
            state.cursor = s
            state.offset = k
            return
    state.resolving = 0
    resolve_table(state)


def resolve_table(state: State) -> None:
    """Resolve the table's cards in play order, stopping at a decision (a target, a discard)."""
    cards = state.rules.cards
    table = state.table
    while True:
        if state.pending and owed_discard(state):
            return
        if state.step == OVER:
            return
        if state.resolving >= len(table):
            break
        entry = table[state.resolving]
        if state.out[entry.seat]:  # ruling "elimination-is-final": an eliminated god's cards do nothing
            state.resolving += 1
            discard_card(state, entry.card)
            state.note(("fizzle", entry.seat, entry.card))
            continue
        if cards.defs[cards.card_def[entry.card]].kind == LOCAL:
            state.step = TARGET
            state.cursor = entry.seat
            return
        state.resolving += 1
        resolve(state, entry, -1)
    state.table = []
    state.resolving = 0
    if state.out[state.active]:
        end_cards(state)
    else:
        state.step = PLAY
        state.cursor = state.active


def choose_target(state: State, seat: int, target: int) -> None:
    entry = state.table[state.resolving]
    state.resolving += 1
    resolve(state, entry, target)
    resolve_table(state)


def owed_discard(state: State) -> bool:
    """Settle owed discards that need no choice; True when a god must choose one (step DISCARD)."""
    pending = state.pending
    while pending:
        seat, count = pending[0]
        hand = state.hands[seat]
        if state.out[seat] or count <= 0 or not hand:
            pending.pop(0)
            continue
        if len(hand) <= count:  # no choice: the whole hand goes
            for card in hand:
                discard_card(state, card)
                state.note(("discard", seat, card, True))
            hand.clear()
            pending.pop(0)
            continue
        state.step = DISCARD
        state.cursor = seat
        return True
    return False


def discard(state: State, seat: int, card: int) -> None:
    state.hands[seat].remove(card)
    discard_card(state, card)
    state.note(("discard", seat, card, False))
    state.pending[0][1] -= 1
    if state.pending[0][1] <= 0:
        state.pending.pop(0)
    resolve_table(state)


def shout_convert(state: State, seat: int) -> None:
    state.note(("convert", seat))
    end_cards(state)


# --- phases 4 and 5, the end of a turn ------------------------------------------------------------------

def end_cards(state: State) -> None:
    convert_phase(state)
    if state.step != OVER:
        praying_phase(state)
    if state.step != OVER:
        end_turn(state)


def rank(state: State) -> tuple[list[int], int, int]:
    """The gods still in, the lowest and the highest happiness among them."""
    seats = state.seats_in()
    values = [state.happy[s] for s in seats]
    return seats, min(values), max(values)


def convert_phase(state: State) -> None:
    """Phase 4: the unhappiest give 2 families each, the middle ones 1; the happiest share the pool,
    at most 3 each; the remainder (all of it, if too few) turns atheist. All equal: nothing happens."""
    seats, low, high = rank(state)
    if low == high:
        state.note(("phase4", (), (), 0))
        return
    families = state.families
    gave = []
    pool = 0
    for s in seats:
        h = state.happy[s]
        if h == high:
            continue
        k = min(UNHAPPIEST_GIVE if h == low else MIDDLE_GIVE, families[s])
        families[s] -= k
        pool += k
        gave.append((s, k))
    happiest = [s for s in seats if state.happy[s] == high]
    each = min(HAPPIEST_TAKE_MAX, pool // len(happiest))
    for s in happiest:
        families[s] += each
    state.island += pool - each * len(happiest)
    state.note(("phase4", tuple(gave), tuple((s, each) for s in happiest), pool - each * len(happiest)))
    check_eliminations(state)


def praying_phase(state: State) -> None:
    """Phase 5: 1 PP per 5 families (rounded up); the unhappiest +4, the middle ones +2 (nobody, when
    all are equally happy: ruling "equal-happiness-praying"); then kept cards' benefits (the Temple)."""
    seats, low, high = rank(state)
    gains = []
    for s in seats:
        gain = (state.families[s] + FAMILIES_PER_PP - 1) // FAMILIES_PER_PP
        h = state.happy[s]
        if low != high and h != high:
            gain += UNHAPPIEST_BONUS if h == low else MIDDLE_BONUS
        state.pp[s] += gain
        gains.append((s, gain))
    state.note(("phase5", tuple(gains)))
    for s in seats:
        for card, (kind, amount, _) in while_kept(state, s):
            apply_effect(state, s, kind, amount)
            state.note(("kept", s, card, kind, amount))
    check_eliminations(state)


def end_turn(state: State) -> None:
    """Rulebook "End Game Conditions", checked just after phase 5; then the next god's turn."""
    seats = state.seats_in()
    with_families = [s for s in seats if state.families[s] > 0]
    if len(with_families) == 1:
        end_game(state, ONE_RELIGION, (with_families[0],))
    elif len(seats) == 1:
        end_game(state, LAST_STANDING, (seats[0],))
    elif state.turn >= state.rules.turn_limit:
        end_game(state, TURN_LIMIT, ())
    else:
        n = state.rules.n
        nxt = (state.active + 1) % n
        while state.out[nxt]:
            nxt = (nxt + 1) % n
        begin_turn(state, nxt)
