"""What-if patches: a YAML file that changes a game's card data or rule parameters (SPEC, "Balance lab").

::

    game: how-many-calories
    cards:                       # by the card's name as its catalog writes it
      yellow 14: {kcal: 1500}    # change fields (null removes an optional field)
    add: []                      # whole cards, as in the catalog
    remove: []                   # names
    params: {limit_kcal: 2600}

The file is read with kcal's safe YAML reader (:mod:`kcal.core.yamlsafe`), so every problem is one line
at its ``file:line:column``: an unknown key, card, field or parameter (with a did-you-mean), a value out
of the parameter's declared range, a patch for another game. The patched cards are checked by the pack's
own card-set validation (its ``patch`` hook, :class:`kcal.core.hooks.PatchHook`) through a document whose
positions point back into the patch, so a patch that makes the card set illegal is refused at the line
that did it. Shared code: it never names a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.core.errors import UsageError
from kcal.core.suggest import did_you_mean
from kcal.core.yamlsafe import Loc, YamlDoc, load_yaml
from kcal.sim.options import Param

if TYPE_CHECKING:
    from kcal.core.registry import Pack

KEYS = ("game", "cards", "add", "remove", "params")
WHAT = "what-if patch"


@dataclass(frozen=True)
class Patch:
    """A checked patch: what it changes, and the setup options that play the patched game."""

    game: str
    path: str
    params: Mapping[str, Any]  # parameter name -> value
    options: Mapping[str, Any]  # the setup options of the patched arm
    cards: tuple[str, ...] = ()  # the cards changed or added (by name), in the patch's order
    removed: tuple[str, ...] = ()
    lines: tuple[str, ...] = field(default=())  # the change in words
    #: for each card of ``cards``: its name, and the name the pack's impact hook gives it in the base arm
    #: (None: an added card) and in the patched arm (a changed number renames a How many Calories? card)
    held_as: tuple[tuple[str, str | None, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        from kcal.sim.options import plain

        return {"file": self.path, "params": plain(dict(self.params)), "cards": list(self.cards),
                "removed": list(self.removed)}


def patch_hook(pack: Pack) -> Any:
    """The pack's ``patch`` hook; a usage error naming the game when it has none."""
    if not pack.has("patch"):
        raise UsageError(f"{pack.info.name} ({pack.id}) declares no parameters or patchable cards")
    return pack.hook("patch")


def params_of(pack: Pack) -> tuple[Param, ...]:
    return tuple(patch_hook(pack).PARAMS)


def find_param(pack: Pack, name: str) -> Param:
    """The declared parameter ``name`` (a usage error with a did-you-mean otherwise)."""
    params = params_of(pack)
    for p in params:
        if p.name == name:
            return p
    names = [p.name for p in params]
    raise UsageError(f"{pack.info.name} has no parameter {name!r}{did_you_mean(name, names)}; parameters: "
                     f"{', '.join(names)} (kcal balance params --game {pack.id})")


def params_json(pack: Pack) -> dict[str, Any]:
    """``kcal balance params``: the game and every parameter it declares."""
    return {"game": pack.id, "params": [p.to_json() for p in params_of(pack)]}


def params_text(data: Mapping[str, Any]) -> str:
    from kcal.core.plural import count

    lines = [f"{data['game']}: {count(len(data['params']), 'parameter')} (set them in a patch's params:, or sweep "
             "one with kcal balance sweep --param NAME=A:B:STEP)"]
    for p in data["params"]:
        default = p["default"]
        shown = f"{default:,}" if isinstance(default, int | float) else default
        lines.append(f"  {p['name']:<16} {p['type']:<5} {p['low']:,} to {p['high']:,}, default {shown}")
        lines.append(f"  {'':<16} {p['help']} (setup option {p['option']})")
    return "\n".join(lines)


