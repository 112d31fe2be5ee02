"""What the bots share: a position's value for one god, and fast default choices that use nothing a
god cannot see (the greedy bot's continuation, the search bot's rollouts).

The value counts what wins Kalua: your families against the strongest other religion's, your place
on the happiness track (phase 4 moves families from the unhappiest to the happiest), your leader, your
PP and cards, kept Temples and Amulets. A finished game is worth far more than any position.
"""

from __future__ import annotations

from kcal.core.rng import Rng
from kcal.games.kalua.game import execute
from kcal.games.kalua.rules.domain import BONUS, BUY_COST, DECKS, GLOBAL, LOCAL, Deck, LeaderAction, Rule
from kcal.games.kalua.rules.legal import legal_moves
from kcal.games.kalua.rules.moves import Convert, Discard, Draw, Lead, Move, Play, Reply, Target
from kcal.games.kalua.rules.state import DEAL, DISCARD, DRAW, LEADERS, OVER, PLAY, REPLY, TARGET, State

WIN = 1000.0


def value(state: State, me: int) -> float:
    """How good ``state`` is for ``me`` (higher is better)."""
    if state.step == OVER:
        if me in state.winners:
            return WIN / len(state.winners)
        return -WIN
    if state.out[me]:
        return -WIN / 2
    fam = state.families
    others = [s for s in range(state.rules.n) if s != me and not state.out[s]]
    if not others:
        return WIN / 2
    strongest = max(fam[s] for s in others)
    mean_fam = sum(fam[s] for s in others) / len(others)
    mean_happy = sum(state.happy[s] for s in others) / len(others)
    v = 4.0 * fam[me] - 2.0 * strongest - 1.0 * mean_fam
    v += 1.2 * state.happy[me] - 0.8 * mean_happy
    if all(state.happy[me] > state.happy[s] for s in others):
        v += 2.0
    v += 3.0 * state.leader[me] + 0.15 * state.pp[me] + 0.4 * min(len(state.hands[me]), 8)
    cards = state.rules.cards
    for card in state.kept[me]:
        rule = cards.def_of(card).rule
        v += 3.0 if rule is Rule.TEMPLE else 2.0 if rule is Rule.AMULETS else 0.0
    return v


def strongest_rival(state: State, me: int) -> int:
    """The other god still in with the most families (ties: the happiest, then the first clockwise)."""
    n = state.rules.n
    best, key = -1, (-1, -1)
    for k in range(1, n):
        s = (me + k) % n
        if state.out[s]:
            continue
        this = (state.families[s], state.happy[s])
        if this > key:
            best, key = s, this
    return best if best >= 0 else me


def draw_deck(state: State, seat: int) -> Deck:
    """Keep a hand with about as many bonus cards as disasters."""
    defs = state.rules.cards.defs
    card_def = state.rules.cards.card_def
    bonus = sum(1 for c in state.hands[seat] if defs[card_def[c]].kind == BONUS)
    deck = Deck.BONUS if 2 * bonus <= len(state.hands[seat]) else Deck.DISASTER
    i = DECKS.index(deck)
    if not (state.piles[i] or state.discards[i]):
        deck = DECKS[1 - i]
    return deck


def cheapest_card(state: State, seat: int) -> str:
    cards = state.rules.cards
    return min((cards.def_of(c) for c in state.hands[seat]), key=lambda d: (d.cost, d.index)).name


def passive(state: State, seat: int) -> Move:
    """The continuation of the greedy bot's look-ahead: draw to keep the hand even, give a speech, play
    nothing more, answer nothing, punish the strongest rival, discard the cheapest card."""
    step = state.step
    if step in (DEAL, DRAW):
        return Draw(draw_deck(state, seat))
    if step == LEADERS:
        return Lead(LeaderAction.SPEECH)
    if step == PLAY:
        return Convert()
    if step == REPLY:
        return Reply(None)
    if step == TARGET:
        return Target(state.rules.players[strongest_rival(state, seat)])
    if step == DISCARD:
        return Discard(cheapest_card(state, seat))
    raise AssertionError("no decision in a finished game")


def to_turn_end(state: State, turn: int, cap: int = 400) -> None:
    """Play ``state`` on by :func:`passive` until turn ``turn`` is over (or the game)."""
    for _ in range(cap):
        if state.step == OVER or state.turn > turn:
            return
        execute(state, state.cursor, passive(state, state.cursor))


def rollout_move(state: State, seat: int, rng: Rng) -> Move:
    """The search bot's default policy: :func:`passive`, but the active god plays an affordable card
    half the time, an answer comes one time in four, and leaders aim for the top of the track."""
    step = state.step
    if step == LEADERS:
        others = [state.happy[s] for s in range(state.rules.n) if s != seat and not state.out[s]]
        if others and state.happy[seat] <= max(others):
            return Lead(LeaderAction.SPEECH)
        return Lead(LeaderAction.ATHEISTS) if state.island else Lead(LeaderAction.SPEECH)
    if step in (PLAY, REPLY):
        roll = rng.below(4)
        if (step == PLAY and roll < 2) or (step == REPLY and roll == 0):
            cards = [m for m in legal_moves(state, state.rules.players[seat]) if isinstance(m, Play | Reply)
                     and m.card is not None and _sensible(state, m)]
            if cards:
                return cards[rng.below(len(cards))]
    return passive(state, seat)


def _sensible(state: State, move: Play | Reply) -> bool:
    """Rollouts play a global disaster only with protection and never pay 12."""
    d = state.rules.cards.find(move.card or "")
    if d is None:
        return False
    if d.kind == GLOBAL:
        return move.pay == 6
    return d.kind in (BONUS, LOCAL)


def rollout(state: State, me: int, rng: Rng, turns: int, cap: int = 2_000) -> float:
    """Play on for ``turns`` more turns by :func:`rollout_move`; the value for ``me``."""
    stop = state.turn + turns
    for _ in range(cap):
        if state.step == OVER or state.turn > stop:
            break
        execute(state, state.cursor, rollout_move(state, state.cursor, rng))
    return value(state, me)


def spare_pp_buy(state: State, seat: int) -> Move | None:
    """A god with PP to spare (and an empty hand, or 15 PP or more) buys a card."""
    if state.pp[seat] >= max(BUY_COST, 15 if state.hands[seat] else BUY_COST * 2):
        deck = draw_deck(state, seat)
        from kcal.games.kalua.rules.moves import Buy

        i = DECKS.index(deck)
        if state.piles[i] or state.discards[i]:
            return Buy(deck)
    return None
