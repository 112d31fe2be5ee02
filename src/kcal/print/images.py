"""Tile art: contained paths, careful decoding, cropping to the art window, one embedding per image.

A catalog's ``art`` path must stay inside the catalog's folder (no ``..``, no absolute path, no
symlink out, no device or directory) and name a regular file of a bounded size. Images open with an
allowed-format list and a pixel cap checked *before* decoding; Pillow's decompression-bomb warnings
are errors; the whole image is decoded (``load()``) before use, so a truncated file fails here and
not inside ReportLab. Any failure becomes a :class:`ArtProblem`; the tile renderer then draws the
placeholder and the render reports a warning.

Processed images are cached per (file, window size, background), in the run and between runs (by
the file's bytes, see :class:`ArtCache`), and ReportLab stores an image once per distinct content, so a
tile printed five times embeds its art once.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import warnings
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any, NamedTuple

from kcal.core import text as core_text

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

ALLOWED_FORMATS = ("PNG", "JPEG", "WEBP")
MAX_PIXELS = 40_000_000  #: 40 Mpx: far above any sensible tile art, far below a bomb
MAX_FILE_BYTES = 50 * 1024 * 1024
DPI = 300


class ArtProblem(Exception):
    """Art that cannot be used; the message says why, for a warning."""


def resolve_art(folder: Path, art: str) -> Path:
    """The regular file ``art`` names inside ``folder``, or :class:`ArtProblem`."""
    if "\x00" in art:
        raise ArtProblem(f"art path {art!r} contains a NUL character")
    if PurePosixPath(art).is_absolute() or PureWindowsPath(art).is_absolute() or PureWindowsPath(art).drive:
        raise ArtProblem(f"art path {art!r} must be relative to the catalog's folder")
    if core_text.leaves_folder(art):
        raise ArtProblem(f"art path {art!r} leaves the catalog's folder")
    root = folder.resolve()
    try:
        target = (root / art).resolve(strict=True)
    except FileNotFoundError:
        raise ArtProblem(f"art file {art!r} not found next to the catalog") from None
    except RuntimeError:  # Python 3.11's word for a symlink loop (later versions raise ELOOP)
        raise ArtProblem(f"art path {art!r} is a loop of symbolic links") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ArtProblem(f"art path {art!r} is a loop of symbolic links") from None
        raise ArtProblem(f"art file {art!r} cannot be read: {exc.strerror or exc}") from None
    try:
        target.relative_to(root)
    except ValueError:
        raise ArtProblem(f"art path {art!r} leads outside the catalog's folder") from None
    try:
        st = target.stat()
    except OSError as exc:
        raise ArtProblem(f"art file {art!r} cannot be read: {exc.strerror}") from None
    if not stat.S_ISREG(st.st_mode):
        raise ArtProblem(f"art path {art!r} is not a regular file")
    if st.st_size == 0:
        raise ArtProblem(f"art file {art!r} is empty")
    if st.st_size > MAX_FILE_BYTES:
        raise ArtProblem(f"art file {art!r} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    if not os.access(target, os.R_OK):
        raise ArtProblem(f"art file {art!r} is not readable")
    return target


def open_image(path: Path, max_pixels: int = MAX_PIXELS) -> PILImage:
    """Open and fully decode an image, refusing odd formats, bombs and truncated files."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ArtProblem(f"{path.name}: image cannot be decoded: {exc}") from None
    return open_image_bytes(data, path.name, max_pixels)


def open_image_bytes(data: bytes, name: str, max_pixels: int = MAX_PIXELS) -> PILImage:
    """:func:`open_image` of a file's bytes; ``name`` is the file's name, for messages."""
    import io

    from PIL import Image, UnidentifiedImageError

    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            im = Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS)
            w, h = im.size
            if w <= 0 or h <= 0:
                raise ArtProblem(f"{name}: image has no pixels")
            if w * h > max_pixels:
                raise ArtProblem(f"{name}: image is {w}x{h} = {w * h / 1e6:.0f} Mpx, more than "
                                 f"the {max_pixels / 1e6:.0f} Mpx allowed (decompression bomb?)")
            im.load()
        except ArtProblem:
            raise
        except UnidentifiedImageError:
            raise ArtProblem(f"{name}: not an image in an allowed format "
                             f"({', '.join(ALLOWED_FORMATS)})") from None
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise ArtProblem(f"{name}: image has more pixels than the {max_pixels / 1e6:.0f} Mpx allowed "
                             f"(decompression bomb?)") from None
        except (OSError, SyntaxError, ValueError, EOFError, MemoryError, Warning) as exc:
            # Pillow's count of the bytes it had left depends on how far its reader got: not the user's concern
            reason = re.sub(r" \(\d+ bytes not processed\)", "", str(exc))
            raise ArtProblem(f"{name}: image cannot be decoded: {reason}") from None
    return im


