"""core.atomic: issues 6 (signals leave temp files), 7 (partial outputs), 12 (the --force race) and 14
(read-only outputs)."""

from __future__ import annotations

import errno
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from kcal.core import atomic
from kcal.core.atomic import (
    OutputTransaction,
    atomic_output,
    atomic_write_bytes,
    check_output_path,
    write_all,
)
from kcal.core.errors import KcalError, UsageError


def _kcals(text: bytes) -> bytes:
    """A PDF as kcal writes one (its creator and ReportLab's producer named): an output kcal may replace."""
    return b"%PDF-1.4 " + text + b" /Creator (kcal 0.1.0) /Producer (ReportLab PDF Library)"


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# --- issue 7: several outputs, all or none ---------------------------------------------------------


def test_partial_outputs_transaction_commits_every_file(tmp_path: Path) -> None:
    with OutputTransaction() as tx:
        tx.write_bytes(tmp_path / "a.pdf", b"A")
        tmp = tx.add(tmp_path / "b.png")
        tmp.write_bytes(b"B")
        assert not (tmp_path / "a.pdf").exists()  # nothing lands before the end
    assert (tmp_path / "a.pdf").read_bytes() == b"A" and (tmp_path / "b.png").read_bytes() == b"B"
    assert tx.committed == [tmp_path / "a.pdf", tmp_path / "b.png"]
    assert _listing(tmp_path) == ["a.pdf", "b.png"]
    assert stat.S_IMODE((tmp_path / "a.pdf").stat().st_mode) == 0o666 & ~_umask()


def test_partial_outputs_full_disk_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.pdf").write_bytes(_kcals(b"old A"))
    real = atomic._write_all
    calls: list[Path] = []

    def full_disk(path: Path, data: bytes) -> None:
        calls.append(path)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data)

    monkeypatch.setattr(atomic, "_write_all", full_disk)
    with pytest.raises(KcalError) as info:
        write_all([(tmp_path / "a.pdf", b"new A"), (tmp_path / "b.png", b"new B")])
    assert info.value.message == f"cannot write {tmp_path / 'b.png'}: No space left on device"
    assert info.value.exit_code == 2
    assert (tmp_path / "a.pdf").read_bytes() == _kcals(b"old A")
    assert _listing(tmp_path) == ["a.pdf"]


def test_partial_outputs_failure_while_renaming_puts_everything_back(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.pdf").write_bytes(_kcals(b"old A"))
    (tmp_path / "a.pdf").chmod(0o640)
    real = os.replace

    def fail_on_c(src, dst):  # noqa: ANN001, ANN202
        if Path(dst).name == "c.svg":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", fail_on_c)
    with pytest.raises(KcalError, match="c.svg: No space left on device"):
        write_all([(tmp_path / "a.pdf", b"new A"), (tmp_path / "b.png", b"new B"), (tmp_path / "c.svg", b"C")],
                  force=True)  # every file by rename (a new one is otherwise created by a link)
    monkeypatch.undo()
    assert (tmp_path / "a.pdf").read_bytes() == _kcals(b"old A")  # restored
    assert stat.S_IMODE((tmp_path / "a.pdf").stat().st_mode) == 0o640
    assert _listing(tmp_path) == ["a.pdf"]  # b.png taken back; no temp file, no backup left


def test_partial_outputs_an_exception_in_the_body_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "keep.pdf").write_bytes(_kcals(b"keep"))
    with pytest.raises(KeyboardInterrupt), OutputTransaction() as tx:
        tx.write_bytes(tmp_path / "keep.pdf", b"new")
        tx.write_bytes(tmp_path / "new.png", b"new")
        raise KeyboardInterrupt
    assert _listing(tmp_path) == ["keep.pdf"] and (tmp_path / "keep.pdf").read_bytes() == _kcals(b"keep")


def test_partial_outputs_one_target_named_twice_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="named twice"), OutputTransaction() as tx:
        tx.add(tmp_path / "a.pdf")
        tx.add(tmp_path / "." / "a.pdf")
    assert _listing(tmp_path) == []


# --- issue 14: read-only outputs and modes ---------------------------------------------------------


