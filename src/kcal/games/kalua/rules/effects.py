"""What a card does when it resolves, and elimination.

Rulings applied here (docs/rulings.md): an effect on everyone touches the gods still in the game in
clockwise order from the card's player ("everyone-order"); a global disaster paid 6 spares its player,
paid 12 doubles every amount ("global-payment"); praying points never go below 0, happiness stays on
the track, a god loses at most the families they have and gains at most the atheists the island has
("losses-are-capped"); Amulets are used up automatically by the first card that would take their
owner's families ("amulets-automatic"); a god with no family and no leader is eliminated at once and
for good, their hand and kept cards discarded ("elimination-is-final"); when a global disaster leaves
every god without families, the god(s) with the most families when it was played win
("global-wipe-out").
"""

from __future__ import annotations

from kcal.games.kalua.rules.cards import Fx
from kcal.games.kalua.rules.domain import (
    CHOSEN,
    CONVERT,
    DEATHS,
    DISCARD,
    DOUBLE_COST,
    FAMILY_LOSSES,
    GLOBAL,
    HAPPY,
    KEEP,
    PP,
    PROTECTION_COST,
    RECOVER,
    SELF,
    TO_ATHEISM,
    Rule,
)
from kcal.games.kalua.rules.state import OVER, Entry, State

GLOBAL_WIPE_OUT = "global_disaster"
ALL_ELIMINATED = "all_eliminated"


def discard_card(state: State, card: int) -> None:
    """Put ``card`` on its deck's discard pile."""
    state.discards[state.rules.cards.defs[state.rules.cards.card_def[card]].deck].append(card)


def affected(state: State, seat: int, target: int, where: int) -> list[int]:
    """The gods an effect with target ``where`` touches."""
    if where == SELF:
        return [seat] if not state.out[seat] else []
    if where == CHOSEN:
        return [target] if target >= 0 and not state.out[target] else []
    n = state.rules.n
    out = state.out
    return [s for s in ((seat + k) % n for k in range(n)) if not out[s]]


def apply_effect(state: State, god: int, kind: int, amount: int) -> None:
    """One effect on one god (keep and discard are handled by the caller)."""
    if kind == PP:
        value = state.pp[god] + amount
        state.pp[god] = value if value > 0 else 0
    elif kind == HAPPY:
        top = state.rules.cards.happiness_max
        value = state.happy[god] + amount
        state.happy[god] = 0 if value < 0 else top if value > top else value
    elif kind == DEATHS:
        state.families[god] -= min(amount, state.families[god])
    elif kind == TO_ATHEISM:
        k = min(amount, state.families[god])
        state.families[god] -= k
        state.island += k
    elif kind == CONVERT:
        k = min(amount, state.island)
        state.island -= k
        state.families[god] += k
    elif kind == RECOVER:
        state.leader[god] = True


def _amulets(state: State, god: int) -> int:
    """The id of an Amulets card ``god`` keeps, or -1."""
    cards = state.rules.cards
    for card in state.kept[god]:
        if cards.defs[cards.card_def[card]].rule is Rule.AMULETS:
            return card
    return -1


