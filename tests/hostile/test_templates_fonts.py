"""Templates (BAD-INPUT.md 19, 23) and fonts (17) against every command that takes them (the CLI's
``--templates`` and ``--font``/``--bold-font`` parameters, :mod:`tests.hostile.surface`), for every pack
that has the command (issue 32, item 16).

- 19/23: a user template that reaches for Python's insides, does not parse, names what is not there,
  or makes a constant or an output too big to hold: exit 2, one line at ``template:line:column:`` (the
  line the hostile part is on, where the class fixes it), no traceback, no PDF, JSON with
  ``--format json``. CPU and memory limits are lowered (as in tests/print/test_template_os_bounds.py) so a
  case the sandbox lets through stops in seconds: the operating system's bound is what is tested.
- 17: a file that is not a font (text, an empty file, a TrueType file cut inside its tables, a PNG, a folder's worth of
  random bytes named ``.ttf``/``.otf``): exit 2, one line naming the file, no traceback, nothing written.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kcal.core.registry import get
from kcal.print import sandbox
from tests.hostile import surface
from tests.hostile.strategies import PHASES, problems_of, snapshot
from tests.hypothesis_profile import PROFILE_SUPPRESSED
from tests.packs import folder

TEMPLATE_CASES = surface.path_inputs(("templates",))
FONT_CASES = surface.path_inputs(("font",))

#: (class, hostile part, does the message name the hostile part's own line)
HOSTILE_TEMPLATES = [
    (19, "{{ ''.__class__.__mro__ }}", True),
    (19, "{{ cycler.__init__.__globals__ }}", True),
    (19, "{{ lipsum.__globals__['os'] }}", True),
    (19, "{{ ''|attr('__class__') }}", True),
    (19, "{% for c in [].__class__.__base__.__subclasses__() %}{{ c }}{% endfor %}", True),
    (19, "{{ self._TemplateReference__context }}", True),
    (19, "{{ range.__self__ }}", True),
    (19, "{{ nope }}", True),
    (19, "{{ nope.attr }}", True),
    (19, "{{ nope() }}", True),
    (19, "{% endif %}", True),
    (19, "{{ 1 + }}", True),
    (19, "{% for x in %}{% endfor %}", True),
    (19, "{{", False),
    (19, "{% raw %}", False),
    (19, "{% for i in range(100000000) %}xxxxxxxxxxxxxxxx{% endfor %}", False),
    (19, "{% for i in range(99999) %}xxxxxxxxxx{% endfor %}", True),
    (19, "{{ '<' * 500000 }}", True),
    (23, "{{ 'x' * 2000000000 }}", True),
    (23, "{{ 9 ** (9 ** 9) }}", True),
    (23, "{{ [1] * 10 ** 9 }}", True),
    (23, "{{ '%s' % ('x' * 10 ** 9) }}", True),
]


@pytest.fixture
def tight(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "MAX_CPU_SECONDS", 3)
    monkeypatch.setattr(sandbox, "MAX_MEMORY_BYTES", 300 << 20)


def _template_names(game: str) -> list[str]:
    return sorted(p.name for p in (folder(get(game)) / "templates").glob("*.j2"))


@pytest.mark.parametrize(("command", "param", "game"), TEMPLATE_CASES,
                         ids=[f"{c}-{p}-{g}" for c, p, g in TEMPLATE_CASES])
@pytest.mark.parametrize("case", range(len(HOSTILE_TEMPLATES)))
@settings(max_examples=1, phases=PHASES,
          suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(data=st.data(), before_lines=st.integers(0, 6), json_mode=st.booleans())
def test_a_hostile_template_is_one_positioned_line(tmp_path_factory: pytest.TempPathFactory, tight: None,
                                                   command: str, param: str, game: str, case: int,
                                                   data: st.DataObject, before_lines: int,
                                                   json_mode: bool) -> None:
    klass, hostile, on_its_line = HOSTILE_TEMPLATES[case]
    names = _template_names(game)
    assert names, f"{game} prints a rule book from no template"
    name = data.draw(st.sampled_from(names), label="template")
    tmp = tmp_path_factory.mktemp("templates")
    templates = tmp / "mine"
    templates.mkdir()
    text = "".join(f"line {i}\n" for i in range(before_lines)) + hostile + "\nafter\n"
    (templates / name).write_text(text, encoding="utf-8")
    c = surface.command(command)
    args = surface.invocation(c, game, surface.param(c, param), templates, tmp)
    assert args is not None
    json_mode = json_mode and "--format" in c.options
    args += ["--format", "json"] if json_mode else []
    before = snapshot(tmp)
    result = surface.run(args)
    context = (klass, hostile, result.exit_code, result.stderr[-1500:], repr(result.exception))
    assert result.exit_code == 2, context
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1, context
    assert snapshot(tmp) == before, "written"
    found = [m for m in problems_of(result.stderr) if m["file"] == str(templates / name)]
    assert found, context
    if on_its_line:
        assert int(found[0]["line"]) == before_lines + 1, context
    if json_mode:
        errors = json.loads(result.stdout)["errors"]
        assert errors and errors[0]["file"] == str(templates / name) and errors[0]["line"], errors


def test_a_template_past_the_size_cap_is_refused_before_compiling(tmp_path: Path) -> None:
    for command, param, game in TEMPLATE_CASES:
        templates = tmp_path / game
        templates.mkdir()
        name = _template_names(game)[0]
        (templates / name).write_text("{{ 'x' }}" * (sandbox.MAX_TEMPLATE_BYTES // 9 + 1), encoding="utf-8")
        c = surface.command(command)
        args = surface.invocation(c, game, surface.param(c, param), templates, tmp_path)
        assert args is not None
        result = surface.run(args)
        assert result.exit_code == 2 and str(templates / name) in result.stderr, result.stderr
        assert "Traceback" not in result.stderr


def _png() -> bytes:
    import base64

    return base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


_TTF = (Path(__file__).resolve().parents[2] / "src/kcal/print/fonts/DejaVuSansCondensed.ttf").read_bytes()


def _end_of_tables(ttf: bytes) -> int:
    """Where the last table of a TrueType file ends (what follows is the zero padding to 4 bytes)."""
    (count,) = struct.unpack(">H", ttf[4:6])
    return max(offset + length for _, _, offset, length in
               (struct.unpack(">4sIII", ttf[12 + 16 * i: 28 + 16 * i]) for i in range(count)))


#: a TrueType file cut short is cut inside its tables: one cut only in the padding after its last table
#: (the shipped font's last 1 or 2 bytes, both zero) is a whole font, and kcal prints with it exactly as
#: with the whole file (:func:`test_a_font_without_its_final_padding_is_a_font`)
_TTF_TABLES_END = _end_of_tables(_TTF)

not_fonts = st.one_of(
    st.just(b""),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.integers(12, _TTF_TABLES_END - 1).map(lambda n: _TTF[:n]),  # a TrueType file cut inside its tables
    st.binary(min_size=1, max_size=2000),
    st.just(_png()),
    st.binary(min_size=4, max_size=400).map(lambda b: b"OTTO" + b),  # a CFF .otf header on nonsense
    st.binary(min_size=4, max_size=400).map(lambda b: b"\x00\x01\x00\x00" + b),  # a TrueType header
)


def test_a_font_without_its_final_padding_is_a_font(tmp_path: Path) -> None:
    """The decision behind the truncation strategy above: a TrueType file whose last table is whole but whose
    padding after it is cut (a file of 271,530 or 271,531 of the shipped font's 271,532 bytes) is accepted,
    and the preview it prints is the same, byte for byte, as the whole font's."""
    assert 0 < len(_TTF) - _TTF_TABLES_END <= 3 and not _TTF[_TTF_TABLES_END:].strip(b"\0")
    outputs = []
    for n in (_TTF_TABLES_END, len(_TTF)):
        font = tmp_path / f"font{n}.ttf"
        font.write_bytes(_TTF[:n])
        result = surface.run(["print", "tile", "Rudbeckia", "--font", str(font), "-o", str(tmp_path / f"{n}.png")])
        assert result.exit_code == 0 and not result.stderr, result.stderr
        outputs.append((tmp_path / f"{n}.png").read_bytes())
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize(("command", "param", "game"), FONT_CASES, ids=[f"{c}-{p}-{g}" for c, p, g in FONT_CASES])
@settings(max_examples=3, phases=PHASES,
          suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(data=not_fonts, suffix=st.sampled_from([".ttf", ".otf", ".TTF", ""]), json_mode=st.booleans())
def test_a_file_that_is_not_a_font_is_one_line(tmp_path_factory: pytest.TempPathFactory, command: str, param: str,
                                               game: str, data: bytes, suffix: str, json_mode: bool) -> None:
    tmp = tmp_path_factory.mktemp("font")
    font = tmp / f"font{suffix}"
    font.write_bytes(data)
    c = surface.command(command)
    p = surface.param(c, param)
    args = surface.invocation(c, game, p, font, tmp)
    assert args is not None
    json_mode = json_mode and "--format" in c.options
    args += ["--format", "json"] if json_mode else []
    before = snapshot(tmp)
    result = surface.run(args)
    context = (len(data), data[:40], result.exit_code, result.stderr[-1500:], repr(result.exception))
    assert result.exit_code == 2, context
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1, context
    assert snapshot(tmp) == before, "written"
    if str(font) not in result.stderr:  # the pack refuses the option itself (kCaloria's player aids)
        assert surface.refused_whatever_the_file(args, font, surface.legal_file(c, p, game), result.stderr), context
    elif json_mode:
        assert json.loads(result.stdout)["errors"], result.stdout


@pytest.mark.parametrize(("command", "param", "game"), TEMPLATE_CASES, ids=[f"{c}-{p}-{g}" for c, p, g in TEMPLATE_CASES])
def test_a_layout_error_names_the_template_line_in_kcals_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               command: str, param: str, game: str) -> None:
    """What ReportLab's paragraph parser raises on a line of a user template ("paraparser: syntax error")
    comes back from the bounded child as one line at that template line, in kcal's words."""
    from reportlab.platypus import paragraph

    real = paragraph.Paragraph.__init__

    def parser_fails(self: object, text: str, *args: object, **kwargs: object) -> None:
        if "BOOM" in str(text):
            raise ValueError("paraparser: syntax error: No content allowed in br tag")
        real(self, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(paragraph.Paragraph, "__init__", parser_fails)
    templates = tmp_path / "mine"
    templates.mkdir()
    name = _template_names(game)[0]
    (templates / name).write_text("A first paragraph.\n\nA second one.\n\nBOOM here\n", encoding="utf-8")
    c = surface.command(command)
    args = surface.invocation(c, game, surface.param(c, param), templates, tmp_path)
    assert args is not None
    result = surface.run(args)
    assert result.exit_code == 2, (result.stderr, result.exception)
    [line] = result.stderr.splitlines()
    assert line.startswith(f"{templates / name}:5:"), line
    assert "rule sheet layout: the markup cannot be read" in line and "Traceback" not in result.stderr
    assert not (tmp_path / "out.pdf").exists()


_LOWERED = (
    "import sys\n"
    "from kcal.print import sandbox\n"
    "sandbox.MAX_CPU_SECONDS = 4\n"
    "from kcal.cli.app import main\n"
    "sys.argv = ['kcal', *sys.argv[1:]]\n"
    "main()\n"
)


@pytest.mark.parametrize(("command", "param", "game"), TEMPLATE_CASES, ids=[f"{c}-{p}-{g}" for c, p, g in TEMPLATE_CASES])
def test_layout_stopped_at_the_cpu_limit_names_the_template_line(tmp_path: Path, command: str, param: str,
                                                                 game: str) -> None:
    """Item 14: a block whose layout is quadratic in ReportLab (124,000 ``<``, escaped) is stopped by the
    system's CPU-time limit (lowered to 4 s, in a fresh process: the forked child of a test worker's large
    heap spends CPU time on its own start), and the child says where it was: one line at the template
    line, in kcal's words."""
    import os
    import subprocess
    import sys

    env = {"PATH": "/usr/bin:/bin", "NO_COLOR": "1", "KCAL_CACHE_DIR": str(tmp_path / "cache")}
    if os.environ.get("PYTHONPATH"):  # the example pack, when it is installed for the session
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    templates = tmp_path / "mine"
    templates.mkdir()
    name = _template_names(game)[0]
    (templates / name).write_text("A first paragraph.\n\n{{ '<' * 124000 }}\n", encoding="utf-8")
    c = surface.command(command)
    args = surface.invocation(c, game, surface.param(c, param), templates, tmp_path)
    assert args is not None
    done = subprocess.run([sys.executable, "-c", _LOWERED, *args], capture_output=True, text=True, timeout=600,
                          env=env)
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(f"{templates / name}:3:"), line
    assert "reached the limit of CPU time" in line and "Traceback" not in done.stderr
    assert not (tmp_path / "out.pdf").exists()
