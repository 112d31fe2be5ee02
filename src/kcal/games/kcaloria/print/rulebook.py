"""kCaloria's rulebook sheets: the templates' data (colours, biomes, modifiers) and their icons.

The sandbox, the template limits, the line markup and the page layout are shared by every pack
(:mod:`kcal.print.rulebook`); this module adds kCaloria's directives, which put an icon beside the
next paragraph: ``@cube COLOUR N``, ``@biome CODE``, ``@modifier NAME``.

Sections come from the schema (24 biomes, 37 modifiers...), so a new modifier appears in the
rulebook without editing a template. ``--templates DIR`` replaces any of the built-in templates.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.games.kcaloria.print import icons, palette
from kcal.games.kcaloria.print.tiles import BRAND
from kcal.games.kcaloria.rules.domain import (
    BIOMES,
    COLOR_POINTS,
    CUBE_SUPPLY,
    DECK_SIZE,
    DICE_PER_DECK,
    HAND_SIZE,
    TYPE_COLOR,
    Biome,
    Color,
)
from kcal.games.kcaloria.rules.modifiers import MODIFIER_NAMES, MODIFIERS
from kcal.print import rulebook
from kcal.print.layout import mm
from kcal.print.report import Report
from kcal.print.rulebook import ALLOWED_TAGS, TemplateProblem
from kcal.print.sheets import SheetOptions

TEMPLATE_DIR = Path(__file__).resolve().parent.parent / "templates"
SECTIONS = ("setup", "turn", "placement", "collapse", "winning", "solo", "biomes", "modifiers")
MAX_OUTPUT_CHARS = 500_000  #: per template
MAX_SECONDS = 5.0  #: per template (tests lower it)

__all__ = ["TEMPLATE_DIR", "SECTIONS", "MAX_OUTPUT_CHARS", "MAX_SECONDS", "ALLOWED_TAGS", "TemplateProblem",
           "template_data", "render_template", "parse_markup", "build_rulebook"]


def template_data() -> dict:
    """Everything templates may use: plain data built from the schema."""
    from kcal.games.kcaloria.print.palette import BIOME_GROUP

    return {
        "components": {"deck_size": DECK_SIZE, "hand_size": HAND_SIZE, "dice": DICE_PER_DECK, "max_copies": 5},
        "colors": [{"name": c.value, "points": COLOR_POINTS[c], "supply": CUBE_SUPPLY[c],
                    "producers": [t.value for t, col in TYPE_COLOR.items() if col is c]} for c in Color],
        "biomes": [{"number": BIOMES[b].number, "code": b.value, "name": BIOMES[b].name,
                    "group": BIOME_GROUP[b]} for b in Biome],
        "modifiers": [{"name": n, "title": MODIFIERS[n].title, "code": icons.MODIFIER_CODES[n],
                       "shape": MODIFIERS[n].shape.value, "summary": MODIFIERS[n].summary,
                       "rule": MODIFIERS[n].rule, "params": list(MODIFIERS[n].params)} for n in MODIFIER_NAMES],
    }


def render_template(name: str, user_dir: Path | None = None, data: dict | None = None) -> tuple[str, str]:
    """Render one section's template to markup text; return (display name, text)."""
    return rulebook.render_template(name, TEMPLATE_DIR, user_dir, data if data is not None else template_data(),
                                    _limits())


def _limits() -> rulebook.Limits:
    return rulebook.Limits(output_chars=MAX_OUTPUT_CHARS, seconds=MAX_SECONDS)


# --- markup -> blocks ----------------------------------------------------------------------------


def parse_markup(text: str, display: str, report: Report) -> list[rulebook.Block]:
    """Blocks (kind, markup, icon) with inline tags checked; kind is h1, h2, li, p (or table)."""
    return rulebook.parse_markup(text, display, report, _icon_directive)


def _icon_directive(line: str, display: str, n: int) -> tuple:
    parts = line[1:].split()
    try:
        kind = parts[0]
        if kind == "cube" and len(parts) == 3:
            return ("cube", Color(parts[1]), int(parts[2]))
        if kind == "biome" and len(parts) == 2:
            return ("biome", Biome(parts[1]))
        if kind == "modifier" and len(parts) == 2 and parts[1] in MODIFIERS:
            return ("modifier", parts[1])
    except (ValueError, IndexError):
        pass
    raise KcalError(f"unknown directive {line!r} (use @cube COLOUR N, @biome CODE, @modifier NAME)",
                    file=display, line=n)


# --- flowables ----------------------------------------------------------------------------------


RULEBOOK_CUBE = mm(9.0)  #: height of a cube icon on the rule sheets


def _icon(spec: tuple) -> Any:
    from reportlab.platypus import Flowable

    class Icon(Flowable):
        def __init__(self, spec: tuple) -> None:
            super().__init__()
            self.spec = spec
            # a cube is drawn at 9 mm so that two-digit amounts (20 cubes, 18 ...) read at 8 pt and more
            self.w = mm(14) if spec[0] == "biome" else mm(10) if spec[0] == "cube" else mm(8)
            self.h = mm(9.5) if spec[0] == "cube" else mm(7)

        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            return self.w, self.h

        def draw(self) -> None:
            kind = self.spec[0]
            if kind == "cube":
                icons.cube(self.canv, self.w / 2, self.h / 2, RULEBOOK_CUBE, self.spec[1], self.spec[2])
            elif kind == "biome":
                icons.biome_badge(self.canv, self.w / 2, self.h / 2, mm(13), mm(5), self.spec[1])
            else:
                icons.modifier_icon(self.canv, self.w / 2, self.h / 2, mm(6.5), self.spec[1])

    return Icon(spec)


def build_rulebook(out_path: str, opts: SheetOptions, report: Report, user_dir: Path | None, invariant: bool,
                   title: str) -> int:
    """Render every section into ``out_path`` (a temp file); return the page count."""
    blocks = rulebook.render_sections(SECTIONS, TEMPLATE_DIR, user_dir, template_data(), report, _icon_directive,
                                      _limits())
    return rulebook.build_rulebook(out_path, opts.paper_size, blocks, invariant=invariant, title=title,
                                   running_title=f"{BRAND} rules", accent=palette.BACK, icon=_icon)
