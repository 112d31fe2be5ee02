"""What every pack's ``kcal catalog validate|list|show`` does the same way: check each card-set file
and report its problems per file, gather the sets a lookup searches (the built-in one unless
``--no-builtin``), refuse a ``catalog list`` filter the game does not have, filter, look a card up with a
did-you-mean: :class:`CardCatalog` is the whole hook. Each pack keeps what is its own: how a set loads,
its rows, its filters' meaning and its words."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from kcal.core.errors import KcalError, UsageError, problem_count, problem_dicts, raise_problem_dicts
from kcal.core.suggest import did_you_mean

T = TypeVar("T")
S = TypeVar("S")


def validate_each(game_id: str, targets: Iterable[tuple[str, T]], blank: Mapping[str, Any],
                  check: Callable[[T], Mapping[str, Any]]) -> dict[str, Any]:
    """Every target checked, problems reported per file, nothing raised for a bad set:
    ``{"game", "valid", "catalogs": [{"catalog", **blank, "errors", **check(target)}]}``."""
    reports = []
    for name, target in targets:
        report: dict[str, Any] = {"catalog": name, **blank, "errors": []}
        try:
            report.update(check(target))
        except KcalError as exc:
            report["errors"] = problem_dicts(exc)
        reports.append(report)
    return {"game": game_id, "valid": not any(r["errors"] for r in reports), "catalogs": reports}


def raise_invalid(result: dict[str, Any]) -> dict[str, Any]:
    """:func:`validate_each`'s result, or every problem of every file raised together (exit 2)."""
    raise_problem_dicts(e for r in result["catalogs"] for e in r["errors"])
    return result


def card_sets(catalogs: Sequence[T] | None, no_builtin: bool, load: Callable[[T], S],
              builtin: Callable[[], S]) -> list[S]:
    """The sets a lookup searches: each ``--catalog`` file, then the built-in set unless ``no_builtin``."""
    sets = [load(p) for p in catalogs or []]
    if not no_builtin:
        sets.append(builtin())
    if not sets:
        raise UsageError("no card set to look in: --no-builtin needs a --catalog file")
    return sets


def check_filters(filters: Mapping[str, Any], known: Sequence[str]) -> None:
    """Refuse a ``catalog list`` filter the game does not have, with a did-you-mean."""
    unknown = [k for k, v in filters.items() if v and k not in known]
    if unknown:
        raise UsageError(f"unknown filter {unknown[0]!r}{did_you_mean(unknown[0], known)}")


# --- a pack's catalog hook, built from what the pack declares ------------------------------------

C = TypeVar("C")

Paths = Sequence[Any] | None
#: a ``catalog list`` filter: the values asked for (each a string) -> the test of one card
Filter = Callable[[list[str]], Callable[[Any], bool]]


def text_filter(text: Callable[[Any], str]) -> Filter:
    """The ``--name TEXT`` filter: the text asked for (case and white space folded) is part of
    ``text(card)`` (case folded)."""
    def parse(values: list[str]) -> Callable[[Any], bool]:
        part = " ".join(" ".join(values).split()).casefold()
        return lambda card: part in text(card).casefold()
    return parse


