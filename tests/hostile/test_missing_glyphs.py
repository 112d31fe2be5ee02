"""Characters the font lacks (BAD-INPUT.md 14; issue 32, item 16) in every text field of a legal card file,
through every print command of every pack that has it (:mod:`tests.hostile.surface` finds the commands and
their card-file parameters). A strategy puts a character (Latin the font has, CJK and emoji it lacks, a
lone surrogate) into a text value (a name, a line of rule text): exit 0 with a warning naming the
character (``U+XXXX``) at the value's ``file:line:column``, or exit 2 with a positioned line naming it;
never a silent box, no traceback, nothing half-written (exit 2 leaves the folder as it was).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kcal.print.fonts import BOLD, REGULAR, covers
from tests.hostile import surface
from tests.hostile.strategies import PHASES, POSITIONED, snapshot, value_spots
from tests.hypothesis_profile import PROFILE_SUPPRESSED

#: what the font has (Polish letters), what it lacks (CJK, emoji, a supplementary-plane letter), and a
#: lone surrogate (only a double-quoted escape can carry one into YAML)
CHARACTERS = ["Ł", "ó", "ź", "中", "語", "한", "😀", "🦜", "\U00020000", "\ud800", "\udfff"]
#: commands that draw every text value of the file they are given (every card, its every line); the others
#: draw a part (one tile, the cards a rulebook or board shows): a value they do not draw may stay unnamed,
#: but a character they name is named where it is
EVERY_VALUE_DRAWN = frozenset({"print cards", "print catalog"})
#: (pack, top-level key) of a card file whose text no card shows, so ``print cards`` need not name it: Kalua's
#: ``board`` (``print board`` draws it), How many Calories?'s ``plus_cards`` note (printed nowhere), the
#: ``set``'s name (on the cards of a variant set only; the files probed here are the built-in sets)
NOT_ON_CARDS = frozenset({("kalua", "board"), ("how-many-calories", "plus_cards"),
                          *((game, "set") for game in ("kalua", "how-many-calories", "ecologic-europe"))})
CASES = [(c, p, g) for c, p, g in surface.path_inputs(("catalog", "deck")) if c.startswith("print ")]


def test_every_print_command_is_here() -> None:
    assert {c for c, _, _ in CASES} >= {"print cards", "print deck"}, CASES


def text_spots(text: str) -> list[tuple[int, int, int]]:
    """Plain values that are text (a name, a sentence), not a number, a code or an identifier."""
    lines = text.split("\n")
    out = []
    for i, start, end in value_spots(text):
        value = lines[i][start:end]
        if re.fullmatch(r"[A-Za-z][^:#]*", value) and not value.isupper() and (" " in value or value[0].isupper()) \
                and value not in ("True", "False", "Yes", "No", "On", "Off", "Null", "NULL", "None"):
            out.append((i, start, end))
    return out


def top_key(text: str, line: int) -> str | None:
    """The top-level key of the map a file's ``line`` (1-based) stands in (the last unindented key above it)."""
    for above in reversed(text.split("\n")[:line]):
        found = re.match(r"([A-Za-z_][\w-]*):", above)
        if found:
            return found.group(1)
    return None


@st.composite
def glyph_probe(draw: Any, text: str) -> tuple[bytes, int, int, str]:
    """The file's bytes with a character in a text value; the value's (line, column), 1-based; the char."""
    lines = text.split("\n")
    i, start, end = draw(st.sampled_from(text_spots(text)))
    ch = draw(st.sampled_from(CHARACTERS))
    value = lines[i][start:end]
    at = draw(st.integers(0, len(value)))
    new = value[:at] + ch + value[at:]
    if 0xD800 <= ord(ch) <= 0xDFFF:
        new = '"' + new.replace("\\", "\\\\").replace('"', '\\"').replace(ch, f"\\u{ord(ch):04x}") + '"'
    lines[i] = lines[i][:start] + new + lines[i][end:]
    return "\n".join(lines).encode("utf-8"), i + 1, start + 1, ch