class ArtKey(NamedTuple):
    path: str
    mtime_ns: int
    w_px: int
    h_px: int
    background: str


class ArtCache:
    """Processed art by (file, size in pixels, background); failures remembered too.

    Between runs, the processed pixels are kept in kcal's cache (:mod:`kcal.core.parsecache`), keyed
    by the source file's bytes, the size, the background and Pillow's version: a warm run neither
    decodes nor resamples the image (nor imports Pillow) and embeds exactly the same pixels.
    """

    def __init__(self) -> None:
        self._done: dict[ArtKey, object] = {}
        self._failed: dict[str, str] = {}

    def reader(self, folder: Path, art: str, w_pt: float, h_pt: float, background: str,
               dpi: int = DPI) -> Any:
        """An ImageReader of the art cropped to ``w_pt`` x ``h_pt`` at ``dpi``; or ArtProblem."""
        fail_key = f"{folder}\x00{art}"
        if fail_key in self._failed:
            raise ArtProblem(self._failed[fail_key])
        try:
            path = resolve_art(folder, art)
            w_px = max(1, round(w_pt / 72 * dpi))
            h_px = max(1, round(h_pt / 72 * dpi))
            try:
                mtime_ns = path.stat().st_mtime_ns
            except OSError as exc:  # gone or replaced since it was resolved
                raise ArtProblem(f"art file {art!r} cannot be read: {exc.strerror or exc}") from None
            key = ArtKey(str(path), mtime_ns, w_px, h_px, background)
            if key in self._done:
                return self._done[key]
            reader = _processed(path, w_px, h_px, background)
        except ArtProblem as exc:
            self._failed[fail_key] = str(exc)
            raise
        self._done[key] = reader
        return reader


_MAGIC = b"kcal-art-rgb\n"


def _salt(w_px: int, h_px: int, background: str) -> bytes:
    from PIL import _version  # the package's version only: Pillow itself is not imported

    return f"{w_px}x{h_px}|{background}|{DPI}|pillow {_version.__version__}".encode()


def _processed(path: Path, w_px: int, h_px: int, background: str) -> Any:
    """A reader of the art's processed RGB pixels: from the cache, or decoded, cropped and stored."""
    import zlib

    from kcal.core.parsecache import get_bytes, put_bytes

    try:
        source = path.read_bytes()
    except OSError as exc:
        raise ArtProblem(f"art file {path.name!r} cannot be read: {exc.strerror}") from None
    salt = _salt(w_px, h_px, background)
    stored = get_bytes("art", source, salt)
    if stored and stored.startswith(_MAGIC):
        try:
            raw = zlib.decompress(stored[len(_MAGIC):])
        except zlib.error:
            raw = b""
        if len(raw) == w_px * h_px * 3:
            return _pixels_reader(w_px, h_px, raw, path.name)
    im = _process(open_image_bytes(source, path.name), w_px, h_px, background)
    raw = im.tobytes()
    put_bytes("art", source, _MAGIC + zlib.compress(raw), salt)
    return _pixels_reader(w_px, h_px, raw, path.name)


def _pixels_reader(w: int, h: int, raw: bytes, name: str) -> Any:
    """A ReportLab ImageReader over raw RGB pixels (what ReportLab reads from an RGB Pillow image)."""
    return _pixels_class()(w, h, raw, name)


_PIXELS_CLASS: list = []


def _pixels_class() -> Any:
    if not _PIXELS_CLASS:
        from reportlab.lib.utils import ImageReader

        class PixelsReader(ImageReader):
            def __init__(self, w: int, h: int, raw: bytes, name: str) -> None:  # no Pillow image behind it
                self._ident = None
                self.fileName = name
                self.fp = None
                self._image = None
                self._width, self._height = w, h
                self._transparent = None
                self._data = raw
                self._dataA = None
                self.mode = "RGB"

            def getTransparent(self) -> None:  # ReportLab's name
                return None

        _PIXELS_CLASS.append(PixelsReader)
    return _PIXELS_CLASS[0]


def _process(im: PILImage, w_px: int, h_px: int, background: str) -> PILImage:
    """The image composed on ``background``, in RGB, cropped and resampled to ``w_px`` x ``h_px``."""
    from PIL import Image, ImageOps

    from kcal.print.colours import rgb

    try:
        if im.mode in ("RGBA", "LA", "P", "PA") or "transparency" in im.info:
            im = im.convert("RGBA")
            bg = Image.new("RGBA", im.size, tuple(round(v * 255) for v in rgb(background)) + (255,))
            im = Image.alpha_composite(bg, im)
        im = im.convert("RGB")
        return ImageOps.fit(im, (w_px, h_px), method=Image.Resampling.LANCZOS, centering=(0.5, 0.5))
    except (OSError, ValueError, MemoryError) as exc:
        raise ArtProblem(f"image cannot be processed: {exc}") from None
