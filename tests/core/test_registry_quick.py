"""kcal's own packs are read from its ``entry_points.txt`` without importing importlib.metadata, and
that finds what importlib.metadata finds."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

from kcal.core import registry


def test_the_quick_reader_finds_what_importlib_metadata_finds() -> None:
    quick = registry._own_dist_entry_points()
    assert quick is not None
    eps = {ep.name: ep.value for ep in metadata.distribution("kcal").entry_points if ep.group == registry.GROUP}
    assert {name: ep.value for name, ep in quick.items()} == eps
    assert quick["kcaloria"].load() is registry.get("kcaloria")


def test_the_ini_form() -> None:
    text = "[console_scripts]\nkcal = kcal.cli.app:main\n\n# a comment\n[kcal.games]\n a = m.x:PACK \nb=m.y:PACK\n[other]\nc = z\n"
    assert {n: e.value for n, e in registry._parse_entry_points(text).items()} == {"a": "m.x:PACK", "b": "m.y:PACK"}


def test_a_kcaloria_command_does_not_import_importlib_metadata() -> None:
    probe = ("import sys; from kcal.core import registry; registry.get('kcaloria').hook('deck'); "
             "print('importlib.metadata' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
