"""``kcal catalog browse``: one self-contained page; bad requests exit 2; outputs never overwrite inputs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria.draw import catalog_page
from kcal.viewer.catalog import page

runner = CliRunner()


def _data(text: str) -> dict:
    return json.loads(re.search(r'id="catalog-data">(.*?)</script>', text, re.S).group(1))


def test_every_tile_with_its_facets_and_the_deck_rules(html_check):
    cat = catalog_page()
    data = _data(page(cat))
    assert len(data["cards"]) == len(cat.cards) > 100
    assert [f[0] for f in data["filters"]] == ["type", "class", "rarity", "biome", "modifier", "cost"]
    types = dict(data["filters"][0][2])
    assert sum(types.values()) == len(cat.cards) and "water" in types
    assert data["deck"] == {"size": 60, "max": 5, "hand": 7, "tag": "water", "tagLabel": "water tiles",
                            "head": ["format: standard", 'catalogs: ["builtin"]'], "listKey": "tiles",
                            "exact": True}
    water = [c for c in data["cards"] if "water" in c["tags"]]
    assert len(water) == types["water"]
    assert html_check(page(cat)) == []


def test_cli_writes_the_page_and_refuses_bad_requests(tmp_path):
    out = tmp_path / "c.html"
    r = runner.invoke(app, ["catalog", "browse", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text().startswith("<!DOCTYPE html>") and "https://" not in out.read_text()
    r = runner.invoke(app, ["catalog", "browse", "-o", str(out), "--game", "nosuchgame"])
    assert r.exit_code == 2 and "unknown game" in r.output
    cat = tmp_path / "mine.yaml"
    cat.write_text("set: {code: MY, name: Mine}\ntiles: []\n")
    before = cat.read_bytes()
    r = runner.invoke(app, ["catalog", "browse", "-o", str(cat), "--catalog", str(cat)])
    assert r.exit_code == 2 and cat.read_bytes() == before


def test_replay_page_passes_the_html_check(tmp_path, html_check):
    fix = Path(__file__).parents[1] / "games" / "kcaloria" / "engine" / "fixtures" / "pesticide-frog-starves.yaml"
    r = runner.invoke(app, ["rules", "replay", str(fix), "--html", str(tmp_path / "p.html")])
    assert r.exit_code == 0, r.output
    assert html_check((tmp_path / "p.html").read_text()) == []
