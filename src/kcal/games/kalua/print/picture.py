"""A card's picture: its own ``icon:``, or else its kind's; a help card's, or else :data:`HELP_ICON`
(docs/art.md)."""

from __future__ import annotations

from typing import Any

#: the picture of a card that names no icon, by kind (bonus, local or global disaster)
KIND_ICONS: dict[str, str] = {"bonus": "sunbeams", "local": "earth-crack", "global": "meteor-impact"}


def icon_of(card: Any) -> str:
    """The icon drawn for an action card (a ``CardEntry``, or anything with ``icon`` and ``kind``)."""
    return card.icon or KIND_ICONS[card.kind.value]


#: the picture of a player help card that names no icon
HELP_ICON = "prayer"


def help_icon_of(help_card: Any) -> str:
    """The icon drawn for a player help card (a ``HelpCard``)."""
    return help_card.icon or HELP_ICON