class PatchDoc(YamlDoc):
    """The patched card-set document, with positions in the patch: the pack's validation reports a
    problem of card ``i`` at the patch entry that changed or added it, and any other problem (a card
    count) at the patch's ``remove:``, ``add:`` or ``cards:``."""

    def __init__(self, patch: YamlDoc, data: Any, list_key: str, origins: Sequence[Loc | None]) -> None:
        super().__init__(patch.path, data)
        self.patch = patch
        self.list_key = list_key
        self.origins = list(origins)

    def pos(self, loc: Sequence[str | int], *, key: bool = False) -> tuple[int, int]:
        loc = tuple(loc)
        p = self.patch
        if len(loc) >= 2 and loc[0] == self.list_key and isinstance(loc[1], int) and 0 <= loc[1] < len(self.origins):
            origin = self.origins[loc[1]]
            if origin is not None:
                inner = origin + loc[2:3]
                if p.has(inner):
                    return p.pos(inner, key=key)
                return p.pos(origin, key=True)
        for name in ("remove", "add", "cards"):
            if p.has((name,)):
                return p.pos((name,), key=True)
        return (1, 1)


def load_patch(path: str | Path, pack: Pack) -> Patch:
    """Read and check the patch at ``path`` for ``pack``; the setup options of the patched arm."""
    from kcal.core.packfile import require_game

    hook = patch_hook(pack)
    doc = load_yaml(path)
    require_game(doc, pack.id, pack.info.name, WHAT)
    data = doc.data
    for k in data:
        if k not in KEYS:
            raise doc.error(f"unknown key {k!r}{did_you_mean(str(k), KEYS)}; a patch has {', '.join(KEYS)}",
                            (k,), key=True, code="patch")
    params, options, lines = _params(doc, hook)
    cards: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    held_as: tuple[tuple[str, str | None, str], ...] = ()
    if any(data.get(k) for k in ("cards", "add", "remove")):
        card_options, cards, removed, card_lines, held_as = _cards(doc, hook)
        for k in card_options:
            if k in options:
                raise doc.error(f"the patch sets the option {k!r} twice (a parameter and the cards)", (),
                                code="patch")
        options.update(card_options)
        lines += card_lines
    return Patch(pack.id, doc.path, params, options, cards, removed, tuple(lines), held_as)


def _mapping(doc: YamlDoc, key: str) -> dict[Any, Any]:
    value = doc.data.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise doc.error(f"{key}: expected a mapping, got {_kind(value)}", (key,), code="patch")
    return value


def _list(doc: YamlDoc, key: str) -> list[Any]:
    value = doc.data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise doc.error(f"{key}: expected a list, got {_kind(value)}", (key,), code="patch")
    return value


def _kind(value: object) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"{value!r}"


def _params(doc: YamlDoc, hook: Any) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    declared = {p.name: p for p in hook.PARAMS}
    params: dict[str, Any] = {}
    options: dict[str, Any] = {}
    lines: list[str] = []
    for name, value in _mapping(doc, "params").items():
        p = declared.get(name) if isinstance(name, str) else None
        if p is None:
            raise doc.error(f"params: unknown parameter {name!r}{did_you_mean(str(name), declared)}; "
                            f"parameters: {', '.join(declared)}", ("params", name), key=True, code="patch")
        problem = p.problem(value)
        if problem is not None:
            raise doc.error(f"params.{name}: {problem}", ("params", name), code="patch")
        params[name] = value
        options[p.key] = value
        lines.append(f"{name} = {value!r}")
    return params, options, lines


