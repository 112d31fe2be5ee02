"""Print-shop presets for ``kcal export png --shop NAME`` (issue 34, item 2): each shop's poker card at its
exact pixel size, bleed and safe area, in the colour mode it takes.

kcal draws in RGB. Two shops take RGB pictures as they are (PNG). DriveThruCards asks for CMYK (and for no
PNG, which cannot hold CMYK): for it the pictures are converted with Pillow's ImageCms (LittleCMS) to a
CMYK ICC profile and written as TIFF with the profile embedded. kcal ships no CMYK profile (the free ones
are licensed for their own programs); it uses the one given with ``--cmyk-profile`` (the shop's or the
press's, best), else Ghostscript's default CMYK profile where Debian's ``libgs-common`` installed it.

The numbers and where they come from are in docs/printing.md ("Print-shop presets"). The module never
names a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.core.errors import UsageError

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

INCH_MM = 25.4
#: where Debian's libgs-common puts Ghostscript's default CMYK profile (a US web-coated SWOP profile)
SYSTEM_CMYK_PROFILES = (Path("/usr/share/color/icc/ghostscript/default_cmyk.icc"),)


@dataclass(frozen=True)
class Shop:
    """A shop's poker card: the cut size and bleed in inches, the resolution, the safe inset from the cut
    line, the pixels of a picture and its colour mode."""

    id: str
    name: str
    width_in: float
    height_in: float
    bleed_in: float
    safe_in: float  #: keep text this far inside the cut line
    dpi: int
    colour: str  #: "RGB" or "CMYK"

    @property
    def card_size(self) -> str:
        """The card size as ``--size`` takes it (WxH in millimetres)."""
        return f"{self.width_in * INCH_MM:.2f}x{self.height_in * INCH_MM:.2f}"

    @property
    def bleed_mm(self) -> float:
        return self.bleed_in * INCH_MM

    @property
    def pixels(self) -> tuple[int, int]:
        return (round((self.width_in + 2 * self.bleed_in) * self.dpi),
                round((self.height_in + 2 * self.bleed_in) * self.dpi))

    @property
    def safe_box(self) -> tuple[int, int, int, int]:
        """The safe area in the picture's pixels: left, top, right, bottom."""
        w, h = self.pixels
        inset = round((self.bleed_in + self.safe_in) * self.dpi)
        return (inset, inset, w - inset, h - inset)

    @property
    def suffix(self) -> str:
        return ".tif" if self.colour == "CMYK" else ".png"

    def to_json(self) -> dict[str, Any]:
        return {"shop": self.id, "name": self.name, "pixels": list(self.pixels), "dpi": self.dpi,
                "bleed_px": round(self.bleed_in * self.dpi), "safe_box": list(self.safe_box),
                "colour": self.colour, "format": self.suffix.lstrip(".")}


SHOPS: dict[str, Shop] = {s.id: s for s in (
    # DriveThruCards: 2.5 x 3.5 in poker, 1/8 in bleed, nothing important within 1/8 in of the cut, 300 dpi,
    # CMYK (and no PNG)
    Shop("drivethrucards", "DriveThruCards", 2.5, 3.5, 0.125, 0.125, 300, "CMYK"),
    # MakePlayingCards: poker 2.5 x 3.5 in at 300 dpi as an 822 x 1122 picture (0.12 in bleed), RGB
    Shop("makeplayingcards", "MakePlayingCards", 2.5, 3.5, 0.12, 0.125, 300, "RGB"),
    # The Game Crafter: poker deck 2.5 x 3.5 in, 0.125 in bleed, safe zone 2.25 x 3.25 in, 300 dpi, PNG
    Shop("thegamecrafter", "The Game Crafter", 2.5, 3.5, 0.125, 0.125, 300, "RGB"),
)}


def get_shop(name: str) -> Shop:
    from kcal.core.suggest import did_you_mean

    shop = SHOPS.get(str(name).strip().casefold().replace(" ", "").replace("-", ""))
    if shop is None:
        raise UsageError(f"--shop {name!r}: unknown shop{did_you_mean(str(name), list(SHOPS))}; choose "
                         f"{', '.join(SHOPS)}")
    return shop


def cmyk_profile(path: Path | None) -> Path:
    """The CMYK ICC profile to convert with: ``path``, else the system's (Debian's libgs-common)."""
    if path is not None:
        if not path.is_file():
            raise UsageError(f"--cmyk-profile {path}: no such file")
        return path
    for p in SYSTEM_CMYK_PROFILES:
        if p.is_file():
            return p
    raise UsageError("this shop takes CMYK pictures and kcal draws in RGB: give --cmyk-profile FILE.icc (your "
                     "shop's or printer's CMYK profile), or install Debian's libgs-common, whose "
                     f"{SYSTEM_CMYK_PROFILES[0]} kcal then uses")


class CmykConverter:
    """RGB pictures to CMYK with one ICC transform (sRGB to the profile, perceptual intent)."""

    def __init__(self, profile: Path) -> None:
        from PIL import ImageCms

        try:
            out = ImageCms.getOpenProfile(str(profile))
        except (OSError, ImageCms.PyCMSError) as exc:
            raise UsageError(f"--cmyk-profile {profile}: not an ICC profile ({exc})") from None
        if out.profile.xcolor_space.strip() != "CMYK":
            raise UsageError(f"--cmyk-profile {profile}: a {out.profile.xcolor_space.strip()} profile, "
                             "not a CMYK one")
        self.profile = profile
        self.icc = profile.read_bytes()
        self.description = ImageCms.getProfileDescription(out).strip()
        self._transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), out, "RGB", "CMYK",
                                                  renderingIntent=ImageCms.Intent.PERCEPTUAL)

    def tiff(self, im: PILImage, dpi: int) -> bytes:
        import io

        from PIL import ImageCms

        cmyk = ImageCms.applyTransform(im.convert("RGB"), self._transform)
        assert cmyk is not None
        buf = io.BytesIO()
        cmyk.save(buf, format="TIFF", dpi=(dpi, dpi), compression="tiff_lzw", icc_profile=self.icc)
        return buf.getvalue()
