"""Test-wide settings: kcal's parse cache goes to a temporary folder, never the user's."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("KCAL_CACHE_DIR", tempfile.mkdtemp(prefix="kcal-test-cache-"))
