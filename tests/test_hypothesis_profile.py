"""Issue 34 item 8: a suite that passes on a loaded machine. Every property test runs under the ``kcal``
Hypothesis profile (no deadline, no timing health check), set in one place (``tests/hypothesis_profile.py``,
loaded by ``tests/conftest.py``); no test asserts on how fast the machine is."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, settings

TESTS = Path(__file__).resolve().parent
HERE = {Path(__file__).name, "hypothesis_profile.py", "conftest.py"}


def _sources() -> list[tuple[Path, str]]:
    return [(p, p.read_text(encoding="utf-8")) for p in sorted(TESTS.rglob("*.py")) if p.name not in HERE]


def test_the_profile_is_loaded_for_every_test() -> None:
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check


def test_no_property_test_sets_its_own_deadline_or_drops_the_profiles_health_checks() -> None:
    offenders = []
    for path, text in _sources():
        for n, line in enumerate(text.splitlines(), 1):
            if re.search(r"\bdeadline\s*=", line) and "settings" in line:
                offenders.append(f"{path.relative_to(TESTS)}:{n}: sets a deadline (the profile has none)")
            m = re.search(r"suppress_health_check\s*=\s*\[(?!\*PROFILE_SUPPRESSED)", line)
            if m:
                offenders.append(f"{path.relative_to(TESTS)}:{n}: replaces the profile's suppressed health checks "
                                 "(write [*PROFILE_SUPPRESSED, ...])")
    assert not offenders, "\n".join(offenders)


#: a clock read subtracted and compared: a test that fails when the machine is slow
_TIMED = re.compile(r"assert\s+(time\.)?(perf_counter|monotonic|time)\(\)\s*-\s*\w+\s*<")


def test_no_test_asserts_on_wall_clock_speed() -> None:
    """A guard against runaway work uses :func:`tests.timeguard.bounded` (a generous alarm, not a measure);
    speed is measured in bench/."""
    offenders = [f"{p.relative_to(TESTS)}:{n}: {line.strip()}" for p, text in _sources()
                 for n, line in enumerate(text.splitlines(), 1) if _TIMED.search(line)]
    assert not offenders, "\n".join(offenders)
