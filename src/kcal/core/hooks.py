"""The hook contract: what each hook of a pack (:class:`~kcal.core.registry.Pack`) must offer, as typed
Protocols that mypy checks every pack against.

A pack names its hooks as ``"module:attribute"`` strings, imported only when a command asks for one (so
listing the packs imports no rules). Each pack's ``__init__`` holds, under ``TYPE_CHECKING``, one
assignment per hook (``_catalog: hooks.CatalogHook = catalog``): mypy checks the module against the
Protocol (a module implements a Protocol by its functions and constants), and nothing is imported at run
time. :data:`HOOKS` is the list of hook names in the order ``kcal games`` shows them; what a pack
"supports" is derived from the hooks it has (:func:`supports`).

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
``commands`` what the shared commands ask of a game that only some games have: the deck match of
             ``kcal sim match DECK DECK`` (:class:`CommandsHook`). The commands a pack adds to kcal's
             command groups are not a hook: they are entry points (``kcal.commands``, see
             :func:`kcal.core.registry.contributions`)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

#: every hook name, in the order ``kcal games`` lists what a pack supports (``game`` is every pack's)
HOOKS = ("game", "catalog", "deck", "replay", "explain", "schema", "sim", "impact", "print", "draw", "patch",
         "commands")


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
    ("sim match DECK DECK", "commands", ""),
    ("balance cards", "impact", ""),
    ("print cards", "print", ""),
    ("print rulebook", "print", ""),
    ("print board", "print", "print_board"),
    ("export tts", "print", "export_cards"),
    ("export png", "print", "export_cards"),
)


#: where each hook lives in a pack of the skeleton (docs/packs.md): a module of its name, ``print/api.py``
#: for ``print`` and the ``GAME`` object of ``game.py`` for ``game``
_ROOMS = {"game": "game:GAME", "print": "print.api"}


def skeleton_hooks(package: str, names: tuple[str, ...] = HOOKS[:-1], **other: str) -> dict[str, str]:
    """The hook table of a pack laid out as the skeleton says: each of ``names`` in its room under
    ``package``; ``other`` gives a hook that lives elsewhere (kCaloria's ``deck`` is ``deck/check.py``)."""
    table = {name: f"{package}.{_ROOMS.get(name, name)}" for name in names}
    table.update(other)
    return table


def supports(hooks: Mapping[str, str]) -> tuple[str, ...]:
    """What a pack with these hooks supports, for ``kcal games``: its hooks but ``game``, in
    :data:`HOOKS` order (so the list can never say what the pack does not have)."""
    unknown = sorted(set(hooks) - set(HOOKS))
    if unknown:
        raise ValueError(f"unknown hooks {', '.join(unknown)}; a pack's hooks are {', '.join(HOOKS)}")
    return tuple(h for h in HOOKS[1:] if h in hooks)


class CatalogHook(Protocol):
    """``kcal catalog``. Results are plain data: the CLI prints them as JSON or through the text
    functions. ``FILTERS`` names the ``catalog list`` options the pack takes (type class rarity biome
    modifier cost colour name ...)."""

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
    """``export(kind)``: the JSON Schema (Draft 2020-12) of a file kind of ``GameInfo.file_kinds``."""

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
    """``kcal print cards|rulebook`` with the options every pack is given; ``print_board`` and
    ``export_cards`` are optional (``kcal print board`` and ``kcal export tts|png`` ask for them by name:
    ``export_cards(source, size=, bleed=)`` returns a :class:`kcal.print.export.ExportSet`)."""

    def print_cards(self, output: Path, /, *, paper: str, backs: bool, flip: str, bleed: float,
                    split: int | None, size: str, back_offset: tuple[float, float], gutter: float,
                    catalog: Path | None, cut_lines: bool, crop_marks: bool, alignment_page: bool,
                    cut_svg: bool, fonts: tuple[Path | None, Path | None], only: Sequence[str] = ...,
                    copies: int = ...) -> Any: ...

    def print_rulebook(self, output: Path, /, *, paper: str, templates: Path | None,
                       catalog: Path | None) -> Any: ...


class DrawHook(Protocol):
    """A game record told step by step for :mod:`kcal.viewer` (a :class:`kcal.viewer.scene.Story`), and the
    page of ``kcal catalog browse`` (a :class:`kcal.viewer.catalog.CatalogPage`); typed ``Any`` here, since
    core imports nothing of the layers above it."""

    def story(self, path: str | Path, /, *, upto: int | None = ..., coords: bool = ..., every: bool = ...,
              checked: Any = ...) -> Any: ...

    def catalog_page(self, catalogs: Sequence[Path] | None = ..., no_builtin: bool = ..., /) -> Any: ...


class TablePicture(Protocol):
    """The optional ``table_picture`` of a pack's ``draw`` hook, for ``kcal play`` (docs/play.md): a picture
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


class CommandsHook(Protocol):
    """The deck match of ``kcal sim match DECK DECK`` (its arguments as the command parsed them)."""

    def deck_match(self, decks: list[Path], games: int, bots: list[str], seed: int, jobs: int | None,
                   save_game: int | None, record_out: Path | None, force: bool, catalog: list[Path],
                   backend: str, dask_address: str | None, quiet: bool, fmt: Any, /) -> None: ...
