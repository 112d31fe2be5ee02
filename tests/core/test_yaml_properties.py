"""Issue "Measure": generated YAML, built from YAML's own features, gives data or kcal's positioned error.

The strategies below assemble documents from directives, document markers, tags, anchors and
aliases, block scalars, flow collections, tabs, byte-order marks, comments, several documents and
odd indentation. The loader (``parse_yaml``, then the deck model as ``deck validate`` uses it) may
return data or raise a :class:`KcalError` that names the file and a line and column; any other
exception is a bug.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.core.yamlsafe import parse_yaml
from kcal.games.kcaloria.files.load import validate_doc
from kcal.games.kcaloria.files.models import Deck

NAME = "gen.yaml"

words = st.sampled_from(["Bayou", "name", "tiles", "a", "b", "<<", "x y", "Phlox nivalis", "", "-", ":", "?"])
plain = st.sampled_from(["5", "010", "0o17", "0x1F", "-3", "1.5", "1e999", ".inf", ".nan", "no", "yes", "true",
                         "null", "~", "2024-02-30", "2024-02-03", "9" * 40, "Bayou", "a b", "x:y", "@x", "Bayou", "5"])
quoted = st.sampled_from(["'it''s'", "'unclosed", '"\\x1b[2J"', '"\\ud800"', '"\\U0001F600"', '"\\e"',
                          '"line\\nbreak"', '"\\u200bPond"', '"\\u202eRLO"', '"tab\\there"', '"bad \\q"', '""', "''"])
tags = st.sampled_from(["!!str ", "!!int ", "!!float ", "!!bool ", "!!null ", "!!map ", "!!seq ", "!custom ",
                        "!!python/object/apply:os.system ", "!<tag:yaml.org,2002:str> ", "! ", "!e!x ", "!!binary "])
anchor_names = st.sampled_from(["a", "b", "a", "b", "c"])
markers = st.sampled_from(["---", "...", "--- # doc", "--- !!map", "--- |", "---\t", "... # end"])
directives = st.sampled_from(["%YAML 1.2", "%YAML 1.2", "%YAML 1.1", "%YAML 1.0", "%YAML 1.3", "%YAML 2.0", "%YAML 1.2 extra",
                              "%YAML", "%YAML 1.x", "%TAG !e! tag:example.com,2000:", "%TAG ! !", "%TAG !e!",
                              "%TAG !!x tag:", "%FOO bar", "%", "%%"])
comments = st.sampled_from(["# c", "#", " # trailing", "#\u202e", "# \ufeff"])


@st.composite
def scalars(draw: st.DrawFn) -> str:
    base = draw(st.one_of(plain, quoted, words))
    if draw(st.booleans()):
        base = draw(tags) + base
    if draw(st.integers(0, 4)) == 0:
        base = f"&{draw(anchor_names)} {base}"
    return base


@st.composite
def flows(draw: st.DrawFn, depth: int = 0) -> str:
    items = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.integers(0, 5 if depth < 3 else 2))
        if kind == 0:
            items.append(f"*{draw(anchor_names)}")
        elif kind in (1, 2):
            items.append(draw(scalars()))
        elif kind == 3:
            items.append(f"{draw(words)}: {draw(scalars())}")
        else:
            items.append(draw(flows(depth + 1)))
    sep = draw(st.sampled_from([", ", ",", " ,", ",\n  ", ", ,"]))
    opening, closing = draw(st.sampled_from([("[", "]"), ("{", "}"), ("[", "}"), ("{", ""), ("[", "")]))
    return opening + sep.join(items) + closing


@st.composite
def inline_values(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 7))
    if kind <= 3:
        return draw(scalars())
    if kind <= 5:
        return draw(flows())
    if kind == 6:
        return f"*{draw(anchor_names)}"
    return f"&{draw(anchor_names)} " + draw(flows())


def _indent(draw: st.DrawFn, level: int) -> str:
    """Mostly the indentation YAML wants; sometimes one space off, or a tab (odd indentation)."""
    odd = draw(st.integers(0, 40))
    if odd == 0:
        return " " * max(0, level - 1)
    if odd == 1:
        return " " * (level + 1)
    if odd == 2:
        return "\t" + " " * level
    return " " * level


@st.composite
def block(draw: st.DrawFn, level: int = 0, depth: int = 0) -> list[str]:
    """A block mapping or sequence at ``level`` spaces: nested blocks, block scalars, comments, merges."""
    out: list[str] = []
    sequence = draw(st.integers(0, 3)) == 0
    for _ in range(draw(st.integers(1, 4))):
        lead = _indent(draw, level) + ("- " if sequence else f"{draw(words)}:" + " ")
        kind = draw(st.integers(0, 9 if depth < 3 else 5))
        if kind <= 4:
            out.append(lead + draw(inline_values()))
        elif kind == 5:
            out.append(_indent(draw, level) + draw(comments))
        elif kind == 6:  # a block scalar and its text
            out.append(lead + draw(st.sampled_from(["|", ">", "|-", ">+", "|2", "|9", "|+1", ">-2", "| # c"])))
            for _ in range(draw(st.integers(0, 3))):
                out.append(_indent(draw, level + 2) + draw(st.sampled_from(["text", "  more", "#not a comment",
                                                                            "", "\tx", "- y", "k: v"])))
        elif kind == 7:  # a merge of an anchored mapping
            out.append(_indent(draw, level) + f"<<: *{draw(anchor_names)}")
        else:  # a nested block
            prefix = draw(st.sampled_from(["", "&a ", "&b ", "!!map ", "!!seq ", "!x "]))
            out.append(lead.rstrip() + (" " + prefix.strip() if prefix else ""))
            out.extend(draw(block(level + draw(st.sampled_from([2, 2, 2, 4, 1])), depth + 1)))
    return out


@st.composite
def documents(draw: st.DrawFn) -> str:
    """One to three documents: directives, markers, a body, and now and then a stray line anywhere."""
    body: list[str] = []
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        heads = draw(st.lists(directives, max_size=2)) if draw(st.integers(0, 2)) == 0 else []
        body.extend(heads)
        if heads or draw(st.booleans()):
            body.append(draw(markers) if draw(st.integers(0, 5)) else "---")
        body.extend(draw(block()))
        if draw(st.booleans()):
            body.append(draw(st.sampled_from(["...", "... # end", "---"])))
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2]))):  # a stray line somewhere
        stray = draw(st.one_of(directives, markers, comments, scalars(), flows()))
        body.insert(draw(st.integers(0, len(body))), _indent(draw, draw(st.sampled_from([0, 2]))) + stray)
    newline = draw(st.sampled_from(["\n", "\n", "\n", "\r\n", "\r"]))
    text = newline.join(body) + (newline if draw(st.booleans()) else "")
    if draw(st.integers(0, 5)) == 0:
        text = "\ufeff" + text
    if draw(st.integers(0, 9)) == 0:  # a BOM inside the text, which YAML allows only at the start
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + "\ufeff" + text[cut:]
    return text


def _assert_positioned(err: KcalError) -> None:
    for problem in err.problems:
        assert problem.where.file == NAME, str(problem)
        assert problem.where.line is not None and problem.where.line >= 1, str(problem)
        assert problem.where.column is not None and problem.where.column >= 1, str(problem)


@settings(max_examples=500)
@given(documents())
def test_generated_yaml_gives_data_or_a_positioned_kcal_error(text: str) -> None:
    try:
        doc = parse_yaml(text, NAME)
    except KcalError as err:
        _assert_positioned(err)
        return
    try:
        validate_doc(doc, Deck)
    except KcalError as err:
        _assert_positioned(err)


@settings(max_examples=150)
@given(documents(), st.binary(max_size=6))
def test_generated_yaml_bytes_with_noise_give_data_or_a_positioned_kcal_error(text: str, noise: bytes) -> None:
    """The same documents as bytes, with a few arbitrary bytes in the middle (bad UTF-8, NUL, ESC)."""
    raw = text.encode("utf-8")
    raw = raw[: len(raw) // 2] + noise + raw[len(raw) // 2:]
    try:
        parse_yaml(raw, NAME)
    except KcalError as err:
        _assert_positioned(err)


def test_the_strategies_reach_the_features_they_name() -> None:
    """The generator does produce what the docstring promises (a check on the test itself)."""
    seen: set[str] = set()

    @settings(max_examples=150)
    @given(documents())
    def collect(text: str) -> None:
        for feature, marker in (("directive", "%"), ("tag", "!"), ("anchor", "&"), ("alias", "*"),
                                ("block scalar", "|"), ("flow", "["), ("tab", "\t"), ("bom", "\ufeff"),
                                ("comment", "#"), ("document", "---"), ("crlf", "\r\n")):
            if marker in text:
                seen.add(feature)

    collect()
    assert seen == {"directive", "tag", "anchor", "alias", "block scalar", "flow", "tab", "bom", "comment",
                    "document", "crlf"}
