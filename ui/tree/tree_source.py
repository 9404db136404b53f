"""Where a tree lab's tree comes from: complete-tree setups (typed leaves, presets, random
recipes), their share-link encodings, and the short "source" string that names a tree in the
caches of ui.tree.tree_lab.

Everything here but :func:`tree_of` is pure (no Streamlit) and tested directly.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass

import streamlit as st

from engine.alphabeta import parse_leaves
from engine.errors import InputError
from engine.random_tree import MAX_RANDOM_LEAVES, random_leaves
from engine.tree import GameTree, complete_depth, complete_tree
from engine.tree_text import format_brackets, parse_brackets

LINK_LIMIT = 6000  # characters of a tree in a share link at most
UNPACK_LIMIT = 2_000_000  # characters a packed link may unpack to (a zip bomb stops here)
MAX_TYPED_LEAVES = MAX_RANDOM_LEAVES  # a typed tree may be as wide as a random one
RANDOM_VALUES = 10**6  # the lowest/highest value of a random recipe in a link, at most in size
_ZIP = "z"  # prefix of a compressed tree in a link


# ---- share links of any tree ----------------------------------------------------------------
def encode_tree(tree: GameTree) -> str:
    """A tree for a share link: bracket notation, compressed when that is shorter."""
    text = format_brackets(tree)
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")
    return _ZIP + packed if len(packed) + 1 < len(text) else text


def decode_tree(s: str) -> GameTree:
    """Inverse of :func:`encode_tree`; InputError for anything that is not a tree."""
    s = s.strip()
    if s.startswith(_ZIP):
        try:
            raw = base64.urlsafe_b64decode(s[1:] + "=" * (-len(s[1:]) % 4))
            unzip = zlib.decompressobj()
            out = unzip.decompress(raw, UNPACK_LIMIT)
            s = out.decode()
        except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as e:
            raise InputError(f"the packed tree is damaged ({e})") from None
        if unzip.unconsumed_tail:
            raise InputError(f"the packed tree unpacks to more than {UNPACK_LIMIT:,} characters")
        if not unzip.eof:
            raise InputError("the packed tree is cut short (was the link copied whole?)")
    return parse_brackets(s)


def decode_step(raw: str) -> int:
    """A step number from a link; InputError unless it is a plain whole number >= 0."""
    raw = raw.strip()
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        raise InputError(f"step {raw[:20]!r} is not a whole number from 0 to 999,999,999")
    return int(raw)


# ---- complete trees (the alpha-beta page) ---------------------------------------------------
@dataclass(frozen=True)
class Complete:
    """A complete tree's setup: leaves + branching, and the random recipe when generated."""

    leaves: tuple[int, ...]
    branching: int
    recipe: tuple[int, int, int, int, int] | None = None  # branching, depth, low, high, seed

    def encode(self) -> str:
        if self.recipe is not None:
            return "r:" + ",".join(map(str, self.recipe))
        return f"b{self.branching}:" + ",".join(map(str, self.leaves))

    @property
    def text(self) -> str:
        return ", ".join(map(str, self.leaves))


def complete_from(leaves_text: str, branching: int) -> Complete:
    """Leaves typed by a person + branching; InputError with the parser's message."""
    leaves = parse_leaves(leaves_text)
    if len(leaves) > MAX_TYPED_LEAVES:
        raise InputError(
            f"{len(leaves):,} leaves is too many: this page draws at most {MAX_TYPED_LEAVES:,}"
        )
    complete_depth(len(leaves), int(branching))
    return Complete(tuple(leaves), int(branching))


def random_complete(branching: int, depth: int, low: int, high: int, seed: int) -> Complete:
    leaves = random_leaves(branching, depth, low, high, seed)
    return Complete(tuple(leaves), branching, (branching, depth, low, high, seed))


def decode_complete(s: str) -> Complete:
    """Inverse of :meth:`Complete.encode`; InputError for a malformed setup."""
    s = s.strip()
    head, sep, body = s.partition(":")
    if not sep:
        raise InputError(f"expected 'b3:leaves' or 'r:b,d,lo,hi,seed', got {s[:40]!r}")
    if head == "r":
        parts = body.split(",")
        if len(parts) != 5 or not all(p.strip().lstrip("-").isdigit() for p in parts):
            raise InputError("a random tree needs five integers: branching, depth, low, high, seed")
        if any(len(p.strip().lstrip("-")) > 9 for p in parts):
            raise InputError("a random tree's numbers must have at most 9 digits")
        b, d, lo, hi, seed = (int(p) for p in parts)
        if max(abs(lo), abs(hi)) > RANDOM_VALUES:
            raise InputError(
                f"random values must be between -{RANDOM_VALUES:,} and {RANDOM_VALUES:,}"
            )
        if b > 10 or d > 10:
            raise InputError(f"branching {b} or depth {d} is too big for this page")
        return random_complete(b, d, lo, hi, seed)
    if head.startswith("b") and head[1:].isdigit():
        return complete_from(body, int(head[1:]))
    raise InputError(f"unknown tree kind {head!r}")


# ---- sources: the cache key of a tree --------------------------------------------------------
# A tree is named by a short "source" string, the cache key of everything below:
# "c|" + Complete.encode() for a complete tree, "t|" + bracket text for any other tree.


def source_of_complete(setup: Complete) -> str:
    return "c|" + setup.encode()


def source_of_tree(tree: GameTree) -> str:
    return "t|" + format_brackets(tree)


@st.cache_resource(max_entries=16, show_spinner=False)
def tree_of(source: str) -> GameTree:
    """The tree a source string names (built once per process)."""
    kind, _, body = source.partition("|")
    if kind == "c":
        setup = decode_complete(body)
        return complete_tree(setup.leaves, setup.branching)
    return parse_brackets(body)
