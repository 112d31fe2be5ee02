"""Issue 6 (SIGTERM and SIGHUP leave temp files): a print stopped by either signal leaves no temp file,
keeps an existing output byte-identical and ends the way the signal ends a process."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest


def _big_deck(folder: Path) -> None:
    """About 2,000 tiles, so the PDF's temp file exists for a while."""
    text = (folder / "legal-deck.yaml").read_text()
    lines = [line if not line.startswith("  ") else line.rsplit(":", 1)[0] + ": 165" for line in text.splitlines()]
    (folder / "big.yaml").write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_signal_stops_a_print_without_leaving_a_temp_file(folder: Path, spawn, signum: int) -> None:
    if signal.getsignal(signum) is signal.SIG_IGN:  # nohup: the print ignores it too, by design
        pytest.skip(f"{signal.Signals(signum).name} is ignored here (nohup?): it cannot be delivered")
    _big_deck(folder)
    old = b"%PDF-1.4 the old print /Creator (kcal 0.1.0) /Producer (ReportLab PDF Library)"  # kcal's: replaced
    (folder / "out.pdf").write_bytes(old)
    proc = spawn("print", "deck", "big.yaml", "-o", "out.pdf", cwd=folder)
    deadline = time.monotonic() + 120
    while not any(p.name.endswith(".tmp") for p in folder.iterdir()):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.002)
    proc.send_signal(signum)
    assert proc.wait(timeout=120) == -signum
    proc.communicate()
    assert sorted(p.name for p in folder.iterdir()) == ["big.yaml", "legal-deck.yaml", "mini-catalog.yaml", "out.pdf"]
    assert (folder / "out.pdf").read_bytes() == old