class _Cards:
    """The pack's built-in cards as a patch changes them: ``cards[i]`` is card ``i`` (None once
    removed), ``origins[i]`` the patch entry that changed it."""

    def __init__(self, doc: YamlDoc, hook: Any) -> None:
        self.doc = doc
        self.hook = hook
        self.base = [dict(c) for c in hook.base_cards()]
        self.names = [hook.card_name(c) for c in self.base]
        self.by_fold = {n.casefold(): i for i, n in enumerate(self.names)}
        self.fields = sorted({f for c in self.base for f in c} | set(getattr(hook, "EXTRA_FIELDS", ())))
        self.cards: list[dict[str, Any] | None] = list(self.base)
        self.origins: list[Loc | None] = [None] * len(self.base)
        self.changed: list[str] = []
        self.held_as: list[tuple[str, dict[str, Any] | None, dict[str, Any]]] = []
        self.removed: list[str] = []
        self.lines: list[str] = []

    def index(self, name: object, loc: Loc) -> int:
        i = self.by_fold.get(name.strip().casefold()) if isinstance(name, str) else None
        if i is None:
            raise self.doc.error(f"{loc[0]}: no card {name!r} in {hook_game(self.doc)}"
                                 f"{did_you_mean(str(name), self.names)}", loc, key=loc[0] == "cards", code="patch")
        return i

    def edit(self, name: Any, edits: object) -> None:
        i = self.index(name, ("cards", name))
        if not isinstance(edits, dict) or not edits:
            raise self.doc.error(f"cards.{name}: expected a mapping of fields to new values", ("cards", name),
                                 code="patch")
        card = dict(self.base[i])
        for f, value in edits.items():
            if f not in self.fields:
                raise self.doc.error(f"cards.{name}: unknown field {f!r}{did_you_mean(str(f), self.fields)}; "
                                     f"fields: {', '.join(self.fields)}", ("cards", name, f), key=True, code="patch")
            if value is None:
                card.pop(f, None)
            else:
                card[f] = value
        self.cards[i] = card
        self.origins[i] = ("cards", name)
        self.changed.append(self.names[i])
        self.held_as.append((self.names[i], self.base[i], card))
        shown = ", ".join(f"{f} {self.base[i].get(f)!r} -> {v!r}" for f, v in edits.items())
        self.lines.append(f"{self.names[i]}: {shown}")

    def held_names(self) -> tuple[tuple[str, str | None, str], ...]:
        """Each changed or added card's name and the names the pack's impact hook gives it in the base arm
        and the patched arm (its ``impact_name``; else the patch's name); asked once the set is valid."""
        name_of = getattr(self.hook, "impact_name", self.hook.card_name)
        return tuple((name, None if base is None else str(name_of(base)), str(name_of(card)))
                     for name, base, card in self.held_as)

    def remove(self, j: int, name: object) -> None:
        i = self.index(name, ("remove", j))
        if self.cards[i] is None:
            raise self.doc.error(f"remove[{j}]: {self.names[i]} is removed twice", ("remove", j), code="patch")
        if self.origins[i] is not None:
            raise self.doc.error(f"remove[{j}]: {self.names[i]} is both changed (cards:) and removed",
                                 ("remove", j), code="patch")
        self.cards[i] = None
        self.removed.append(self.names[i])
        self.lines.append(f"{self.names[i]}: removed")

    def added(self, j: int, card: object) -> tuple[dict[str, Any], Loc]:
        if not isinstance(card, dict):
            raise self.doc.error(f"add[{j}]: expected a whole card (a mapping, as in the catalog)", ("add", j),
                                 code="patch")
        try:
            name = self.hook.card_name(card)
        except (KeyError, TypeError, ValueError):
            name = f"add[{j}]"
        self.changed.append(name)
        self.held_as.append((name, None, dict(card)))
        self.lines.append(f"{name}: added")
        return dict(card), ("add", j)


def _cards(doc: YamlDoc, hook: Any) -> tuple[dict[str, Any], tuple[str, ...], tuple[str, ...], list[str],
                                             tuple[tuple[str, str | None, str], ...]]:
    state = _Cards(doc, hook)
    for name, edits in _mapping(doc, "cards").items():
        state.edit(name, edits)
    for j, name in enumerate(_list(doc, "remove")):
        state.remove(j, name)
    kept = [(c, o) for c, o in zip(state.cards, state.origins, strict=True) if c is not None]
    kept += [state.added(j, card) for j, card in enumerate(_list(doc, "add"))]
    data = hook.card_document([c for c, _ in kept])
    options = hook.build_cards(PatchDoc(doc, data, hook.CARD_LIST, [o for _, o in kept]))
    return options, tuple(state.changed), tuple(state.removed), state.lines, state.held_names()


def hook_game(doc: YamlDoc) -> str:
    return f"the {doc.data.get('game')} cards"