# kept whole: one branch per effect kind of the rulebook's card table, in the table's order
def resolve(state: State, entry: Entry, target: int) -> None:
    """Resolve one card of the table (``target``: the chosen god of a local disaster, else -1)."""
    cards = state.rules.cards
    card = entry.card
    d = cards.defs[cards.card_def[card]]
    seat = entry.seat
    double = d.kind == GLOBAL and entry.pay == DOUBLE_COST
    protected = seat if d.kind == GLOBAL and entry.pay == PROTECTION_COST else -1
    state.note(("resolve", seat, card, target, entry.pay))
    before = (state.families[:], state.happy[:], state.pp[:], state.island) if state.log is not None else None
    if d.rule is Rule.DESTROY_TEMPLE and target >= 0:
        for kept in state.kept[target]:
            if cards.defs[cards.card_def[kept]].rule is Rule.TEMPLE:
                state.kept[target].remove(kept)
                discard_card(state, kept)
                state.note(("destroyed", target, kept))
                break
    warded: set[int] = set()
    losses = [(k, a, w) for k, a, w in d.effects if k in FAMILY_LOSSES]
    for god in dict.fromkeys(g for _, _, w in losses for g in affected(state, seat, target, w)):
        if god != protected and state.families[god] > 0:
            amulet = _amulets(state, god)
            if amulet >= 0:
                state.kept[god].remove(amulet)
                discard_card(state, amulet)
                warded.add(god)
                state.note(("amulets", god, amulet, card))
    for kind, amount, where in d.effects:
        if kind == KEEP:
            continue
        gods = affected(state, seat, target, where)
        if kind == RECOVER and d.rule is Rule.NEW_LEADER:
            for god in gods:  # one of your families becomes your leader
                if not state.leader[god] and state.families[god] > 0:
                    state.families[god] -= 1
                    state.leader[god] = True
            continue
        value = amount * 2 if double else amount
        for god in gods:
            if god == protected or (god in warded and kind in FAMILY_LOSSES):
                continue
            if kind == DISCARD:
                state.pending.append([god, value])
            else:
                apply_effect(state, god, kind, value)
    if d.keep:
        state.kept[seat].append(card)
    else:
        discard_card(state, card)
    if before is not None:
        _note_changes(state, before)
    _global_end(state)
    check_eliminations(state)


def _note_changes(state: State, before: tuple[list[int], list[int], list[int], int]) -> None:
    """Record what a card changed: per god (families, happiness, PP) and the island."""
    fam, hap, pp, island = before
    changes = tuple((s, state.families[s] - fam[s], state.happy[s] - hap[s], state.pp[s] - pp[s])
                    for s in range(state.rules.n)
                    if (state.families[s], state.happy[s], state.pp[s]) != (fam[s], hap[s], pp[s]))
    state.note(("changes", changes, state.island - island))


def _global_end(state: State) -> None:
    """Rulebook, "End Game Conditions": "if at any time, a new Global Disaster is played and every
    religion is out of families", the religion with the most families before it was played wins (ties
    share). "New": a global disaster of the cards on the table now, resolved already; the card that
    empties the last religion may be it or a card resolving after it (ruling "global-wipe-out")."""
    if any(state.families):
        return
    played = next((e for e in state.table[:state.resolving] if e.before is not None), None)
    if played is None or played.before is None or not any(played.before):
        return
    best = max(played.before)
    end_game(state, GLOBAL_WIPE_OUT, tuple(s for s, f in enumerate(played.before) if f == best))


def while_kept(state: State, god: int) -> list[tuple[int, Fx]]:
    """Phase 5: the kept cards of ``god`` with benefits (the Temple), and each benefit."""
    cards = state.rules.cards
    out = []
    for card in state.kept[god]:
        d = cards.defs[cards.card_def[card]]
        out += [(card, fx) for fx in d.while_kept]
    return out


def eliminate(state: State, seat: int) -> None:
    state.out[seat] = True
    for card in state.hands[seat]:
        discard_card(state, card)
    for card in state.kept[seat]:
        discard_card(state, card)
    state.hands[seat] = []
    state.kept[seat] = []
    state.pending = [p for p in state.pending if p[0] != seat]
    state.note(("eliminated", seat))


def check_eliminations(state: State) -> None:
    """Eliminate every god with no family and no leader; end the game when none is left."""
    for s in range(state.rules.n):
        if not state.out[s] and not state.leader[s] and state.families[s] == 0:
            eliminate(state, s)
    if all(state.out) and state.step != OVER:
        end_game(state, ALL_ELIMINATED, ())


def end_game(state: State, reason: str, winners: tuple[int, ...]) -> None:
    state.step = OVER
    state.end_reason = reason
    state.winners = winners
    state.table = []
    state.pending = []
    state.note(("end", reason, winners))
