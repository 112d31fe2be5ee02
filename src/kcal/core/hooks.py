"""The hook contract: what each hook of a pack (:class:`~kcal.core.registry.Pack`) must offer, as typed
Protocols, and which hooks a pack must have.

A pack gives what a game is: its :class:`~kcal.core.gameinfo.GameInfo`, the ``game`` object with its rules,
its card data (``catalog``) with a ``schema``, and its record codec (``replay``). Every other hook is
optional: a pack has it when the module of its room is there (:data:`TABLE`, :func:`skeleton_hooks`),
and what the pack "supports" follows from the hooks it has (:func:`supports`). A hook is imported only when
a command asks for it (so listing the packs imports no rules); :func:`problems` checks a hook against its
Protocol at run time (``tests/test_pack_skeleton.py`` runs it for every registered pack).

Declaring a new optional hook is one line of :data:`TABLE` (its name, its room, its Protocol); a pack
offers it by adding the module of that room.

``game``     the rules: an object implementing :class:`~kcal.core.game.Game`
``catalog``  ``kcal catalog validate|list|show`` over the pack's card data, and the names cards answer
             to (:class:`CatalogHook`)
``deck``     ``kcal deck validate`` of a deck or card-set file (:class:`DeckHook`)
``replay``   ``kcal rules replay`` (:class:`ReplayHook`; its result: :class:`ReplayResult`)
``explain``  ``kcal rules explain`` (:class:`ExplainHook`)
``schema``   ``kcal schema export KIND --game ID`` (:class:`SchemaHook`)
``sim``      the pack's own figures for ``kcal sim match`` (:class:`SimHook`)
``impact``   which cards each player had in a game, for ``kcal balance cards`` (:class:`ImpactHook`)
``print``    ``kcal print cards|rulebook [board]`` (:class:`PrintHook`)
``draw``     pictures and the step-by-step page of :mod:`kcal.viewer` (:class:`DrawHook`)
``patch``    what a balance what-if may change: the pack's rule parameters and its card data
             (``kcal balance params|what-if|sweep``; :class:`PatchHook`)
``deck_match`` the deck match of ``kcal sim match DECK DECK``, which only games with decks have
             (``match.py``; :class:`DeckMatchHook`). The commands a pack adds to kcal's command groups
             are not a hook: they are entry points (``kcal.commands``, see
             :func:`kcal.core.registry.contributors`), and "commands" means them only
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol

#: the shared commands and what each asks of a pack: ``(command, hook, the optional function of the hook it
#: calls, or "")``,
#: in the order ``kcal games`` lists them (:meth:`kcal.core.registry.Pack.commands`). A command is listed
#: for a pack only when the pack has what it asks for, so ``kcal games`` never lists a command that refuses
#: the game (tests/cli/test_games_commands.py runs each listed one, and each unlisted one, for every pack).
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("catalog validate", "catalog", ""),
    ("catalog list", "catalog", ""),
    ("catalog show", "catalog", ""),
    ("catalog browse", "draw", "catalog_page"),
    ("deck validate", "deck", ""),
    ("rules replay", "replay", ""),
    ("rules explain", "explain", ""),
    ("rules examples", "replay", ""),
    ("schema export", "schema", ""),
    ("sim match", "game", ""),
    ("sim match DECK DECK", "deck_match", ""),
    ("balance cards", "impact", ""),
    ("print cards", "print", ""),
    ("print rulebook", "print", "print_rulebook"),
    ("print board", "print", "print_board"),
    ("export tts", "print", "export_cards"),
    ("export png", "print", "export_cards"),
)


def skeleton_hooks(package: str, **other: str) -> dict[str, str]:
    """The hook table of the pack ``package`` (its ``__name__``): every hook of :data:`TABLE` whose room is
    there (``catalog.py``, ``print/api.py``: a file looked up, nothing imported), in :data:`TABLE` order;
    ``other`` gives a hook that lives elsewhere (kCaloria's ``deck`` is ``deck/check.py``)."""
    import os
    import sys

    module = sys.modules.get(package)
    if module is not None and getattr(module, "__path__", None):
        folder = list(module.__path__)[0]
    else:
        from importlib.util import find_spec

        spec = find_spec(package)
        folder = list(spec.submodule_search_locations or [])[0] if spec is not None else ""
    table = {}
    for hook in TABLE:
        if hook.name in other:
            table[hook.name] = other[hook.name]
            continue
        where = hook.room.partition(":")[0]
        if os.path.isfile(os.path.join(folder, *where.split(".")) + ".py"):
            table[hook.name] = f"{package}.{hook.room}"
    unknown = sorted(set(other) - set(HOOKS))
    if unknown:
        raise ValueError(f"unknown hooks {', '.join(unknown)}; a pack's hooks are {', '.join(HOOKS)}")
    return table


def supports(hooks: Mapping[str, str]) -> tuple[str, ...]:
    """What a pack with these hooks supports, for ``kcal games``: its hooks but ``game``, in
    :data:`HOOKS` order (so the list can never say what the pack does not have)."""
    unknown = sorted(set(hooks) - set(HOOKS))
    if unknown:
        raise ValueError(f"unknown hooks {', '.join(unknown)}; a pack's hooks are {', '.join(HOOKS)}")
    return tuple(h for h in HOOKS[1:] if h in hooks)


def missing(hooks: Mapping[str, str]) -> tuple[str, ...]:
    """The hooks of the required core (:data:`REQUIRED`) that a pack with these hooks lacks."""
    return tuple(h for h in REQUIRED if h not in hooks)


class CatalogHook(Protocol):
    """``kcal catalog``. Results are plain data: the CLI prints them as JSON or through the text
    functions. ``FILTERS`` names the ``catalog list`` options the pack takes (type class rarity biome
    modifier cost colour name ...). A pack of card sets builds these functions with
    :class:`kcal.core.catalogs.CardCatalog` from its rows, filters and words."""

    FILTERS: Any

    def validate_catalogs(self, paths: Sequence[str] | None, /) -> dict[str, Any]: ...

    def validate_text(self, result: dict[str, Any], /) -> str: ...

    def list_cards(self, filters: Any, catalogs: Sequence[Path] | None, no_builtin: bool, /) -> dict[str, Any]: ...

    def list_text(self, result: dict[str, Any], /) -> str: ...

    def show(self, query: str, catalogs: Sequence[Path] | None, no_builtin: bool, /) -> dict[str, Any]: ...

    def show_text(self, detail: dict[str, Any], /) -> str: ...

    def card_names(self, catalogs: Sequence[Path] | None, no_builtin: bool, /) -> list[tuple[str, str]]:
        """Every way a card may be named, with its card's key: the pairs of
        :func:`kcal.core.suggest.lookup` (``show`` looks cards up through them; a name another game
        knows is hinted at with them)."""
        ...


class DeckResult(Protocol):
    """What ``deck validate`` prints: SPEC's ``{"deck", "legal", "tiles", "errors", "warnings"}``."""

    def to_json(self, *, strict: bool = ...) -> dict[str, Any]: ...

    def passes(self, *, strict: bool = ...) -> bool: ...


class DeckHook(Protocol):
    def validate_deck_file(self, path: str | Path, extra_catalogs: Any = ..., /) -> Any: ...

    def format_report(self, result: Any, /, *, strict: bool = ...) -> str: ...


class ReplayResult(Protocol):
    """A replayed record: SPEC's replay JSON, the text for people, the exit code (0 legal, 1 illegal)."""

    @property
    def exit_code(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...

    def streamed_json(self) -> dict[str, Any]: ...

    def to_text(self) -> str: ...

    def streamed_text(self) -> Iterable[str]: ...


class ReplayHook(Protocol):
    """``replay(path)``: bad input raises a positioned :class:`~kcal.core.errors.KcalError`."""

    def replay(self, path: str | Path, /) -> ReplayResult: ...


class ExplainHook(Protocol):
    def topics(self) -> list[str]: ...

    def explain(self, topic: str, /) -> dict[str, Any]: ...

    def explain_text(self, d: dict[str, Any], /) -> str: ...


class SchemaHook(Protocol):
    """``export(kind)``: the JSON Schema (Draft 2020-12) of a file kind of ``GameInfo.file_kinds``
    (:class:`kcal.core.schemas.SchemaTable` builds it from a table of ``(kind, title, model)``)."""

    def export(self, kind: str, /) -> dict[str, Any]: ...


class SimHook(Protocol):
    """Integer counters per finished game, summed by the shared runner in chunk order, then summarised."""

    def tally(self, game: Any, state: Any, /) -> Mapping[str, int]: ...

    def summarize(self, totals: dict[str, int], games: int, /) -> dict[str, Any]: ...

    def summary_lines(self, summary: dict[str, Any], /) -> list[str]: ...


class ImpactHook(Protocol):
    """``kcal balance cards`` (:mod:`kcal.balance.impact`): which cards each player *had* in a finished
    game, in the sense of 17lands' "game in hand" (drawn, dealt, or placed: each pack's docs/rulings.md
    says which), and which it *could have had* (the cards of its deck, or of the shared one). ``HAD``
    says the pack's definition in words, for the report."""

    HAD: str

    def held(self, game: Any, state: Any, /) -> Sequence[tuple[Collection[str], Collection[str]]]:
        """For each seat, in the order of the players: the names of the cards it had, and of the cards it
        could have had (the first is part of the second), as the card's catalog writes them."""
        ...


class PrintHook(Protocol):
    """``kcal print cards`` with the options every pack is given (:func:`kcal.print.cardsheet.card_printer`
    makes one from the pack's faces); ``print_rulebook(output, *, paper, templates, catalog)``,
    ``print_board`` and ``export_cards`` are optional (``kcal print rulebook|board`` and ``kcal export
    tts|png`` ask for them by name: ``export_cards(source, size=, bleed=)`` returns a
    :class:`kcal.print.export.ExportSet`)."""

    def print_cards(self, output: Path, /, *, paper: str, backs: bool, flip: str, bleed: float,
                    split: int | None, size: str, back_offset: tuple[float, float], gutter: float,
                    catalog: Path | None, cut_lines: bool, crop_marks: bool, alignment_page: bool,
                    cut_svg: bool, fonts: tuple[Path | None, Path | None], only: Sequence[str] = ...,
                    copies: int = ...) -> Any: ...


class DrawHook(Protocol):
    """A game record told step by step for :mod:`kcal.viewer` (a :class:`kcal.viewer.scene.Story`), and the
    page of ``kcal catalog browse`` (a :class:`kcal.viewer.catalog.CatalogPage`); typed ``Any`` here, since
    core imports nothing of the layers above it."""

    def story(self, path: str | Path, /, *, upto: int | None = ..., coords: bool = ..., every: bool = ...,
              checked: Any = ...) -> Any: ...

    def catalog_page(self, catalogs: Sequence[Path] | None = ..., no_builtin: bool = ..., /) -> Any: ...


class TablePicture(Protocol):
    """The optional ``table`` hook (``table.py``), for ``kcal play`` (docs/play.md): ``table_picture``, a picture
    of one seat's view where each legal move can be clicked. ``view`` is the pack's ``Game.view`` of that
    seat (nothing more reaches the picture); ``legal`` the seat's legal moves as record entries, in the
    order the table lists them. Returns the picture's :class:`kcal.viewer.scene.Item` list and, for an
    item's key, the indexes in ``legal`` of the moves a click on it plays (one: played at once; several:
    the table lists them). A pack without it still gets the table, with its moves in words."""

    def table_picture(self, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], /
                      ) -> tuple[Sequence[Any], Mapping[str, Sequence[int]]]: ...


class PatchHook(Protocol):
    """The rule parameters a pack declares and how a what-if patch reaches its games (docs/balance.md).

    ``PARAMS``: the pack's :class:`kcal.sim.options.Param` list, each set through a setup option.
    ``CARD_LIST``: the key of the card list in the document :func:`card_document` builds.
    ``base_cards()``: the built-in cards as plain data (each a mapping as the catalog writes it), in
    catalog order; ``card_name(card)``: the name a patch gives it; ``impact_name(card)``: the name the
    pack's ``impact`` hook gives it (``kcal balance what-if`` reports a patched card's impact by it).
    ``card_document(cards)``: a card-set document of the pack holding ``cards``; ``build_cards(doc)``
    validates it with the pack's own checks (errors through ``doc``, which places them in the patch)
    and returns the setup options that play the patched cards (``{"catalog": ...}``)."""

    PARAMS: Any
    CARD_LIST: str

    def base_cards(self) -> list[dict[str, Any]]: ...

    def card_name(self, card: Mapping[str, Any], /) -> str: ...

    def impact_name(self, card: Mapping[str, Any], /) -> str: ...

    def card_document(self, cards: list[dict[str, Any]], /) -> dict[str, Any]: ...

    def build_cards(self, doc: Any, /) -> dict[str, Any]: ...


class DeckMatchHook(Protocol):
    """The deck match of ``kcal sim match DECK DECK`` (its arguments as the command parsed them)."""

    def deck_match(self, decks: list[Path], games: int, bots: list[str], seed: int, jobs: int | None,
                   save_game: int | None, record_out: Path | None, force: bool, catalog: list[Path],
                   backend: str, dask_address: str | None, quiet: bool, fmt: Any, /) -> None: ...


class Hook(NamedTuple):
    """One hook of the contract: its name, the room it lives in (a module under the pack, dotted;
    ``:ATTR`` names an object of it) and the Protocol it offers (``None``: the ``Game`` protocol of
    :mod:`kcal.core.game`)."""

    name: str
    room: str
    protocol: type | None
    required: bool = False


#: every hook, in the order ``kcal games`` lists what a pack supports. The required core first: what a
#: game is. A new optional hook is one more line.
TABLE: tuple[Hook, ...] = (
    Hook("game", "game:GAME", None, required=True),
    Hook("catalog", "catalog", CatalogHook, required=True),
    Hook("deck", "deck", DeckHook),
    Hook("replay", "replay", ReplayHook, required=True),
    Hook("explain", "explain", ExplainHook),
    Hook("schema", "schema", SchemaHook, required=True),
    Hook("sim", "sim", SimHook),
    Hook("impact", "impact", ImpactHook),
    Hook("print", "print.api", PrintHook),
    Hook("draw", "draw", DrawHook),
    Hook("patch", "patch", PatchHook),
    Hook("deck_match", "match", DeckMatchHook),
    Hook("table", "table", TablePicture),
)

#: every hook name, in :data:`TABLE` order (``game`` is every pack's)
HOOKS = tuple(h.name for h in TABLE)
#: the hooks every pack has: what a game is
REQUIRED = tuple(h.name for h in TABLE if h.required)


def problems(name: str, obj: Any) -> list[str]:
    """What the hook ``obj`` lacks of its Protocol (:data:`TABLE`): each member missing, and each function
    that cannot be called as the Protocol calls it (its positional arguments, its keyword arguments). The
    run-time check of every hook of every registered pack (``tests/test_pack_skeleton.py``), in place of
    a type-check block in each pack."""
    import inspect

    if name == "game":
        from kcal.core.game import Game

        protocol: type = Game
    else:
        found = [h.protocol for h in TABLE if h.name == name and h.protocol is not None]
        if not found:
            return [f"{name!r} is not a hook ({', '.join(HOOKS)})"]
        protocol = found[0]
    out = []
    members = {k: v for k, v in vars(protocol).items() if not k.startswith("_")}
    for attr in sorted(set(members) | set(getattr(protocol, "__annotations__", {}))):
        if not hasattr(obj, attr):
            out.append(f"lacks {attr}")
            continue
        wanted = members.get(attr)
        if not inspect.isfunction(wanted):
            continue
        have = getattr(obj, attr)
        if not callable(have):
            out.append(f"{attr} is not callable")
            continue
        params = list(inspect.signature(wanted).parameters.values())[1:]
        positional = [None for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        keywords = {p.name: None for p in params if p.kind is p.KEYWORD_ONLY}
        try:
            inspect.signature(have).bind(*positional, **keywords)
        except TypeError as e:
            out.append(f"{attr}{inspect.signature(have)} cannot be called as {attr}{inspect.signature(wanted)}: {e}")
        except ValueError:  # a builtin without a signature
            continue
    return out