def test_read_only_output_is_not_replaced_by_default(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"
    target.write_bytes(_kcals(b"mine"))  # kcal's own output, but read-only: someone meant to keep it
    target.chmod(0o444)
    with pytest.raises(UsageError) as info:
        atomic_write_bytes(target, b"new")
    assert str(info.value) == f"{target}: the file is read-only; use --force to replace it"
    assert target.read_bytes() == _kcals(b"mine") and _listing(tmp_path) == ["out.pdf"]


def test_read_only_output_with_force_is_replaced_and_stays_read_only(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"
    target.write_bytes(b"mine")
    target.chmod(0o444)
    atomic_write_bytes(target, b"new", force=True)
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


def test_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.yaml"
    atomic_write_bytes(target, b"old: 1\n")
    target.chmod(0o600)
    atomic_write_bytes(target, b"new: 1\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_a_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        atomic_write_bytes(tmp_path / "n.pdf", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "n.pdf").stat().st_mode) == 0o640


# --- issue 12: without --force, exactly one writer wins ----------------------------------------------


def test_force_race_exclusive_create_refuses_an_existing_file(tmp_path: Path) -> None:
    target = tmp_path / "once.yaml"
    target.write_bytes(b"first")  # the user's
    with pytest.raises(UsageError, match="already exists and kcal did not write it .*; use --force to replace it"):
        atomic_write_bytes(target, b"second", force=False)
    assert target.read_bytes() == b"first" and _listing(tmp_path) == ["once.yaml"]


def test_force_race_a_file_appearing_after_the_check_is_not_replaced(tmp_path: Path) -> None:
    """The race itself: the name is free when checked, taken by the time the file is committed."""
    target = tmp_path / "once.yaml"
    with pytest.raises(UsageError, match="already exists"), atomic_output(target, force=False) as tmp:
        tmp.write_bytes(b"mine")
        target.write_bytes(b"the other writer's")
    assert target.read_bytes() == b"the other writer's" and _listing(tmp_path) == ["once.yaml"]


def test_force_race_without_hard_links_still_exclusive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(src, dst):  # noqa: ANN001, ANN202
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "once.yaml"
    with pytest.raises(UsageError, match="already exists"), atomic_output(target, force=False) as tmp:
        tmp.write_bytes(b"second")
        target.write_bytes(b"first")  # the other writer's, after the check
    assert target.read_bytes() == b"first" and _listing(tmp_path) == ["once.yaml"]


def test_force_race_a_folder_made_after_the_check_is_refused(tmp_path: Path) -> None:
    """A folder output (export's pictures, deck build's decks) goes through the same one check: free when
    checked, made by another run before this one makes it: refused as a file would be; with --force, or
    a folder that was there when checked, it is used."""
    target = tmp_path / "pictures"
    atomic.forget_checks()
    assert check_output_path(target, folder=True) == target
    target.mkdir()  # the other run's
    with pytest.raises(UsageError, match=r"pictures: already exists \(another run wrote it meanwhile\)"):
        atomic.make_output_folder(target, force=False)
    assert atomic.make_output_folder(target, force=True) is False
    atomic.forget_checks()  # the next command
    check_output_path(target, folder=True)
    assert atomic.make_output_folder(target, force=False) is False  # there when checked: this run's folder
    atomic.forget_checks()
    fresh = tmp_path / "fresh"
    check_output_path(fresh, folder=True)
    assert atomic.make_output_folder(fresh, force=False) is True and fresh.is_dir()
    (tmp_path / "a-file").write_bytes(b"the user's")
    with pytest.raises(UsageError, match="a-file: names a file"):
        check_output_path(tmp_path / "a-file", folder=True)
    atomic.forget_checks()


_RACER = textwrap.dedent("""
    import sys, time
    from kcal.core.atomic import atomic_write_text
    from kcal.core.errors import UsageError
    while time.time() < float(sys.argv[2]):
        pass
    try:
        atomic_write_text(sys.argv[1], "written by " + sys.argv[3] + "\\n", force=False)
    except UsageError:
        sys.exit(2)
""")


def test_force_race_16_processes_exactly_one_wins(tmp_path: Path) -> None:
    # a .txt file carries no mark of kcal's, so a writer that checks after the winner is refused too
    # (a marked output of kcal's may be replaced by a later run: docs/cli.md, "Writing files")
    target = tmp_path / "once.txt"
    start = time.time() + 1.5  # every process waits for the same moment, then writes
    procs = [subprocess.Popen([sys.executable, "-c", _RACER, str(target), str(start), str(i)])
             for i in range(16)]
    codes = [p.wait(timeout=120) for p in procs]
    assert sorted(codes) == [0] + [2] * 15
    winner = codes.index(0)
    assert target.read_text() == f"written by {winner}\n"
    assert _listing(tmp_path) == ["once.txt"]


# --- issue 6: SIGTERM and SIGHUP ----------------------------------------------------------------------

_WRITER = textwrap.dedent("""
    import sys, time
    from kcal.core.atomic import OutputTransaction
    folder = sys.argv[1]
    with OutputTransaction() as tx:
        tx.write_bytes(folder + "/first.pdf", b"complete")
        tmp = tx.add(folder + "/second.pdf")
        with open(tmp, "wb") as fh:
            fh.write(b"partial")
            fh.flush()
            print("writing", flush=True)
            time.sleep(60)
""")


def skip_if_ignored(signum: int) -> None:
    """A signal this process ignores (``nohup`` ignores SIGHUP) is ignored by the children it starts too:
    sending it proves nothing, so the test says why it cannot run (issue 20: the tests pass under nohup)."""
    if signal.getsignal(signum) is signal.SIG_IGN:
        pytest.skip(f"{signal.Signals(signum).name} is ignored here (nohup?): it cannot be delivered")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_signal_mid_write_leaves_no_temp_file(tmp_path: Path, signum: int) -> None:
    skip_if_ignored(signum)
    (tmp_path / "first.pdf").write_bytes(_kcals(b"old"))
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
    assert len(_listing(tmp_path)) == 3  # first.pdf and two temp files
    proc.send_signal(signum)
    assert proc.wait(timeout=60) == -signum  # ended by the signal itself: the shell shows 128 + signum
    proc.stdout.close()
    assert _listing(tmp_path) == ["first.pdf"]
    assert (tmp_path / "first.pdf").read_bytes() == _kcals(b"old")


_HANDLED = textwrap.dedent("""
    import signal, sys, time
    from kcal.core.atomic import atomic_output
    signal.signal(signal.SIGTERM, lambda s, f: print("own handler", flush=True))
    with atomic_output(sys.argv[1] + "/out.pdf") as tmp:
        tmp.write_bytes(b"partial")
        print("writing", flush=True)
        time.sleep(60)
""")


def test_signal_goes_to_the_previous_python_handler_then_exits_128_plus_signum(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", _HANDLED, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 128 + signal.SIGTERM
    assert proc.stdout.read() == "own handler\n"
    proc.stdout.close()
    assert _listing(tmp_path) == []


def test_signal_handlers_are_installed_only_while_writing(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)
    # an ignored signal stays ignored (nohup: a hang-up must not stop the write)
    hup = signal.SIG_IGN if before[1] is signal.SIG_IGN else atomic._on_signal
    with OutputTransaction() as outer:
        assert signal.getsignal(signal.SIGTERM) is atomic._on_signal
        assert signal.getsignal(signal.SIGHUP) is hup
        with OutputTransaction() as inner:
            inner.write_bytes(tmp_path / "inner.txt", b"i")
        assert signal.getsignal(signal.SIGTERM) is atomic._on_signal  # still the outer one's
        outer.write_bytes(tmp_path / "outer.txt", b"o")
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)) == before
    assert atomic._state.depth == 0
    assert _listing(tmp_path) == ["inner.txt", "outer.txt"]


def test_check_output_path_refuses_an_input_even_with_force(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: x\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(deck)
    for target in (deck, link):
        with pytest.raises(UsageError, match="refusing to overwrite an input file"):
            check_output_path(target, inputs=[deck], force=True)


def test_partial_outputs_rollback_restores_a_symlink_as_a_symlink(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "real.pdf").write_bytes(b"real")
    (tmp_path / "a.pdf").symlink_to("real.pdf")
    (tmp_path / "gone.pdf").symlink_to("missing.pdf")  # dangling: still a file name to keep
    real = os.replace

    def fail_on_c(src, dst):  # noqa: ANN001, ANN202
        if Path(dst).name == "c.svg":
            raise OSError(errno.EIO, "Input/output error")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", fail_on_c)
    with pytest.raises(KcalError, match="c.svg: Input/output error"):
        write_all([(tmp_path / "a.pdf", b"A"), (tmp_path / "gone.pdf", b"G"), (tmp_path / "c.svg", b"C")],
                  force=True)
    monkeypatch.undo()
    assert os.readlink(tmp_path / "a.pdf") == "real.pdf" and os.readlink(tmp_path / "gone.pdf") == "missing.pdf"
    assert (tmp_path / "real.pdf").read_bytes() == b"real"
    assert _listing(tmp_path) == ["a.pdf", "gone.pdf", "real.pdf"]


# --- issue 36, item 5: Ctrl-C during a commit; what a killed run left --------------------------------


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize("at", range(8))
def test_ctrl_c_anywhere_in_a_commit_leaves_every_file_or_none(tmp_path: Path, monkeypatch, at: int) -> None:
    """SIGINT sent at each step of a commit that replaces three files (backups made, renames, backups
    removed): the commit ends first, so the folder holds all three new files and no hidden file. Before,
    Ctrl-C was not held back like SIGTERM and left ``.X.png.*.bak`` files (3 of 9 tries)."""
    names = ["a.pdf", "b.pdf", "c.pdf"]
    for n in names:
        (tmp_path / n).write_bytes(_kcals(b"old"))
    steps = {"n": 0}
    real_replace, real_link, real_unlink = os.replace, os.link, os.unlink

    def step() -> None:
        if steps["n"] == at:
            os.kill(os.getpid(), signal.SIGINT)
        steps["n"] += 1

    def replace(*a, **k):
        step()
        return real_replace(*a, **k)

    def link(*a, **k):
        step()
        return real_link(*a, **k)

    def unlink(*a, **k):
        step()
        return real_unlink(*a, **k)

    monkeypatch.setattr(atomic.os, "replace", replace)
    monkeypatch.setattr(atomic.os, "link", link)
    monkeypatch.setattr(atomic.os, "unlink", unlink)
    interrupted = False
    try:
        with OutputTransaction() as tx:
            for n in names:
                tx.write_bytes(tmp_path / n, _kcals(b"new"))
    except KeyboardInterrupt:
        interrupted = True
    monkeypatch.undo()
    assert _hidden(tmp_path) == []
    contents = {(tmp_path / n).read_bytes().split(b" ")[1] for n in names}
    assert contents in ({b"new"}, {b"old"}), contents
    assert steps["n"] > at or not interrupted


_KILLED = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from kcal.core import atomic
    folder = Path(sys.argv[1])
    real = atomic.os.replace
    calls = []

    def replace(a, b):
        calls.append(b)
        if len(calls) == 2:  # one file in place, the second's backup made: killed with no clean-up
            os.kill(os.getpid(), signal.SIGKILL)
        return real(a, b)

    atomic.os.replace = replace
    with atomic.OutputTransaction(force=True) as tx:
        for n in ("a.pdf", "b.pdf", "c.pdf"):
            tx.write_bytes(folder / n, b"%PDF-1.4 new /Creator (kcal 0.1.0) /Producer (ReportLab PDF Library)")
""")


def test_a_later_run_removes_what_a_killed_run_left(tmp_path: Path) -> None:
    """SIGKILL runs no clean-up: the temp and backup files it left name its process, which is gone, so
    the next run writing into the folder removes them; a live run's, another machine's and the user's
    hidden files stay."""
    for n in ("a.pdf", "b.pdf", "c.pdf"):
        (tmp_path / n).write_bytes(_kcals(b"old"))
    done = subprocess.run([sys.executable, "-c", _KILLED, str(tmp_path)], capture_output=True, timeout=120)
    assert done.returncode == -signal.SIGKILL
    left = _hidden(tmp_path)
    assert any(n.endswith(".tmp") for n in left) and any(n.endswith(".bak") for n in left), left
    live = tmp_path / f".d.pdf.{os.getpid()}-{atomic._host()}.abc123.tmp"
    elsewhere = tmp_path / ".d.pdf.1-000000.abc123.tmp"
    mine = tmp_path / ".notes.tmp"
    for p in (live, elsewhere, mine):
        p.write_text("x")
    atomic._SWEPT.discard(os.path.abspath(tmp_path))
    atomic_write_bytes(tmp_path / "z.pdf", _kcals(b"next"))
    assert _hidden(tmp_path) == sorted(p.name for p in (live, elsewhere, mine))
