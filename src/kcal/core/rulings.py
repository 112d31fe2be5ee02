"""A pack's rulings document (``games/<pack>/docs/rulings.md``) read as data, for ``rules explain``.

A ruling is a ``### `` heading (``### id: title``, or a bare title) followed by field lines, either
``- **field:** text`` or ``- Field: text`` (continuation lines indented by two spaces). Each ruling
becomes a dict: ``title``, ``id`` (when the heading has one), ``heading`` (the ``## `` heading it sits
under, if any) and each field by its lower-case name (``section``, ``question``, ``decision``, ``why``,
``test``). Where a ruling names no ``section``, its ``## `` heading is its section.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_FIELD = re.compile(r"^- (?:\*\*(\w+):\*\*|(\w+):) (.+(?:\n  .+)*)", re.M)
_ID = re.compile(r"^([a-z0-9][a-z0-9-]*):\s*(.+)$")
FIELDS = ("question", "decision", "why", "test")
#: the fields a person reads (``rules explain`` text); ``test`` names the test that pins the ruling, for
#: developers and the JSON only
TEXT_FIELDS = ("question", "decision", "why")


@functools.cache
def read_rulings(path: Path) -> tuple[dict[str, str], ...]:
    """Every ruling of the document at ``path`` (nothing if there is no such file)."""
    if not path.is_file():
        return ()
    out: list[dict[str, str]] = []
    heading = ""
    for block in re.split(r"\n(?=##+ )", path.read_text(encoding="utf-8")):
        head, _, body = block.partition("\n")
        if head.startswith("## "):
            heading = head[3:].strip()
        elif head.startswith("### "):
            title = head[4:].strip()
            ruling = {"title": title, "heading": heading}
            m = _ID.match(title)
            if m:
                ruling["id"], ruling["title"] = m.group(1), m.group(2).strip()
            for bold, plain, text in _FIELD.findall(body):
                ruling[(bold or plain).lower()] = " ".join(text.split())
            ruling.setdefault("section", heading)
            out.append(ruling)
    return tuple(out)


def ruling_lines(ruling: dict[str, str], indent: str = "  ") -> list[str]:
    """A ruling in full for a terminal: its title and section, then each field on its own line."""
    name = f"{ruling['id']}: {ruling['title']}" if "id" in ruling else ruling["title"]
    head = f"{indent}{name}" + (f"  [{ruling['section']}]" if ruling.get("section") else "")
    return [head] + [f"{indent}  {f}: {ruling[f]}" for f in TEXT_FIELDS if f in ruling]


def rulings_block(rulings: list[dict[str, str]]) -> list[str]:
    """The lines an explanation ends with: its rulings in full under a heading (none: no lines)."""
    out: list[str] = []
    if rulings:
        out += ["", "kcal's rulings:"]
        for r in rulings:
            out += ["", *ruling_lines(r)]
    return out


def explain_text(d: dict[str, Any]) -> str:
    """A ``rules explain`` answer for a terminal: the title, the rule, the rulings in full (a pack's
    ``explain`` hook may use it as its ``explain_text``)."""
    return "\n".join([d["title"], "", d["rule"], *rulings_block(d.get("rulings") or [])])


def rulings_under(path: Path, section: str) -> list[dict[str, str]]:
    """The rulings of the document at ``path`` whose section is ``section``, each in full (a copy)."""
    return [dict(r) for r in read_rulings(path) if r.get("section") == section]


def topic_key(topic: str) -> str:
    """How a topic is looked up: case folded, spaces and underscores as hyphens (``Plus five`` ->
    ``plus-five``)."""
    return re.sub(r"[\s_]+", "-", topic.strip().casefold())


@dataclass(frozen=True)
class RuleTopics:
    """A pack's ``explain`` hook from its rule topics: ``topics`` (topic -> (title, the rule in kcal's
    words), in the order ``rules explain`` lists them), their ``aliases``, the pack's rulings document
    (``rulings``), ``card(topic)`` (a card's answer, or None) and ``unknown(topic)`` (the error of a topic
    that is neither). ``rules explain`` finds a topic by :func:`topic_key`, then a card; a rule topic's
    answer carries the rulings of its section (:func:`rulings_under`). The pack's module names the
    methods (``explain = EXPLAIN.explain``)."""

    table: Mapping[str, tuple[str, str]]
    rulings: Path
    card: Callable[[str], dict[str, Any] | None]
    unknown: Callable[[str], Exception]
    aliases: Mapping[str, str] = field(default_factory=dict)

    def topics(self) -> list[str]:
        return list(self.table)

    def rulings_for(self, section: str) -> list[dict[str, str]]:
        """The rulings of the pack's rulings document under one topic, each in full."""
        return rulings_under(self.rulings, section)

    def explain(self, topic: str) -> dict[str, Any]:
        """``{topic, title, rule, kind, rulings}`` for a rule topic or a card; neither: ``unknown(topic)``."""
        key = topic_key(topic)
        key = self.aliases.get(key, key)
        if key in self.table:
            title, rule = self.table[key]
            return {"topic": key, "title": title, "rule": rule, "kind": "rule", "rulings": self.rulings_for(key)}
        card = self.card(topic)
        if card is None:
            raise self.unknown(topic)
        return card