@pytest.mark.parametrize(("command", "param", "game"), CASES, ids=[f"{c}-{p}-{g}" for c, p, g in CASES])
@settings(max_examples=3, phases=PHASES,
          suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_character_the_font_lacks_is_reported_where_it_is(tmp_path_factory: pytest.TempPathFactory,
                                                              command: str, param: str, game: str,
                                                              data: st.DataObject) -> None:
    c, p, _, legal = surface.probed(command, param, game)
    text = legal.read_text(encoding="utf-8")
    if not text_spots(text):
        return  # a file of references only (a deck list): its names are the catalog's, probed there
    raw, line, column, ch = data.draw(glyph_probe(text), label="probe")
    tmp = tmp_path_factory.mktemp("glyph")
    path = tmp / "cards.yaml"
    path.write_bytes(raw)
    args = surface.invocation(c, game, p, path, tmp)
    assert args is not None
    before = snapshot(tmp)
    result = surface.run(args)
    context = (ch, line, column, raw.decode("utf-8", "replace").split("\n")[line - 1], result.exit_code, result.stderr[-2000:], repr(result.exception))
    assert "Traceback" not in result.stderr, context
    assert result.exit_code in (0, 2), context
    code = f"U+{ord(ch):04X}"
    mine = [m for m in (POSITIONED.match(x.removeprefix("warning: ")) for x in result.stderr.splitlines())
            if m and m["file"] == str(path)]
    if result.exit_code == 2:
        assert before == snapshot(tmp), ("half-written", context)
        if str(path) not in result.stderr:  # the command refuses the parameter, whatever the file
            assert surface.refused_whatever_the_file(args, path, legal, result.stderr)
            return
        assert mine, context
        return
    if covers(ch, REGULAR) and covers(ch, BOLD):
        return  # drawn as it is
    named = [m for m in mine if code in m["words"] and (int(m["line"]), int(m["column"])) == (line, column)]
    every = command in EVERY_VALUE_DRAWN and (game, top_key(raw.decode("utf-8", "replace"), line)) not in NOT_ON_CARDS
    if code in result.stderr or every:
        assert named, ("no warning naming the character at its value's position", context)


def test_the_card_faces_name_the_card_file(tmp_path: Any) -> None:
    """EcoLogic's card faces report a species name's missing character at the species file's line:column
    (once as 'card EB-NNN name:' without a position): its words reach the faces as
    :class:`kcal.print.sourced.Sourced` values, as every pack's do."""
    legal = surface.files("ecologic-europe")["catalog"]
    text = legal.read_text(encoding="utf-8")
    spots = text_spots(text)
    lines = text.split("\n")
    i, start, end = next(s for s in spots if "name: " + lines[s[0]][s[1]:s[2]] in lines[s[0]])
    lines[i] = lines[i][:start] + "😀" + lines[i][start:]
    path = tmp_path / "cards.yaml"
    path.write_text("\n".join(lines), encoding="utf-8")
    c = surface.command("print cards")
    args = surface.invocation(c, "ecologic-europe", surface.param(c, "card_set"), path, tmp_path)
    assert args is not None
    result = surface.run(args)
    assert result.exit_code == 0 and "U+1F600" in result.stderr, result.stderr
    assert f"{path}:{i + 1}:{start + 1}: " in result.stderr, result.stderr


@pytest.mark.parametrize(("game", "old", "new"), [("kalua", "name: Festival", "name: Fe😀stival"),
                                                  ("how-many-calories", "food: Salmon fillet, baked",
                                                   "food: Salmon fillet, 中baked")])
def test_the_rulebook_names_the_card_file(tmp_path: Any, game: str, old: str, new: str) -> None:
    """``print rulebook`` reports a card's missing character at the card file's line:column, not at the
    template line that printed it (once templates/cards.j2:N): the sandbox checks a data value when a
    template reads it, where the value knows its position (:func:`kcal.print.sandbox.checked`)."""
    legal = surface.files(game)["catalog"]
    text = legal.read_text(encoding="utf-8")
    assert old in text
    before = text[:text.index(old)]
    line = before.count("\n") + 1
    column = len(before.split("\n")[-1]) + len(old.split(": ")[0]) + 3  # the value, after "key: "
    path = tmp_path / "cards.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    c = surface.command("print rulebook")
    args = surface.invocation(c, game, surface.param(c, "card_set"), path, tmp_path)
    assert args is not None
    result = surface.run(args)
    assert result.exit_code == 0, result.stderr
    code = next(f"U+{ord(ch):04X}" for ch in new if not ch.isascii())
    assert code in result.stderr, result.stderr
    assert f"{path}:{line}:{column}: " in result.stderr and code in result.stderr, result.stderr
