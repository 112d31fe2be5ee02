"""BAD-INPUT.md's classes as Hypothesis strategies, and the one property every refusal keeps.

A YAML class is a function of a legal file's text: the strategy draws where and what to break in it
(a line, a character, an anchor's name, a depth), so a run tries the class, not one probe. Each draw is a
:class:`Probe`: the bytes to write, the class's number, and, where the class fixes it, the position the
message must name (the character that is wrong).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import Phase
from hypothesis import strategies as st

from kcal.core.yamlsafe import MAX_BYTES, MAX_DEPTH

#: the phases of these tests: no shrinking and no explaining (each example runs a whole command; a failing
#: one is reported as drawn, which names the class, the command and the pack)
PHASES = (Phase.explicit, Phase.reuse, Phase.generate)

#: a message line: file:line:column: words
POSITIONED = re.compile(r"^(?P<file>.+?):(?P<line>[0-9]+):(?P<column>[0-9]+): (?P<words>.+)$")

#: characters YAML refuses in a file (C0 but tab/LF/CR, DEL, C1 but NEL, U+FFFE/F)
_CONTROLS = [chr(c) for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F,
                              *range(0x80, 0x85), *range(0x86, 0xA0), 0xFFFE, 0xFFFF)]
#: bytes that cannot start a UTF-8 character, or start one that does not go on
_BAD_UTF8 = [bytes([b]) for b in (*range(0x80, 0xC2), *range(0xF5, 0x100))] + [b"\xe2\x82", b"\xf0\x9f\x98"]
#: invisible and bidi format characters (class 22)
_INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d",
              "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\ufeff", "\u2028", "\u2029", "\u2060",
              "\x1b", "\x07"]


@dataclass(frozen=True)
class Probe:
    klass: int
    what: str
    data: bytes
    #: (line, column) the message must name, 1-based, or None when the class does not fix one
    at: tuple[int, int] | None = None
    #: words the message must contain (one of them), or ()
    words: tuple[str, ...] = ()

    def __repr__(self) -> str:  # a failing example stays readable
        head = self.data[:160] if len(self.data) < 4000 else self.data[:80] + b"..." + self.data[-80:]
        return f"Probe(class {self.klass}, {self.what}, at={self.at}, {len(self.data)} bytes: {head!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


def _top_lines(text: str) -> list[int]:
    """Indexes of the lines that start a top-level key (never inside a block scalar or a flow)."""
    lines = text.split("\n")
    return [i for i, line in enumerate(lines) if re.match(r"[A-Za-z_][A-Za-z0-9_ -]*:( |$)", line)]


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _insert_line(text: str, index: int, new: str) -> str:
    lines = text.split("\n")
    return "\n".join([*lines[:index], new, *lines[index:]])


@st.composite
def syntax(draw: Any, text: str) -> Probe:  # class 1
    tops = _top_lines(text)
    kind = draw(st.sampled_from(["tab", "a: b: c", "unclosed"]))
    if kind == "unclosed":
        quote = draw(st.sampled_from(['"', "'"]))
        body = draw(st.text("abc xyz", max_size=8))
        return Probe(1, kind, (text.rstrip("\n") + f"\nzz: {quote}{body}\n").encode(), words=("malformed YAML",))
    index = draw(st.sampled_from(tops))
    key = draw(st.from_regex(r"[a-z]{1,6}", fullmatch=True))
    new = f"\t{key}: 1" if kind == "tab" else f"{key}: b: c"
    return Probe(1, kind, _insert_line(text, index, new).encode(), words=("malformed YAML", "tab"))


@st.composite
def control(draw: Any, text: str) -> Probe:  # class 2
    offset = draw(st.integers(0, len(text)))
    if draw(st.booleans()):
        ch = draw(st.sampled_from(_CONTROLS))
        return Probe(2, f"U+{ord(ch):04X}", (text[:offset] + ch + text[offset:]).encode("utf-8", "surrogatepass"),
                     at=_position(text, offset), words=("control character", "not allowed"))
    bad = draw(st.sampled_from(_BAD_UTF8))
    raw = text[:offset].encode() + bad + text[offset:].encode()
    return Probe(2, f"bytes {bad!r}", raw, at=_position(text, offset), words=("UTF-8",))


@st.composite
def duplicate(draw: Any, text: str) -> Probe:  # class 3
    lines = text.split("\n")
    tops = _top_lines(text)
    if draw(st.booleans()):
        i = draw(st.sampled_from(tops))
        key = lines[i].split(":")[0]
        return Probe(3, "key", (text.rstrip("\n") + f"\n{key}: x\n").encode(), words=("duplicate key",))
    a = draw(st.from_regex(r"[a-z]{1,5}", fullmatch=True))
    return Probe(3, "merge", (text.rstrip("\n") + f"\nzq: &{a} {{k: 1}}\nzr: {{<<: *{a}, <<: *{a}}}\n").encode(),
                 words=("duplicate merge key", "duplicate key"))


@st.composite
def unknown_field(draw: Any, text: str) -> Probe:  # class 4
    tops = {line.split(":")[0] for line in text.split("\n") if re.match(r"[A-Za-z_]", line)}
    name = draw(st.from_regex(r"[a-z]{3,9}", fullmatch=True).filter(lambda n: n not in tops))
    return Probe(4, name, (text.rstrip("\n") + f"\n{name}: 1\n").encode(), words=(name,))


_BLOCK_VALUE = re.compile(r"^(\s*(?:- )?[A-Za-z_][\w -]*: )([^\s#&!*|>{\[\]'\"][^#]*?)\s*$")
_FLOW_VALUE = re.compile(r"(?:[{,] ?)([A-Za-z_][\w-]*: )([^\s,{}\[\]&!*'\"][^,{}\[\]]*?)(?=[,}])")


def value_spots(text: str) -> list[tuple[int, int, int]]:
    """Every plain scalar value of a mapping, as (line index, start, end): block and flow, never in a
    block scalar or a comment."""
    spots = []
    scalar_indent = None
    for i, line in enumerate(text.split("\n")):
        indent = len(line) - len(line.lstrip(" "))
        if scalar_indent is not None:
            if not line.strip() or indent > scalar_indent:
                continue
            scalar_indent = None
        if line.lstrip().startswith("#"):
            continue
        if re.search(r": *[|>][-+0-9]*\s*$", line):
            scalar_indent = indent
            continue
        m = _BLOCK_VALUE.match(line)
        if m:
            spots.append((i, m.start(2), m.end(2)))
        for m in _FLOW_VALUE.finditer(line):
            spots.append((i, m.start(2), m.end(2)))
    return spots


def _replace_value(text: str, spot: tuple[int, int, int], value: str) -> tuple[str, tuple[int, int]]:
    i, start, end = spot
    lines = text.split("\n")
    lines[i] = lines[i][:start] + value + lines[i][end:]
    return "\n".join(lines), (i + 1, start + 1)


@st.composite
def wrong_type(draw: Any, text: str) -> Probe:  # class 5: a value of another kind, at its own node
    spot = draw(st.sampled_from(value_spots(text)))
    value = draw(st.sampled_from(["{zz: [1]}", "[[1], {a: b}]", "[]", "{}"]))
    data, at = _replace_value(text, spot, value)
    return Probe(5, value, data.encode(), at=at)


@st.composite
def lax(draw: Any, text: str) -> Probe:  # class 6: what lax coercion would take for another type
    spot = draw(st.sampled_from(value_spots(text)))
    value = draw(st.sampled_from(["1e999", "-1e999", "1e400", ".nan", ".inf", "-.Inf", "2024-01-01",
                                  "2001-12-14t21:59:43.10-05:00"]))
    data, at = _replace_value(text, spot, value)
    return Probe(6, value, data.encode(), at=at)


@st.composite
def tags(draw: Any, text: str) -> Probe:  # class 7
    lines = text.split("\n")
    i = draw(st.sampled_from([i for i in _top_lines(text) if lines[i].split(":", 1)[1].strip()]))
    tag = draw(st.sampled_from(["!!python/object/apply:os.system", "!!python/name:os.system", "!custom",
                                "!!binary", "!!set", "!!omap", "!e!x"]))
    key, _, value = lines[i].partition(": ")
    value = value.strip()
    if value.startswith(("&", "!")):
        value = "x"
    if tag == "!!python/object/apply:os.system":
        value = "[echo hacked]"
    lines[i] = f"{key}: {tag} {value}"
    column = len(key) + 3
    prefix = "%TAG !e! tag:example.com,2000:\n---\n" if tag == "!e!x" else ""
    line = i + 1 + (2 if prefix else 0)
    return Probe(7, tag, (prefix + "\n".join(lines)).encode(), at=(line, column), words=("unsupported tag",))


def _bomb(levels: int, width: int, name: str) -> str:
    out = [f'{name}0: &{name}0 [' + ",".join(['"lol"'] * width) + "]"]
    for i in range(1, levels):
        out.append(f"{name}{i}: &{name}{i} [" + ",".join([f"*{name}{i - 1}"] * width) + "]")
    return "\n".join(out)


@st.composite
def aliases(draw: Any, text: str) -> Probe:  # class 8
    name = draw(st.from_regex(r"q[a-z]{0,4}", fullmatch=True))
    kind = draw(st.sampled_from(["bomb", "cycle", "self-merge", "deep cycle"]))
    if kind == "bomb":
        levels, width = draw(st.integers(7, 9)), draw(st.integers(7, 9))
        tail = _bomb(levels, width, name)
        words: tuple[str, ...] = ("alias bomb",)
    elif kind == "cycle":
        tail = f"{name}: &{name} [*{name}]"
        words = ("cycle",)
    elif kind == "self-merge":
        tail = f"{name}: &{name} {{<<: *{name}}}"
        words = ("cycle",)
    else:
        tail = f"{name}: &{name}\n  k: [1, {{j: *{name}}}]"
        words = ("cycle",)
    return Probe(8, kind, (text.rstrip("\n") + "\n" + tail + "\n").encode(), words=words)


@st.composite
def nesting(draw: Any, text: str) -> Probe:  # class 9
    depth = draw(st.integers(MAX_DEPTH + 1, 100_000))
    opener = draw(st.sampled_from(["[", "{a: ", "[{b: "]))
    return Probe(9, f"{depth} deep", (text.rstrip("\n") + "\nzz: " + opener * (depth // len(opener) + 1) + "\n").encode(),
                 words=("nesting deeper than",))


@st.composite
def malformed(draw: Any, text: str) -> Probe:  # class 10
    if draw(st.booleans()):
        key = draw(st.sampled_from(["? - -\n: 1", "? [a, b]\n: 1", "? {a: 1}\n: 2", "[a]: 1"]))
        return Probe(10, "complex key", (text.rstrip("\n") + "\n" + key + "\n").encode(), words=("key",))
    digits = draw(st.integers(4301, 8000))
    i = draw(st.sampled_from(_top_lines(text)))
    lines = text.split("\n")
    key = lines[i].split(":")[0]
    lines[i] = f"{key}: " + "9" * digits
    nested = [j for j in range(i + 1, len(lines)) if lines[j][:1] in (" ", "-")]
    end = i + 1
    while end < len(lines) and end in nested:
        end += 1
    lines[i + 1:end] = []
    return Probe(10, f"{digits} digits", "\n".join(lines).encode(), at=(i + 1, len(key) + 3),
                 words=(f"{digits} digits",))


@st.composite
def documents(draw: Any, text: str) -> Probe:  # class 11
    kind = draw(st.sampled_from(["empty", "comments", "two documents", "a list", "a scalar"]))
    if kind == "empty":
        data = draw(st.sampled_from(["", "\n", "   \n\n", "---\n", "...\n"]))
    elif kind == "comments":
        data = "\n".join(f"# {w}" for w in draw(st.lists(st.text("abc ", max_size=10), min_size=1, max_size=4))) + "\n"
    elif kind == "two documents":
        data = text.rstrip("\n") + "\n---\n" + draw(st.sampled_from(["a: 1", "[]", "x"])) + "\n"
    elif kind == "a list":
        data = "- " + text.split("\n")[0] + "\n"
    else:
        data = draw(st.sampled_from(["3", "hello", "'x'", "null"])) + "\n"
    return Probe(11, kind, data.encode())


@st.composite
def huge(draw: Any, text: str) -> Probe:  # class 12
    extra = draw(st.integers(1, 64 * 1024))
    filler = draw(st.sampled_from(["x", " ", "# comment\n", "ab"]))
    body = "zz: '" + filler * ((MAX_BYTES + extra) // len(filler)) + "'\n"
    return Probe(12, f"{MAX_BYTES + extra} bytes", (text + body).encode(), words=("the limit is",))


@st.composite
def directives(draw: Any, text: str) -> Probe:  # class 21
    kind = draw(st.sampled_from(["%YAML 1.3", "%YAML 2.0", "%YAML 1.1", "%YAML 9.9", "%FOO bar", "%YAML 1.2\n%YAML 1.2"]))
    return Probe(21, kind, (f"{kind}\n---\n" + text).encode())


def name_spots(lines: list[str]) -> list[tuple[int, int]]:
    spots = []
    for i, line in enumerate(lines):
        m = re.match(r"(players: \[)([A-Za-z])", line) or re.match(r"(\s*(?:- )?name: )([A-Za-z])", line)
        if m:
            spots.append((i, m.end(2)))
    return spots


@st.composite
def invisible(draw: Any, text: str) -> Probe:  # class 22, in names: a player's, a card's, a set's
    lines = text.split("\n")
    spots = name_spots(lines)
    i, col = draw(st.sampled_from(spots))
    ch = draw(st.sampled_from(_INVISIBLE))
    lines[i] = lines[i][:col] + ch + lines[i][col:]
    return Probe(22, f"U+{ord(ch):04X}", "\n".join(lines).encode(), words=(f"U+{ord(ch):04X}",))


YAML_CLASSES = {1: syntax, 2: control, 3: duplicate, 4: unknown_field, 5: wrong_type, 6: lax, 7: tags, 8: aliases, 9: nesting,
                10: malformed, 11: documents, 12: huge, 21: directives, 22: invisible}


def yaml_probes(text: str) -> st.SearchStrategy[Probe]:
    names = bool(name_spots(text.split("\n")))
    return st.one_of(*(make(text) for k, make in YAML_CLASSES.items() if k != 22 or names))


# --- the property ---------------------------------------------------------------------------------------

def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes (a folder as a marker)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for d in dirnames:
            out[os.path.relpath(os.path.join(dirpath, d), folder) + "/"] = b""
        for f in filenames:
            p = os.path.join(dirpath, f)
            out[os.path.relpath(p, folder)] = Path(p).read_bytes()
    return out


def problems_of(stderr: str) -> list[re.Match[str]]:
    return [m for line in stderr.splitlines() if (m := POSITIONED.match(line))]


def assert_refused(result: Any, path: Path, before: dict[str, bytes], after: dict[str, bytes], *,
                   json_mode: bool, at: tuple[int, int] | None = None, words: tuple[str, ...] = (),
                   shown_name: str | None = None, positioned: bool = True) -> None:
    """Exit 2, no traceback, one positioned line a problem naming ``path`` (at ``at`` if given), the
    class's words, nothing written or overwritten, and with ``--format json`` one JSON error document."""
    context = (result.exit_code, result.stderr[-2000:], result.stdout[-1000:], repr(result.exception))
    assert result.exit_code == 2, context
    assert result.exception is None or isinstance(result.exception, SystemExit), context
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, context
    assert before == after, ("written", sorted(set(after) ^ set(before)),
                             [k for k in before if k in after and before[k] != after[k]])
    name = shown_name or str(path)
    found = [m for m in problems_of(result.stderr) if m["file"] == name]
    if positioned:
        assert found, ("no positioned line for the file", context)
        if at is not None:
            assert any((int(m["line"]), int(m["column"])) == at for m in found), (at, context)
    else:
        assert name in result.stderr, context
    if words:
        assert any(w in result.stderr for w in words), (words, context)
    told = [line for line in f"{result.stdout}\n{result.stderr}".splitlines() if POSITIONED.match(line)]
    assert len(told) == len(set(told)), ("a problem told twice (stdout and stderr)", context)
    if json_mode:
        document = json.loads(result.stdout)
        errors = document["errors"]
        assert errors and all({"file", "line", "column", "message"} <= set(e) for e in errors), document
        mine = [e for e in errors if e["file"] == str(path)]
        assert mine, document
        if positioned:
            assert all(e["line"] and e["column"] for e in mine), document
