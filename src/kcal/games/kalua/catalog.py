"""``kcal catalog validate|list|show --game kalua`` over the card data: the shared
:class:`~kcal.core.catalogs.CardCatalog` with this game's rows, filters and words.

``list_cards(filters, catalogs, no_builtin)`` and ``show(name, catalogs, no_builtin)``: each card set is complete in itself, so "extra
catalogs" are other sets to look in, the built-in one last unless ``no_builtin``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kcal.core.catalogs import CardCatalog, Paths, card_sets, text_filter
from kcal.core.errors import UsageError, problem_count
from kcal.core.results import card_table
from kcal.core.suggest import did_you_mean
from kcal.core.text import shown
from kcal.games.kalua.files.cardset import CardDef, CardSet
from kcal.games.kalua.files.load import BUILTIN, load_catalog
from kcal.games.kalua.rules.cardtext import card_lines, kind_text
from kcal.games.kalua.rules.domain import GAME_ID, KINDS, Kind, fold


def _check(target: str | Path) -> dict[str, Any]:
    cards = load_catalog(target)
    counts = {k.value: sum(d.copies for d in cards.by_kind(k)) for k in KINDS}
    return {"set": cards.code, "cards": len(cards), "by_kind": counts, "variant": cards.variant,
            "help_cards": len(cards.model.help_cards)}


#: the built-in set is kcal's reconstruction (docs/README.md), and says so wherever it is checked
_RECONSTRUCTION = "; kcal's reconstruction"


def validate_text(result: dict[str, Any]) -> str:
    """``catalog validate``'s text: a valid set's cards by kind; a bad one's count of problems (each problem
    is on its own line on stderr, as in every pack)."""
    lines = []
    for r in result["catalogs"]:
        if r["errors"]:
            lines.append(f"{shown(r['catalog'])}: {problem_count(r['errors']):,} problem(s)")
        else:
            kinds = ", ".join(f"{v} {k}" for k, v in r["by_kind"].items())
            lines.append(f"{shown(r['catalog'])}: valid ({r['cards']} cards: {kinds}; {r['help_cards']} help cards; "
                         f"set {r['set']}{_RECONSTRUCTION if r['catalog'] == BUILTIN else ''})")
    return "\n".join(lines)


def _sets(catalogs: Paths, no_builtin: bool) -> list[CardSet]:
    return card_sets(catalogs, no_builtin, load_catalog, load_catalog)


def row(d: CardDef, cards: CardSet) -> dict[str, Any]:
    return {"card": d.name, "kind": d.entry.kind.value, "deck": ("bonus", "disaster")[d.deck], "cost": d.cost,
            "copies": d.copies, "rule": d.rule.value if d.rule else None, "kept": d.keep,
            "effects": [e.model_dump(mode="json") for e in d.entry.effects],
            "does": card_lines(d.entry), "set": cards.code}


def _kinds(values: list[str]) -> Callable[[CardDef], bool]:
    """``--type bonus|local|global|disaster`` (disaster: local or global)."""
    out: set[Kind] = set()
    for v in values:
        word = fold(v)
        if word == "disaster":
            out |= {Kind.LOCAL, Kind.GLOBAL}
            continue
        match = [k for k in KINDS if k.value == word]
        if not match:
            raise UsageError(f"--type {v!r}: the card types are bonus, local, global (or disaster)"
                             f"{did_you_mean(v, [k.value for k in KINDS] + ['disaster'])}")
        out.add(match[0])
    return lambda d: d.entry.kind in out


def _costs(values: list[str]) -> Callable[[CardDef], bool]:
    """``--cost N``: a number of PP."""
    costs: set[int] = set()
    for c in values:
        if not c.strip().isdigit():
            raise UsageError(f"--cost {c!r}: a Kalua card's cost is a number of PP")
        costs.add(int(c))
    return lambda d: d.cost in costs


def icon_of(entry: Any) -> str:
    """The card's picture (docs/art.md)."""
    from kcal.games.kalua.print.picture import icon_of as picture

    return str(picture(entry))


def _detail(d: CardDef, cards: CardSet) -> dict[str, Any]:
    """``catalog show``: the row with the card's text and every effect in words."""
    return {**row(d, cards), "text": d.entry.text,
            "while_kept": [e.model_dump(mode="json") for e in d.entry.while_kept], "icon": icon_of(d.entry)}


CATALOG: CardCatalog[CardSet, CardDef] = CardCatalog(
    GAME_ID, _sets, lambda cards: cards.defs, row, key=lambda d: d.name, aliases=lambda d: (d.name,),
    find=lambda cards, name: cards.find(name), detail=_detail,
    filters={"type": _kinds, "cost": _costs, "name": text_filter(lambda d: fold(d.name))},
    check=_check, builtin=BUILTIN, blank={"set": None, "cards": 0},
    missing=lambda name, sets, hint: f"there is no card {name!r} in the set {sets[0].code}{hint}")

#: the ``catalog list`` filters that apply to this game: --type bonus|local|global|disaster, --cost N,
#: --name TEXT
FILTERS = CATALOG.FILTERS
validate_catalogs, validate = CATALOG.validate_catalogs, CATALOG.validate
list_cards, card_names, show = CATALOG.list_cards, CATALOG.card_names, CATALOG.show


def list_text(listing: dict[str, Any]) -> str:
    return card_table(("card", "copies", "kind", "cost", "does"),
                      [(r["card"], f"x{r['copies']}", r["kind"], f"{r['cost']:>2} PP", "; ".join(r["does"][:2]))
                       for r in listing["cards"]])


def show_text(card: dict[str, Any]) -> str:
    kind = kind_text(Kind(card["kind"]))
    lines = [f"{card['card']} -- {kind}, {card['cost']} PP, {card['copies']} in the set ({card['deck']} deck)"]
    lines += [f"  - {line}" for line in card["does"]]
    if card.get("text"):
        lines.append(f"  {card['text']}")
    if card.get("icon"):
        lines.append(f"  picture: {card['icon']}")
    return "\n".join(lines)
