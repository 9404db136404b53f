"""The QR code of a class's join link, drawn by segno (pure Python, no image library).

Error correction M (15 % of the code may be hidden or glare on a projector) unless segno can
raise it for free; a 4-module quiet zone as the standard asks. SVG for the page (sharp at any
projector size), PNG for a download or a printout.
"""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import segno

from engine.errors import InputError

MAX_LINK = 500  # characters: a join link is short; a longer text is not one


def _code(link: str) -> segno.QRCode:
    link = str(link).strip()
    parts = urlsplit(link)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise InputError(f"a join link starts with http:// or https://, not {link[:40]!r}")
    if len(link) > MAX_LINK:
        raise InputError(f"a join link has at most {MAX_LINK} characters, not {len(link):,}")
    if any(ch.isspace() or ord(ch) < 32 for ch in link):
        raise InputError("a join link has no spaces or control characters")
    return segno.make(link, error="m", boost_error=True, micro=False)


def qr_svg(link: str, scale: int = 8) -> bytes:
    """The QR code of ``link`` as a standalone SVG document (dark on white)."""
    buf = io.BytesIO()
    _code(link).save(buf, kind="svg", scale=scale, border=4, dark="#000", light="#fff")
    return buf.getvalue()


def qr_png(link: str, scale: int = 8) -> bytes:
    """The QR code of ``link`` as a PNG image."""
    buf = io.BytesIO()
    _code(link).save(buf, kind="png", scale=scale, border=4)
    return buf.getvalue()
