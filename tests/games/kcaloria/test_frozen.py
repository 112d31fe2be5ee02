"""Plain frozen tiles, catalogs and decks (issue 12 item 15): what the loader hands out, equal to what
the models validated, and a warm command never imports Pydantic."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kcal.core.yamlsafe import load_yaml
from kcal.games.kcaloria.files import cardset as frozen
from kcal.games.kcaloria.files import load, models

DECKS = sorted((Path(load.__file__).parent.parent / "data" / "decks").glob("*.yaml"))


@pytest.mark.parametrize("path", load.builtin_catalog_paths(), ids=lambda p: p.name)
def test_a_tile_dumps_as_its_model_does(path: Path) -> None:
    """``to_json`` (used by game records) and the JSON a print form's name is hashed from are the
    model's own, for every built-in tile."""
    model = load.validate_doc(load_yaml(path), models.Catalog)
    for theirs in model.tiles:
        ours = frozen.Tile.from_json(theirs.model_dump(mode="json", by_alias=True))
        assert ours.to_json() == theirs.to_json() == theirs.model_dump(mode="json", by_alias=True)
        assert ours == theirs and theirs == ours and not ours != theirs  # a record's own tile v. the catalog's
        assert ours.to_json(exclude_none=True) == theirs.model_dump(mode="json", by_alias=True, exclude_none=True)
        assert (json.dumps(ours.to_json(), separators=(",", ":"), ensure_ascii=False)
                == theirs.model_dump_json(by_alias=True))


def test_frozen_objects_cannot_be_changed() -> None:
    tile = load.load_library().tiles[0]
    with pytest.raises(AttributeError):
        tile.name = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del tile.id  # type: ignore[misc]
    with pytest.raises(TypeError):
        frozen.CatalogSet(code="X", name="y", extra=1)
    assert frozen.CatalogSet(code="X", name="y") == frozen.CatalogSet(code="X", name="y")
    assert frozen.CatalogSet(code="X", name="y") != frozen.CatalogSet(code="X", name="z")
    other = models.Tile.model_validate({**tile.to_json(), "name": "Other name"})
    assert tile != other and other != tile


def test_frozen_objects_pickle_and_copy() -> None:
    """Worker processes (``--jobs``, Dask) receive tiles and decks pickled."""
    import copy
    import pickle

    library = load.load_library()
    tiles = [t for t in library.tiles if t.modifiers][:5] + list(library.tiles[:3])
    deck = load.load_deck(DECKS[0]).deck
    for thing in [*tiles, deck, load.load_catalog(load.builtin_catalog_paths()[0])]:
        for again in (pickle.loads(pickle.dumps(thing)), copy.deepcopy(thing), copy.copy(thing)):
            assert again == thing and type(again) is type(thing)
            assert again.to_json() == thing.to_json()


@pytest.mark.parametrize("command", [["deck", "validate", str(DECKS[0])], ["print", "deck", str(DECKS[0]), "-o", "{out}"]])
def test_a_warm_command_never_imports_pydantic(command: list[str], tmp_path: Path) -> None:
    """The whole point: on a warm cache, neither Typer's option coercion nor kcal's loading import it."""
    env = {**os.environ, "KCAL_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("KCAL_NO_CACHE", None)
    argv = [a.replace("{out}", str(tmp_path / "d.pdf")) for a in command]
    probe = ("import sys; sys.argv = ['kcal', *sys.argv[1:]]\n"
             "from kcal.cli.app import main\n"
             "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\nelse:\n    code = 0\n"
             "print('PYDANTIC' if any(m == 'pydantic' or m.startswith('pydantic.') for m in sys.modules) else 'CLEAN', code)")
    cold = subprocess.run([sys.executable, "-c", probe, *argv], env=env, capture_output=True, text=True, check=False)
    assert cold.stdout.split()[-2:] == ["PYDANTIC", "0"], cold.stderr  # the first run validates
    warm = subprocess.run([sys.executable, "-c", probe, *argv], env=env, capture_output=True, text=True, check=False)
    assert warm.stdout.split()[-2:] == ["CLEAN", "0"], warm.stderr
