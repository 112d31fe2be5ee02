"""A pack's options on the command line, and sweeps over them.

``--option KEY=VALUE`` sets one option of :class:`kcal.core.game.Setup`; ``--option KEY=V1,V2,V3``
sweeps it: the match is played once per value, with the same seeds (common random numbers), so the
values are compared on the same deals. A value that looks like a number becomes an ``int`` or a
``float``; anything else stays text, and the pack checks it. In the Python API, an option whose value
is a ``list`` sweeps; give a ``tuple`` for an option whose single value is a sequence.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kcal.core.errors import UsageError

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,63}")
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][-+]?[0-9]+)?")
#: longer numbers than this are refused rather than converted (a 5,000-digit integer is not an option)
MAX_NUMBER_CHARS = 40
#: most blocks one sweep may ask for (the product of every swept option's values)
MAX_BLOCKS = 256


def parse_value(text: str, where: str) -> int | float | str:
    """``2400`` -> 2400, ``0.5`` -> 0.5, ``1e3`` -> 1000.0, ``greedy`` -> ``"greedy"``."""
    bad = [c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")]
    if bad:
        raise UsageError(f"{where}: the value holds the control or format character U+{ord(bad[0]):04X}")
    if _INT.fullmatch(text) or _FLOAT.fullmatch(text):
        if len(text) > MAX_NUMBER_CHARS:
            raise UsageError(f"{where}: {text[:20]}... is too long a number ({len(text)} characters)")
        if _INT.fullmatch(text):
            return int(text)
        value = float(text)
        if not math.isfinite(value):
            raise UsageError(f"{where}: {text} is not a finite number")
        return value
    return text


def parse_option(item: str) -> tuple[str, Any]:
    """``KEY=VALUE`` or ``KEY=V1,V2,...`` (a sweep, returned as a list)."""
    key, eq, raw = item.partition("=")
    key = key.strip()
    where = f"--option {item!r}"
    if not eq:
        raise UsageError(f"{where}: expected KEY=VALUE or KEY=VALUE,VALUE,...")
    if not _KEY.fullmatch(key):
        raise UsageError(f"{where}: {key!r} is not an option name (letters, digits, '_' and '-')")
    parts = [p.strip() for p in raw.split(",")]
    if any(p == "" for p in parts):
        raise UsageError(f"{where}: an empty value (no thousands separators: write 2400, not 2,400)")
    values = [parse_value(p, where) for p in parts]
    seen: set[Any] = set()
    for v in values:
        if (type(v), v) in seen:
            raise UsageError(f"{where}: the value {v!r} is given twice")
        seen.add((type(v), v))
    return key, values if len(values) > 1 else values[0]


def parse_options(items: Sequence[str], shorthands: Mapping[str, str | None] | None = None) -> dict[str, Any]:
    """Every ``--option`` and shorthand (``{"limit": "2200,2400"}`` for ``--limit``) as one mapping."""
    out: dict[str, Any] = {}
    given = [(f"--{k}", f"{k}={v}") for k, v in (shorthands or {}).items() if v is not None]
    given += [("--option", item) for item in items]
    for flag, item in given:
        key, value = parse_option(item)
        if key in out:
            raise UsageError(f"{flag} {item!r}: the option {key!r} is given twice")
        out[key] = value
    return out


def sweep_blocks(options: Mapping[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """The swept keys and one options mapping per block (the product of the swept values, in the
    order given). Without a list value: no swept key and one block, the options themselves."""
    keys = [k for k, v in options.items() if isinstance(v, list)]
    for k in keys:
        if not options[k]:
            raise UsageError(f"option {k!r}: a sweep needs at least one value")
    count = math.prod(len(options[k]) for k in keys)
    if count > MAX_BLOCKS:
        raise UsageError(f"the sweep asks for {count:,} combinations of option values; at most {MAX_BLOCKS}")
    blocks = []
    for combo in itertools.product(*(options[k] for k in keys)):
        block = dict(options)
        block.update(zip(keys, combo, strict=True))
        blocks.append(block)
    return keys, blocks


def plain(value: Any) -> Any:
    """An option value as JSON data (anything else by its text)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return str(value)


@dataclass(frozen=True)
class Param:
    """A rule parameter a pack declares (``kcal balance params``): a number with a range and a default,
    set through one of the pack's setup options (``option``, often the same name). What-if patches and
    ``kcal balance sweep`` check values against it before any game is played."""

    name: str
    kind: str  # "int" or "float"
    low: int | float
    high: int | float
    default: int | float | None  # None: it depends on the setup (``default_text`` says how)
    help: str
    option: str = ""  # the Setup option it sets (default: the name)
    default_text: str = ""

    @property
    def key(self) -> str:
        return self.option or self.name

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not a value of this parameter (None when it is)."""
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"{self.name} is a whole number from {self.low:,} to {self.high:,}, not {value!r}"
        elif isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            return f"{self.name} is a number from {self.low:g} to {self.high:g}, not {value!r}"
        if not self.low <= value <= self.high:  # type: ignore[operator]
            return f"{self.name} = {value!r} is out of range: give {self.low:,} to {self.high:,}"
        return None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.kind, "low": self.low, "high": self.high,
                "default": self.default if self.default is not None else self.default_text,
                "option": self.key, "help": self.help}
