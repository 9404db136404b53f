"""The link's autoplay speed (``?play=``): share.nearest_of reads it against the canvas's
speed box, the same choices as the canvas core (core.js) offers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.errors import InputError
from ui.common.canvas import SPEEDS
from ui.common.link_codec import Fallback, decode_param, nearest_of

ASSETS = Path(__file__).resolve().parents[2] / "game_tree_lab" / "tree_canvas"  # the sources

SPEED = nearest_of(SPEEDS, "the speed")


def test_the_speeds_are_the_speed_box_choices():
    js = (ASSETS / "core.js").read_text(encoding="utf-8")
    (listed,) = re.findall(r"const SPEEDS = \[([^\]]*)\]", js)
    assert tuple(int(s) for s in listed.split(",")) == SPEEDS


@pytest.mark.parametrize("raw", [str(s) for s in SPEEDS])
def test_an_offered_speed_reads_back(raw):
    assert SPEED(raw) == int(raw)


@pytest.mark.parametrize("raw, nearest", [("5", 4), ("3", 2), ("0", 1), ("31", 30), ("999", 30)])
def test_a_speed_not_offered_gives_the_nearest(raw, nearest):
    with pytest.raises(Fallback) as e:
        SPEED(raw)
    assert e.value.nearest == nearest
    assert "not one of 1, 2, 4, 8, 15, 30" in str(e.value)


@pytest.mark.parametrize(
    "raw",
    ["", "fast", "-4", "4.0", "1e3", "0x8", "٤", "８", "²", "𝟜", "9" * 40, str(10**19), "<b>4</b>"],
)
def test_garbage_unicode_and_huge_speeds_are_refused(raw):
    with pytest.raises(InputError) as e:
        SPEED(raw)
    assert not isinstance(e.value, Fallback)
    assert "whole number" in str(e.value)


def test_a_megabyte_speed_is_refused_before_decoding():
    value, problem = decode_param("4" * 600_000, SPEED, "autoplay speed")
    assert value is None and "characters long" in problem
