"""The one place the suite's property tests get their deadlines and health checks (issue 34, item 8).

The machine is shared and loaded: a test that passes alone must pass when eight other suites run beside
it, so no property test may fail on time. The profile ``kcal`` (loaded by ``tests/conftest.py`` for every
test) has no per-example deadline and suppresses the one health check that measures wall-clock time
(``too_slow``: data generation slower than a fixed budget). A test that suppresses another check adds it to
:data:`PROFILE_SUPPRESSED`, never replaces it; ``tests/test_hypothesis_profile.py`` checks every test file
keeps to this. Examples per test stay each test's own choice (``max_examples``).
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

#: the health checks the whole suite suppresses: the ones that time data generation
PROFILE_SUPPRESSED = (HealthCheck.too_slow,)

settings.register_profile("kcal", deadline=None, suppress_health_check=PROFILE_SUPPRESSED)
