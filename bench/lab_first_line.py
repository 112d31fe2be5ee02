"""Time a lab command as a person at a terminal sees it: how long until its first progress line, and
how long until it ends (issue 34, item 3).

Run from the repository, e.g.::

    .venv/bin/python bench/lab_first_line.py -- kcal balance cards --game kalua

It starts the command on a pseudo-terminal (so the progress bar is on, as on a real terminal) and prints
one line of JSON: ``first_line_s`` (seconds from start to the first progress line on stderr),
``wall_s``, ``exit`` and the last progress line. Measure on an otherwise quiet machine and quote a
same-run baseline when comparing.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time


def main(argv: list[str]) -> int:
    cmd = argv[argv.index("--") + 1:] if "--" in argv else argv
    if cmd and cmd[0] == "kcal":
        cmd = [os.path.join(os.path.dirname(sys.executable), "kcal"), *cmd[1:]]
    master, slave = pty.openpty()
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    first, buf = None, b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buf = (buf + chunk)[-4096:]
            if first is None and b"[" in chunk and b"]" in chunk:
                first = time.monotonic() - start
        elif proc.poll() is not None:
            break
    code = proc.wait()
    wall = time.monotonic() - start
    lines = [s for s in re.split(r"[\r\n]", buf.decode("utf-8", "replace")) if "[" in s and "]" in s]
    last = re.sub(r"\x1b\[K", "", lines[-1]) if lines else ""
    print(json.dumps({"command": " ".join(argv[argv.index("--") + 1:] if "--" in argv else argv),
                      "first_line_s": None if first is None else round(first, 2), "wall_s": round(wall, 1),
                      "exit": code, "last_progress": last.strip()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
