"""A faster pure-Python ``fp_str`` for ReportLab, used only when its C accelerator is missing.

ReportLab formats every number it writes into a PDF content stream with ``fp_str``. Without its
optional C extension (``_rl_accel``, not on every machine) it uses a pure-Python version that takes a
logarithm and strips zeros one character at a time: about a tenth of the CPU time of drawing a deck.
:func:`fp_str` below returns exactly the same strings (the same precision rule, the same rounding by
``%``-formatting, the same zero stripping; near a power of ten, and for huge, infinite or NaN values, it
takes ReportLab's own logarithm path), so the PDFs stay byte-identical; ``tests/print/test_rlfast.py``
compares the two on hundreds of thousands of values.
"""

from __future__ import annotations

import math
import sys
from bisect import bisect
from typing import Any

from reportlab.lib.utils import isSeq

_log = math.log
_LN10 = math.log(10.0)
_FMTS = ("%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%.5f", "%.6f")
#: around each power of ten from 10 to 100000: outside these gaps the digit count is certain
_BOUNDS = (9.9999, 10.0001, 99.999, 100.001, 999.99, 1000.01, 9999.9, 10000.1, 99999.0, 100001.0)


def fp_str(*a: Any) -> str:
    """Space-separated numbers as ReportLab's ``fp_str`` writes them (up to 6 significant decimals)."""
    if len(a) == 1 and isSeq(a[0]):
        a = a[0]
    out: list[str] = []
    app = out.append
    for i in a:
        sa = abs(i)
        if sa <= 1e-7:
            app("0")
            continue
        if sa <= 1:
            n = "%.6f" % i  # noqa: UP031 - the formatting ReportLab uses, to the byte
        else:
            if sa < 999990.0:
                k = bisect(_BOUNDS, sa)
                places = 6 - (k >> 1) if not k & 1 else min(max(0, 6 - int(_log(sa) / _LN10)), 6)
            else:  # ReportLab's own rule (it raises for inf and NaN, and so does this)
                places = min(max(0, 6 - int(_log(sa) / _LN10)), 6)
            n = _FMTS[places] % i
            if not places:
                app(n[1:] if n[0] == "0" and len(n) > 1 else n)
                continue
        n = n.rstrip("0")
        if n[-1] == ".":
            n = n[:-1]
        app(n[1:] if n[0] == "0" and len(n) > 1 else n)
    return " ".join(out)


#: values checked against ReportLab's own function before it is replaced
_PROBES = (0, 1e-8, -0.5, 0.1234567, 1, 1.5, 9.99995, 10.00005, 72.0, 123.4567, 999.995, 1000.005,
           12345.678, 99999.5, 100000.5, 1e7, -3.25, 595.2756, 841.8898, 2.0 / 3.0)


def install() -> None:
    """Use :func:`fp_str` in every loaded ReportLab module that uses the pure-Python one (idempotent)."""
    from reportlab.lib import rl_accel

    slow = getattr(rl_accel, "_py_fp_str", None)
    current = getattr(rl_accel, "fp_str", None)  # defined at import time, unknown to the stubs
    if slow is None or current is not slow and current is not fp_str:
        return  # the C accelerator is there
    if any(fp_str(v) != slow(v) for v in _PROBES) or fp_str(*_PROBES[:4]) != slow(*_PROBES[:4]):
        return  # this ReportLab formats numbers differently from the one this was written for: keep its own
    setattr(rl_accel, "fp_str", fp_str)  # noqa: B010  (the stubs do not know the attribute)
    for name, module in list(sys.modules.items()):
        if name.startswith("reportlab.") and getattr(module, "fp_str", None) is slow:
            setattr(module, "fp_str", fp_str)  # noqa: B010
