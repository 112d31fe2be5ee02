"""An action card's picture: its own ``icon:``, or else its kind's (docs/art.md)."""

from __future__ import annotations

from typing import Any

#: the picture of a card that names no icon, by kind (bonus, local or global disaster)
KIND_ICONS: dict[str, str] = {"bonus": "sunbeams", "local": "earth-crack", "global": "meteor-impact"}


def icon_of(card: Any) -> str:
    """The icon drawn for an action card (a ``CardEntry``, or anything with ``icon`` and ``kind``)."""
    return card.icon or KIND_ICONS[card.kind.value]
