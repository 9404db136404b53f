"""Where a tree lab's tree comes from: complete-tree setups (typed leaves, presets, random
recipes), their share-link encodings, and the short "source" string that names a tree in the
caches of ui.tree.tree_lab (whose ``tree_of`` builds the tree a source names).

Pure (no Streamlit, here or in what it imports; tests/test_layers.py checks) and tested
directly.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass

from engine.alphabeta import parse_leaves
from engine.errors import InputError
from engine.random_tree import random_leaves
from engine.tree import GameTree, complete_depth
from engine.tree_text import format_brackets, parse_brackets
from teach.i18n import N_
from teach.tree_edit import MAX_NODES, MAX_TEXT
from ui.common.link_codec import ascii_int, quoted

LINK_LIMIT = 6000  # characters of a tree the app writes into a share link at most
UNPACK_LIMIT = MAX_TEXT  # characters a packed link may unpack to (a zip bomb stops here)
# Leaves of a complete tree on the alpha-beta page, typed, random or from a link: the largest
# preset. A lab of 10,000 leaves holds about 30 MB; 100,000 held 280 MB (docs/operators.md,
# "Server memory").
MAX_LAB_LEAVES = 10_000
# The random recipe's controls (and so what a link's recipe may ask for): name -> (lo, hi).
RANDOM_RANGES = {
    "branching": (2, 10),
    "depth": (1, 8),
    "lowest value": (-1000, 1000),
    "highest value": (-1000, 1000),
    "seed": (0, 10**6),
}
RANDOM_NAMES = {  # each as a link's warning names it (ui.common.link_codec)
    "branching": N_("the random tree's branching"),
    "depth": N_("the random tree's depth"),
    "lowest value": N_("the random tree's lowest value"),
    "highest value": N_("the random tree's highest value"),
    "seed": N_("the random tree's seed"),
}
MAX_STEP = 999_999_999  # a step number in a link (the player clamps it to the run)
_ZIP = "z"  # prefix of a compressed tree in a link
_PACK_FROM = 400  # characters of a complete tree's leaves from which its link is packed


def _pack(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def _unpack(s: str) -> str:
    """Inverse of :func:`_pack`, refusing damage and anything that unpacks past UNPACK_LIMIT."""
    try:
        raw = base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))
        unzip = zlib.decompressobj()
        out = unzip.decompress(raw, UNPACK_LIMIT)
        text = out.decode()
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise InputError("the packed tree is damaged (was the link copied whole?)") from None
    if unzip.unconsumed_tail:
        raise InputError(
            "the packed tree unpacks to more than {most:,} characters", most=UNPACK_LIMIT
        )
    if not unzip.eof:
        raise InputError("the packed tree is cut short (was the link copied whole?)")
    return text


# ---- share links of any tree ----------------------------------------------------------------
def encode_tree(tree: GameTree) -> str:
    """A tree for a share link: bracket notation, compressed when that is shorter."""
    text = format_brackets(tree)
    packed = _pack(text)
    return _ZIP + packed if len(packed) + 1 < len(text) else text


def decode_tree(s: str) -> GameTree:
    """Inverse of :func:`encode_tree`; InputError for anything that is not a tree."""
    s = s.strip()
    if s.startswith(_ZIP):
        s = _unpack(s[1:])
    if s.count("(") + s.count(",") + s.count(" ") > 3 * MAX_NODES:
        raise InputError("too many nodes: the editor keeps {most:,}", most=MAX_NODES)
    tree = parse_brackets(s)
    if len(tree) > MAX_NODES:
        raise InputError(
            "{n:,} nodes is too many: the editor keeps {most:,}", n=len(tree), most=MAX_NODES
        )
    return tree


def decode_step(raw: str) -> int:
    """A step number from a link; InputError unless it is a plain whole number >= 0."""
    return ascii_int(raw, N_("step"), 0, MAX_STEP)


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
        text = ",".join(map(str, self.leaves))
        if len(text) >= _PACK_FROM:  # a long list goes into a compressed token
            return f"zb{self.branching}:" + _pack(text)
        return f"b{self.branching}:" + text

    @property
    def text(self) -> str:
        return ", ".join(map(str, self.leaves))


def complete_from(leaves_text: str, branching: int) -> Complete:
    """Leaves typed by a person + branching; InputError with the parser's message."""
    n = len(str(leaves_text).replace(",", " ").split())  # counted before parsing: cheap
    if n > MAX_LAB_LEAVES:
        raise InputError(
            "{n:,} leaves is too many: this page draws at most {most:,}", n=n, most=MAX_LAB_LEAVES
        )
    leaves = parse_leaves(leaves_text)
    complete_depth(len(leaves), int(branching))
    return Complete(tuple(leaves), int(branching))


def random_complete(branching: int, depth: int, low: int, high: int, seed: int) -> Complete:
    """A random complete tree; InputError (before drawing anything) past MAX_LAB_LEAVES."""
    if 2 <= branching and 1 <= depth <= 64 and branching**depth > MAX_LAB_LEAVES:
        raise InputError(
            "{branching}^{depth} = {n:,} leaves is more than this page draws ({most:,})",
            branching=branching,
            depth=depth,
            n=branching**depth,
            most=MAX_LAB_LEAVES,
        )
    leaves = random_leaves(branching, depth, low, high, seed)
    return Complete(tuple(leaves), branching, (branching, depth, low, high, seed))


def decode_complete(s: str) -> Complete:
    """Inverse of :meth:`Complete.encode`; InputError for a malformed setup."""
    s = s.strip()
    head, sep, body = s.partition(":")
    if not sep:
        raise InputError("expected 'b3:leaves' or 'r:b,d,lo,hi,seed', got {got}", got=quoted(s))
    if head == "r":
        parts = body.split(",")
        if len(parts) != 5:
            raise InputError("a random tree needs five integers: branching, depth, low, high, seed")
        b, d, lo, hi, seed = (
            ascii_int(p, RANDOM_NAMES[name], *RANDOM_RANGES[name])
            for p, name in zip(parts, RANDOM_RANGES, strict=True)
        )
        return random_complete(b, d, lo, hi, seed)
    packed = head.startswith(_ZIP)
    head = head[1:] if packed else head
    if head.startswith("b"):
        b = ascii_int(head[1:], N_("the branching"), 2, 10)
        return complete_from(_unpack(body) if packed else body, b)
    raise InputError("unknown tree kind {kind}", kind=quoted(head))


# ---- sources: the cache key of a tree --------------------------------------------------------
# A tree is named by a short "source" string, the cache key of ui.tree.tree_lab's runs:
# "c|" + Complete.encode() for a complete tree, "t|" + bracket text for any other tree.


def source_of_complete(setup: Complete) -> str:
    return "c|" + setup.encode()


def source_of_tree(tree: GameTree) -> str:
    return "t|" + format_brackets(tree)
