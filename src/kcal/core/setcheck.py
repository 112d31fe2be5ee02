"""The verdict of ``kcal deck validate`` on a card-set file, the same for every card game's pack.

A card game's "deck" is its card set: the file is checked on its own (no extra catalogs), its problems
are errors or warnings placed at ``file:line:column``, and ``--strict`` makes warnings count. The pack
says what it counted (``counts``, e.g. cards by deck or by type) and what kind of set it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.core.errors import Exit, KcalError, UsageError
from kcal.core.text import shown

if TYPE_CHECKING:
    from kcal.core.yamlsafe import YamlDoc


@dataclass(frozen=True)
class Finding:
    """One problem a pack finds in a card-set file, before it is placed: a code, a message and where
    (a key path in the file)."""

    code: str
    message: str
    loc: tuple[str | int, ...] = ()

    def placed(self, doc: YamlDoc) -> Problem:
        """The finding at its ``line:column`` of ``doc`` (a set check's verdict lists these)."""
        return Problem(self.code, self.message, *doc.pos(self.loc))

    def error(self, doc: YamlDoc) -> KcalError:
        """The finding as an error at its position in ``doc`` (loading refuses a set with it)."""
        return doc.error(self.message, self.loc, code=self.code)


@dataclass(frozen=True)
class Problem:
    """One finding of a set check, placed in the file."""

    code: str
    message: str
    line: int
    column: int

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "line": self.line, "column": self.column}


@dataclass
class SetVerdict:
    """The verdict on one card-set file. ``strict`` (here or per call) makes warnings count as errors.

    ``counts`` (shown as ``N key, ...``) and ``kind`` (``the published composition``, a house rule...)
    describe the set; ``extra`` adds pack-specific keys to the JSON."""

    game: str
    path: str
    cards: int
    kind: str
    counts: dict[str, int] = field(default_factory=dict)
    unit: str = "cards"
    strict: bool = False
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def passes(self, strict: bool | None = None) -> bool:
        strict = self.strict if strict is None else strict
        return not self.errors and not (strict and self.warnings)

    @property
    def legal(self) -> bool:
        return self.passes()

    @property
    def exit_code(self) -> int:
        return int(Exit.OK if self.legal else Exit.FINDINGS)

    def to_json(self, strict: bool | None = None) -> dict[str, Any]:
        return {"deck": self.path, "game": self.game, "legal": self.passes(strict), "tiles": self.cards,
                **self.extra, "errors": [e.to_json() for e in self.errors],
                "warnings": [w.to_json() for w in self.warnings]}

    def to_text(self, strict: bool | None = None) -> str:
        strict = self.strict if strict is None else strict
        verdict = "legal" if self.passes(strict) else "ILLEGAL"
        counts = ", ".join(f"{v} {k}" for k, v in self.counts.items())
        what = f"{self.cards} {self.unit}" + (f": {counts}" if counts else "")
        if self.kind:
            what += ("; " if counts else ", ") + self.kind
        lines = [f"{shown(self.path)}: {verdict} ({what})"]
        # each finding with its code, as kCaloria's deck report writes them (error[deck-size])
        lines += [f"  {shown(self.path)}:{e.line}:{e.column}: error[{e.code}]: {e.message}" for e in self.errors]
        label = "error[{}] (--strict)" if strict else "warning[{}]"
        lines += [f"  {shown(self.path)}:{w.line}:{w.column}: {label.format(w.code)}: {w.message}"
                  for w in self.warnings]
        return "\n".join(lines)


#: what a card set is, as its verdict says (:func:`set_kind`)
PUBLISHED = "the published composition"
NOT_PUBLISHED = "not the published composition"
RECONSTRUCTION = "kcal's reconstruction of the published composition"


def set_kind(variant: str | None, errors: Sequence[object], builtin: bool) -> str:
    """What a card set of a game with one published composition is, in its verdict: a declared house
    rule (``variant:``), or a set that does not match the composition (it has errors), or one that does:
    the built-in set is kcal's reconstruction (the rulebooks publish the composition, not the cards), a
    user's set that matches is the published composition."""
    if variant:
        return f"house-rule set {variant!r}"
    if errors:
        return NOT_PUBLISHED
    return RECONSTRUCTION if builtin else PUBLISHED


def is_file(path: str | Path, other: str | Path) -> bool:
    """``path`` and ``other`` name the same file (the built-in set handed over by its path)."""
    try:
        return Path(path).resolve() == Path(other).resolve()
    except OSError:
        return False


def no_catalogs(catalogs: Sequence[str | Path], game_name: str, what: str = "a card-set file") -> None:
    """``--catalog`` adds catalogs to a kCaloria deck; a card game's set file is checked on its own."""
    if catalogs:
        raise UsageError(f"--catalog does not apply to {game_name}: {what} is checked on its own")


def format_report(result: SetVerdict, strict: bool = False) -> str:
    return result.to_text(strict)


def composition_verdict(game: str, doc: YamlDoc, variant: str | None,
                        findings: tuple[Sequence[Finding], Sequence[Finding]], builtin: str | Path, cards: int,
                        counts: dict[str, int] | None = None, *, strict: bool = False,
                        extra: dict[str, Any] | None = None) -> SetVerdict:
    """The verdict on the set file ``doc`` of a game with one published composition: its ``(errors,
    warnings)`` placed in the file, what kind of set it is (:func:`set_kind`; ``builtin`` is the built-in
    set's file), and ``variant`` last in the JSON after ``extra``."""
    errors, warnings = findings
    return SetVerdict(game, doc.path, cards, set_kind(variant, errors, is_file(doc.path, builtin)), counts or {},
                      strict=strict, errors=[f.placed(doc) for f in errors],
                      warnings=[f.placed(doc) for f in warnings], extra={**(extra or {}), "variant": variant})


def set_file_check(validate: Callable[[str | Path], SetVerdict], game_name: str,
                   what: str = "a card-set file") -> Callable[..., SetVerdict]:
    """The ``deck`` hook's ``validate_deck_file(path, catalogs)`` of a game whose "deck" is a set file,
    complete in itself: ``validate(path)``, and ``--catalog`` refused (:func:`no_catalogs`)."""
    def validate_deck_file(path: str | Path, catalogs: Sequence[str | Path] = ()) -> SetVerdict:
        no_catalogs(catalogs, game_name, what)
        return validate(path)
    return validate_deck_file
