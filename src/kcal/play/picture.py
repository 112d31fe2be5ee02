"""The picture of a seat's table, when its pack draws one: the pack's optional ``table`` hook
(:class:`kcal.core.hooks.TablePicture`), given the seat's view and legal moves only, as SVG
whose items carry their keys (``data-key``) for the page to make clickable. Every text is escaped by
:mod:`kcal.viewer.svg`. A pack without the function: None, and the page lists the moves in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

MARGIN = 8.0


def offers(pack: Any) -> bool:
    return bool(pack.has("table"))


def picture(pack: Any, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """``{"svg": text, "targets": {key: [legal index, ...]}}``, or None when the pack draws no table."""
    if not offers(pack):
        return None
    from kcal.viewer.scene import bounds
    from kcal.viewer.svg import FONT, attr, shapes

    items, targets = pack.hook("table").table_picture(view, legal)
    if not items:
        return None
    x0, y0, w, h = bounds(items, MARGIN)
    body = "".join(f'<g data-key={attr(i.key)} transform="translate({i.x:.1f},{i.y:.1f})">{shapes(i.shapes)}</g>'
                   for i in sorted(items, key=lambda i: i.layer))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}" '
           f'font-family={attr(FONT)} role="img" aria-label="your table">{body}</svg>')
    return {"svg": svg, "targets": {str(k): [int(i) for i in v] for k, v in targets.items()}}
