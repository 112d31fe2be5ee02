"""Racing writers (BAD-INPUT.md 25; issue 32, item 13) against every command that writes a new file or
folder: every output parameter of the CLI (:mod:`tests.hostile.surface` reads them from the Typer app),
three runs of the same command line racing to create one new name without ``--force``. Exactly one wins
(exit 0, or 1 for findings), every other exits 2 with the documented refusal ("already exists (another run
wrote it meanwhile)") naming an output of the command line, no traceback, the winner's output is whole
(read back by its format; a folder holds every file the winner reports), and no temp or backup file is
left.

The race is :func:`tests.cli.test_racing_writers._race`: real processes held at a barrier after their first
output check (:func:`kcal.core.atomic.check_output_path`, the one look at an output before it is written,
for a folder as for a file), so all of them checked a free name, whatever the machine's load; a run ending
before it fails the race at once, naming that run. Bounded: three racers; one pack per command where a
shared writer writes the file (a record, a chart, a schema, the catalog page), every pack where the pack
draws what is written (``print``, ``export``, ``rules replay``'s pictures).
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from kcal.core.registry import ids
from tests.cli.test_racing_writers import _race
from tests.hostile import surface
from tests.packs import samples

RACERS = 3
#: command groups whose output is drawn by the pack (its pages, its pictures): raced for every pack
PACK_DRAWN = ("print", "export", "rules replay")
#: options that keep a run small where a command has them (the race is over the output, not the work)
#: (``--minutes 0``: no time limit, so a loaded machine cannot cut a run short of its output)
SMALL = {"--evaluations": "2", "--bins": "2", "--dpi": "50", "--minutes": "0", "--hands": "200",
         "--solo-games": "2"}
#: the refusal of a run that lost (docs/cli.md, "Writing files")
LOST = re.compile(r"^(.+): already exists \(another run wrote it meanwhile\); use --force to replace it$", re.M)


def _cases() -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    for c, p, g in surface.path_inputs(("output",)):
        if c.startswith(PACK_DRAWN) or (c, p) not in seen:
            out.append((c, p, g))
        seen.add((c, p))
    return out


CASES = _cases()


def test_every_writer_is_raced() -> None:
    """The writers come from the CLI: every output parameter of every command is here at least once, and a
    pack-drawn writer for every pack that has it."""
    writers = {(c, p) for c, p, _ in surface.path_inputs(("output",))}
    assert {(c, p) for c, p, _ in CASES} == writers
    assert len(writers) >= 15, writers
    assert {g for c, _, g in CASES if c == "print cards"} == set(ids())
    assert {g for c, _, g in CASES if c == "export png"} == set(ids())


def _outputs(command: str, args: list[str]) -> list[Path]:
    """Every output the command line names (a report with ``--png`` writes its PDF too)."""
    c = surface.command(command)
    out = []
    for p in c.paths():
        if c.role(p) == "output" and p.opt is not None and p.opt in args:
            out.append(Path(args[args.index(p.opt) + 1]))
    return out


def _args(command: str, param: str, game: str, tmp: Path) -> tuple[list[str], Path]:
    c = surface.command(command)
    o = surface.param(c, param)
    target = tmp / ("same" + surface.out_name(c, o).removeprefix("out"))
    args = surface.invocation(c, game, o, target, tmp)
    assert args is not None
    if "--save-game" in c.options and param == "record_out":
        args += ["--save-game", "0"]
    args += [a for opt, value in SMALL.items() if opt in c.options and opt not in args for a in (opt, value)]
    if "--gauntlet" in c.options:  # one deck to beat, not every shipped one
        args += ["--gauntlet", str(surface.files(game)["deck"])]
    if command.startswith("export"):  # one card's faces, not the whole game's
        args += ["--only", str(samples(game)["card"])]
    if command.startswith("balance") and "--bots" in c.options:  # two quick entrants, not the searchers
        args += ["--bots", "random,greedy"]
    if "--format" in c.options:
        args += ["--format", "json"]  # the winner's report lists the files it wrote
    return args, target


def _whole(target: Path) -> None:
    """The file reads back as what its name says it is."""
    data = target.read_bytes()
    assert data, f"{target}: empty"
    suffix = target.suffix
    if suffix == ".pdf":
        import pypdfium2 as pdfium

        assert data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:], f"{target}: a cut PDF"
        doc = pdfium.PdfDocument(data)
        try:
            assert len(doc) >= 1, f"{target}: no page"
        finally:
            doc.close()
    elif suffix == ".png":
        from PIL import Image

        with Image.open(target) as im:
            im.load()
    elif suffix == ".json":
        json.loads(data)
    elif suffix in (".yaml", ".yml"):
        from ruamel.yaml import YAML

        assert YAML(typ="safe").load(data) is not None, f"{target}: no document"
    elif suffix in (".svg", ".html"):
        text = data.decode("utf-8").rstrip()
        assert text.endswith("</svg>" if suffix == ".svg" else "</html>"), f"{target}: cut at {text[-80:]!r}"
    elif suffix == ".zip":
        with zipfile.ZipFile(target) as z:
            assert z.testzip() is None


def _reported(stdout: str) -> set[Path] | None:
    """The files the winner says it wrote (its JSON's ``files``), or None where its report has no list."""
    try:
        doc = json.loads(stdout)
    except ValueError:
        return None
    files = doc.get("files") if isinstance(doc, dict) else None
    return {Path(f) for f in files} if isinstance(files, list) else None


def _folder_complete(folder: Path, stdout: str) -> None:
    """A folder output holds every file the winner reports, each whole, and nothing else but kcal's."""
    present = {p for p in folder.rglob("*") if p.is_file()}
    assert present, f"{folder}: an empty folder"
    reported = _reported(stdout)
    assert reported is not None, f"{folder}: the winner reports no files: {stdout[-400:]!r}"
    inside = {f if f.is_absolute() else folder.parent / f for f in reported if folder in f.parents}
    assert inside == present, (sorted(inside ^ present), stdout[-400:])
    for f in present:
        _whole(f)


@pytest.mark.parametrize(("command", "param", "game"), CASES, ids=[f"{c}-{p}-{g}" for c, p, g in CASES])
def test_exactly_one_racing_writer_of_every_output_wins(tmp_path: Path, command: str, param: str,
                                                          game: str) -> None:
    args, target = _args(command, param, game, tmp_path)
    results = _race(tmp_path, args, RACERS)
    report = [(r.returncode, r.stderr[-800:]) for r in results]
    outputs = _outputs(command, args)
    assert target in outputs
    winners = [r for r in results if r.returncode != 2]
    assert len(winners) == 1 and winners[0].returncode in (0, 1), report
    for r in results:
        assert "Traceback" not in r.stderr, report
        if r.returncode == 2:
            # an output of the command line, or (a folder of outputs) a file of it, another run wrote first
            lost = LOST.search(r.stderr) or LOST.search(_json_message(r.stdout))
            assert lost is not None, report
            assert any(Path(lost[1]) == o or o in Path(lost[1]).parents for o in outputs), report
    for o in outputs:
        assert o.exists(), report
        if o.is_dir():
            _folder_complete(o, winners[0].stdout)
        else:
            _whole(o)
    leftovers = [p.name for p in tmp_path.rglob(".*") if p.name.endswith((".tmp", ".bak"))]
    assert not leftovers


def _json_message(stdout: str) -> str:
    """With ``--format json`` a refusal is JSON on stdout: its first error's message."""
    try:
        return str(json.loads(stdout)["errors"][0]["message"])
    except (ValueError, KeyError, IndexError, TypeError):
        return ""


def test_a_run_ending_before_its_output_check_fails_the_race_at_once(tmp_path: Path) -> None:
    """The barrier cannot fill when a run ends before its first output check (here every run: the deck is
    missing): the race is failed naming the runs, not waited out."""
    with pytest.raises(AssertionError, match="ended before their first output check"):
        _race(tmp_path, ["sim", "solo", str(tmp_path / "missing.yaml"), "--save-game", "0", "-o", "same.yaml"],
              RACERS)
