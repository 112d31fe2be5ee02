"""Issue 7 (partial outputs on failure): the outputs of one command land together, or none of them does.

A full disk is simulated by making kcal's temp-file write raise ``OSError(ENOSPC)``.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from kcal.core import atomic

REPORT = ("deck", "report", "legal-deck.yaml", "-o", "rep.pdf", "--png", "rep.png", "--hands", "200", "--games", "20",
          "--solo-games", "0", "--jobs", "1", "--quiet")


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _full_disk_on(monkeypatch: pytest.MonkeyPatch, suffix: str) -> None:
    real = atomic._write_all

    def write(path: Path, data: bytes) -> None:
        if f"{suffix}." in path.name:  # the temp file of an output ending in suffix: .rep.png.x1y2.tmp
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data)

    monkeypatch.setattr(atomic, "_write_all", write)


def test_partial_outputs_deck_report_on_a_full_disk_writes_neither_file(folder: Path, cli,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _full_disk_on(monkeypatch, ".png")
    r = cli(*REPORT)
    assert r.exit_code == 2
    assert r.stderr.strip() == "cannot write rep.png: No space left on device"
    assert _listing(folder) == ["legal-deck.yaml", "mini-catalog.yaml"]  # no rep.pdf, no temp file


def test_partial_outputs_deck_report_failure_keeps_the_old_files(folder: Path, cli,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    (folder / "rep.pdf").write_bytes(b"old pdf")
    (folder / "rep.png").write_bytes(b"old png")
    _full_disk_on(monkeypatch, ".png")
    r = cli(*REPORT)
    assert r.exit_code == 2
    assert (folder / "rep.pdf").read_bytes() == b"old pdf" and (folder / "rep.png").read_bytes() == b"old png"
    assert _listing(folder) == ["legal-deck.yaml", "mini-catalog.yaml", "rep.pdf", "rep.png"]


def test_partial_outputs_deck_report_writes_both_files(folder: Path, cli) -> None:
    r = cli(*REPORT, "--format", "json")
    assert r.exit_code == 0, r.stderr
    assert (folder / "rep.pdf").read_bytes().startswith(b"%PDF")
    assert (folder / "rep.png").read_bytes().startswith(b"\x89PNG")
    assert _listing(folder) == ["legal-deck.yaml", "mini-catalog.yaml", "rep.pdf", "rep.png"]


def test_partial_outputs_print_with_cut_files_on_a_full_disk_writes_nothing(folder: Path, cli,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``print deck --cut-svg`` writes a PDF and SVG cut files: one transaction too."""
    _full_disk_on(monkeypatch, ".svg")
    r = cli("print", "deck", "legal-deck.yaml", "-o", "tiles.pdf", "--cut-svg")
    assert r.exit_code == 2, r.stderr
    assert "No space left on device" in r.stderr
    assert _listing(folder) == ["legal-deck.yaml", "mini-catalog.yaml"]


def test_partial_outputs_read_only_report_is_not_replaced(folder: Path, cli) -> None:
    """Issue 14: a command without --force does not replace a read-only output, even one kcal wrote."""
    mine = b"%PDF-1.4 mine /Creator (kcal 0.1.0) /Producer (ReportLab PDF Library)"
    (folder / "rep.pdf").write_bytes(mine)
    (folder / "rep.pdf").chmod(0o444)
    r = cli(*REPORT)
    assert r.exit_code == 2
    assert r.stderr.strip() == "rep.pdf: the file is read-only; use --force to replace it"
    assert (folder / "rep.pdf").read_bytes() == mine
