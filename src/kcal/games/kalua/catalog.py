"""``kcal catalog validate|list|show --game kalua`` over the card data.

``validate_catalogs``, ``FILTERS``, ``list_cards(filters, catalogs, no_builtin)`` and ``show(name,
catalogs, no_builtin)`` are the command line's shapes; each card set is complete in itself, so "extra
catalogs" are other sets to look in, the built-in one last unless ``no_builtin``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from kcal.core.catalogs import card_sets, check_filters, raise_invalid, validate_each
from kcal.core.errors import KcalError, UsageError
from kcal.core.results import card_table
from kcal.core.suggest import did_you_mean, lookup
from kcal.core.text import shown
from kcal.games.kalua.files.cardset import CardDef, CardSet
from kcal.games.kalua.files.load import BUILTIN, load_catalog
from kcal.games.kalua.rules.cardtext import card_lines, kind_text
from kcal.games.kalua.rules.domain import GAME_ID, KINDS, Kind, fold

#: the ``catalog list`` filters that apply to this game: --type bonus|local|global|disaster, --cost N,
#: --name TEXT
FILTERS = ("type", "cost", "name")

Paths = Sequence[str | Path] | None


def validate_catalogs(paths: Paths = None) -> dict[str, Any]:
    """Every file checked, problems reported per file (nothing raised for a bad set)."""
    def check(target: str | Path) -> dict[str, Any]:
        cards = load_catalog(target)
        counts = {k.value: sum(d.copies for d in cards.by_kind(k)) for k in KINDS}
        return {"set": cards.code, "cards": len(cards), "by_kind": counts, "variant": cards.variant,
                "help_cards": len(cards.model.help_cards)}

    targets = list(paths or []) or [BUILTIN]
    return validate_each(GAME_ID, [(str(t), t) for t in targets], {"set": None, "cards": 0}, check)


#: the built-in set is kcal's reconstruction (docs/README.md), and says so wherever it is checked
_RECONSTRUCTION = "; kcal's reconstruction"


def validate_text(result: dict[str, Any]) -> str:
    lines = []
    for r in result["catalogs"]:
        if r["errors"]:
            lines.append(f"{shown(r['catalog'])}: {len(r['errors'])} problem(s)")
            lines += [f"{e['file']}:{e['line']}:{e['column']}: {e['message']}" for e in r["errors"]]
        else:
            kinds = ", ".join(f"{v} {k}" for k, v in r["by_kind"].items())
            lines.append(f"{shown(r['catalog'])}: valid ({r['cards']} cards: {kinds}; {r['help_cards']} help cards; "
                         f"set {r['set']}{_RECONSTRUCTION if r['catalog'] == BUILTIN else ''})")
    return "\n".join(lines)


def validate(paths: Paths = None) -> dict[str, Any]:
    """Validate card-set files (none: the built-in set); every problem is raised together (exit 2)."""
    return raise_invalid(validate_catalogs(paths))


def _sets(catalogs: Paths, no_builtin: bool) -> list[CardSet]:
    return card_sets(catalogs, no_builtin, load_catalog, load_catalog)


def row(d: CardDef, cards: CardSet) -> dict[str, Any]:
    return {"card": d.name, "kind": d.entry.kind.value, "deck": ("bonus", "disaster")[d.deck], "cost": d.cost,
            "copies": d.copies, "rule": d.rule.value if d.rule else None, "kept": d.keep,
            "effects": [e.model_dump(mode="json") for e in d.entry.effects],
            "does": card_lines(d.entry), "set": cards.code}


def _kinds(values: Sequence[str]) -> set[Kind]:
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
    return out


def list_cards(filters: Mapping[str, Any] | None = None, catalogs: Paths = None,
               no_builtin: bool = False) -> dict[str, Any]:
    """``{"cards": [row]}`` in catalog order, filtered by ``type`` (bonus, local, global or disaster),
    ``cost`` (numbers) and ``name`` (part of the name)."""
    filters = dict(filters or {})
    check_filters(filters, FILTERS)
    kinds = _kinds([filters["type"]] if isinstance(filters.get("type"), str) else filters.get("type") or [])
    costs: set[int] = set()
    for c in [filters["cost"]] if isinstance(filters.get("cost"), str | int) else filters.get("cost") or []:
        if not str(c).strip().isdigit():
            raise UsageError(f"--cost {c!r}: a Kalua card's cost is a number of PP")
        costs.add(int(str(c)))
    part = fold(str(filters.get("name") or ""))
    rows = []
    for cards in _sets(catalogs, no_builtin):
        rows += [row(d, cards) for d in cards.defs if (not kinds or d.entry.kind in kinds)
                 and (not costs or d.cost in costs) and part in fold(d.name)]
    return {"game": "kalua", "count": len(rows), "cards": rows}


def list_text(listing: dict[str, Any]) -> str:
    return card_table(("card", "copies", "kind", "cost", "does"),
                      [(r["card"], f"x{r['copies']}", r["kind"], f"{r['cost']:>2} PP", "; ".join(r["does"][:2]))
                       for r in listing["cards"]])


def card_names(catalogs: Paths = None, no_builtin: bool = False) -> list[tuple[str, str]]:
    """Every card's name, with itself: the pairs of :func:`kcal.core.suggest.lookup`."""
    return [(d.name, d.name) for cards in _sets(catalogs, no_builtin) for d in cards.defs]


def icon_of(entry: Any) -> str:
    """The card's picture (docs/art.md)."""
    from kcal.games.kalua.print.picture import icon_of as picture

    return str(picture(entry))


def show(name: str, catalogs: Paths = None, no_builtin: bool = False) -> dict[str, Any]:
    """One card, by name or by a word of it ("eruption"), with every effect in words."""
    sets = _sets(catalogs, no_builtin)
    found = lookup(name, [(d.name, d.name) for cards in sets for d in cards.defs])
    for cards in sets:
        d = cards.find(name) or (cards.find(found.name) if found.name else None)
        if d is not None:
            out = row(d, cards)
            out.update({"text": d.entry.text, "while_kept": [e.model_dump(mode="json") for e in d.entry.while_kept],
                        "icon": icon_of(d.entry)})
            return out
    if found.several:
        raise KcalError(found.several_message("cards"), code="ambiguous")
    raise KcalError(f"there is no card {name!r} in the set {sets[0].code}{found.hint()}",
                    code="unknown-card")


def show_text(card: dict[str, Any]) -> str:
    kind = kind_text(Kind(card["kind"]))
    lines = [f"{card['card']} -- {kind}, {card['cost']} PP, {card['copies']} in the set ({card['deck']} deck)"]
    lines += [f"  - {line}" for line in card["does"]]
    if card.get("text"):
        lines.append(f"  {card['text']}")
    if card.get("icon"):
        lines.append(f"  picture: {card['icon']}")
    return "\n".join(lines)
