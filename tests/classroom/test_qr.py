"""The join link's QR code: SVG and PNG bytes from segno, bad links refused."""

from __future__ import annotations

import struct
from xml.etree import ElementTree as ET

import pytest
import segno

from classroom.qr import qr_png, qr_svg
from engine.errors import InputError

LINK = "https://class.example.org/Class?join=ABC234"


def test_svg_is_a_well_formed_square_image():
    svg = ET.fromstring(qr_svg(LINK))
    assert svg.tag.endswith("svg")
    w, h = int(float(svg.get("width"))), int(float(svg.get("height")))
    side = segno.make(LINK, error="m", boost_error=True).symbol_size(scale=8, border=4)
    assert (w, h) == side and w == h


def test_png_has_the_png_signature_and_the_size_of_the_symbol():
    png = qr_png(LINK, scale=4)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    code = segno.make(LINK, error="m", boost_error=True)
    assert (width, height) == code.symbol_size(scale=4, border=4)
    assert code.error in ("M", "Q", "H") and not code.is_micro


def test_the_code_depends_on_the_link():
    assert qr_svg(LINK) == qr_svg(LINK)
    assert qr_svg(LINK) != qr_svg(LINK.replace("ABC234", "XYZ567"))


@pytest.mark.parametrize(
    "bad,why",
    [
        ("javascript:alert(1)", "http"),
        ("ABC234", "http"),
        ("https://x.org/" + "a" * 600, "at most"),
        ("https://x.org/a b", "spaces"),
    ],
)
def test_bad_links_are_refused(bad, why):
    with pytest.raises(InputError, match=why):
        qr_svg(bad)