@dataclass(frozen=True)
class CardCatalog(Generic[S, C]):
    """``kcal catalog validate|list|show`` of a pack whose card data is card sets, each complete in itself.

    The pack declares what is its own: how the sets a lookup searches are gathered (``sets``, usually
    :func:`card_sets`), a set's cards (``cards``), a card's row for ``catalog list`` (``row``), the names
    it answers to (``aliases``, each mapped to ``key``), how a set finds a card by name (``find``), its
    ``catalog list`` filters (``filters``: name -> :data:`Filter`, in the order the game lists them), what
    ``catalog show`` adds to the row (``detail``), how a file is checked (``check``, over ``targets``) and
    the words of its messages. The methods are the hook's functions (:class:`kcal.core.hooks.CatalogHook`);
    the pack's module names them (``list_cards = CATALOG.list_cards``)."""

    game: str
    sets: Callable[[Paths, bool], list[S]]
    cards: Callable[[S], Iterable[C]]
    row: Callable[[C, S], dict[str, Any]]
    key: Callable[[C], str]
    aliases: Callable[[C], Iterable[str | None]]
    find: Callable[[S, str], C | None]
    #: the message of a name no card answers to: (query, the sets, the did-you-mean clause) -> message
    missing: Callable[[str, list[S], str], str]
    filters: Mapping[str, Filter] = field(default_factory=dict)
    #: a file's check for ``catalog validate`` (its report's keys), and the built-in data's target
    check: Callable[[Any], Mapping[str, Any]] | None = None
    builtin: Any = None
    detail: Callable[[C, S], dict[str, Any]] | None = None
    #: a ``catalog validate`` report's summary of a valid file (``12 cards, set X``)
    summary: Callable[[Mapping[str, Any]], str] = lambda r: f"{r['cards']} cards"
    blank: Mapping[str, Any] = field(default_factory=lambda: {"cards": 0})
    targets: Callable[[Paths], list[tuple[str, Any]]] | None = None
    #: what the text adds after a valid built-in file's summary (``; kcal's reconstruction``)
    builtin_note: str = ""
    #: the cards of a query that names several (``several species cards``)
    noun: str = "cards"
    #: a check of a name no card answers to before the did-you-mean (raises its own error)
    precheck: Callable[[str, list[S]], None] | None = None
    #: the filter a value given alone to :meth:`list_cards` is for (``list_cards("red")``)
    default_filter: str | None = None

    @property
    def FILTERS(self) -> tuple[str, ...]:  # noqa: N802 (the hook's name)
        return tuple(self.filters)

    def validate_catalogs(self, paths: Paths = None) -> dict[str, Any]:
        """Every file checked (none: the built-in data), problems reported per file, nothing raised."""
        targets = (self.targets(paths) if self.targets is not None
                   else [(str(t), t) for t in list(paths or []) or [self.builtin]])
        if self.check is None:
            raise TypeError(f"the catalog of {self.game} declares no check of its files")
        return validate_each(self.game, targets, self.blank, self.check)

    def validate(self, paths: Paths = None) -> dict[str, Any]:
        """:meth:`validate_catalogs`, every problem of every file raised together (exit 2)."""
        return raise_invalid(self.validate_catalogs(paths))

    def validate_text(self, result: Mapping[str, Any]) -> str:
        from kcal.core.text import shown

        return "\n".join(f"{shown(r['catalog'])}: " + (
            f"{problem_count(r['errors']):,} problem(s)" if r["errors"] else
            f"valid ({self.summary(r)}{self.builtin_note if r['catalog'] == str(self.builtin) else ''})")
            for r in result["catalogs"])

    def list_cards(self, filters: Mapping[str, Any] | str | Sequence[str] | None = None, catalogs: Paths = None,
                   no_builtin: bool = False) -> dict[str, Any]:
        """``{"game", "count", "cards": [row]}`` in catalog order: the cards every filter given lets
        through (several values of one filter: any of them)."""
        if filters is not None and not isinstance(filters, Mapping):
            filters = {str(self.default_filter): filters}
        asked = dict(filters or {})
        check_filters(asked, self.FILTERS)
        tests = [parse([str(v) for v in ([asked[name]] if isinstance(asked[name], str | int) else asked[name])])
                 for name, parse in self.filters.items() if asked.get(name)]
        rows = [self.row(card, s) for s in self.sets(catalogs, no_builtin) for card in self.cards(s)
                if all(test(card) for test in tests)]
        return {"game": self.game, "count": len(rows), "cards": rows}

    def card_names(self, catalogs: Paths = None, no_builtin: bool = False) -> list[tuple[str, str]]:
        """Every way a card may be named, with its card's key: the pairs of :func:`kcal.core.suggest.lookup`."""
        return self._names(self.sets(catalogs, no_builtin))

    def _names(self, sets: list[S]) -> list[tuple[str, str]]:
        return [(alias, self.key(c)) for s in sets for c in self.cards(s) for alias in self.aliases(c) if alias]

    def show(self, query: str, catalogs: Paths = None, no_builtin: bool = False) -> dict[str, Any]:
        """One card, by any of its names or by words of one; an unknown or ambiguous name suggests
        what is close."""
        return (self.detail or self.row)(*self.find_card(query, self.sets(catalogs, no_builtin)))

    def find_card(self, query: str, sets: list[S]) -> tuple[C, S]:
        """The card ``query`` names in ``sets`` (by any of its names, or words of one), with its set; an
        unknown or ambiguous name raises with what is close."""
        from kcal.core.suggest import lookup

        found = lookup(query, self._names(sets))
        for s in sets:
            card = self.find(s, query) or (self.find(s, found.name) if found.name else None)
            if card is not None:
                return card, s
        if self.precheck is not None:
            self.precheck(query, sets)
        if found.several:
            raise KcalError(found.several_message(self.noun), code="ambiguous")
        raise KcalError(self.missing(query, sets, found.hint()), code="unknown-card")
