"""The engine's refusals and the chase's move names in the page's language (issue 24).

The engine keeps its English (``str(err)``, the judge CLI); a page words the same error from
its template and values (teach/engine_words.py). The templates are found here by reading the
engine's source with ``ast`` (not with babel, which `make messages` uses), so a raise site
that builds its message another way, or a template missing from a catalogue, fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.alphabeta import parse_leaves
from engine.errors import InputError, SearchError
from engine.games import chase, pawn
from engine.mcts import mcts_tree
from engine.random_tree import random_leaves
from engine.search import search_game
from engine.tree_text import parse_brackets, parse_ural
from teach import i18n
from teach.engine_words import chase_move, reason

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "game_tree_lab" / "locales"
ERRORS = {"InputError", "SearchError", "SearchTooLarge"}
CLI_ONLY = {"judge.py", "__main__.py"}  # the judge CLI's own messages stay English


def _raise_sites() -> list[tuple[str, int, ast.expr]]:
    """(file, line, first argument) of every construction of an engine error in engine/,
    the judge CLI's modules aside."""
    out = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        if path.name in CLI_ONLY:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ERRORS
                and node.args
            ):
                out.append((str(path.relative_to(ROOT)), node.lineno, node.args[0]))
    return out


def _catalogue(lang: str):
    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def test_every_engine_error_is_a_literal_template_in_every_catalogue():
    sites = _raise_sites()
    assert len(sites) > 100, "the walk found too few raise sites: is ERRORS right?"
    templates = set()
    for path, line, arg in sites:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            templates.add(arg.value)
        elif not (isinstance(arg, ast.Attribute) and arg.attr == "template"):
            # a message built at the raise site (an f-string, a join) cannot be translated
            pytest.fail(f"{path}:{line}: the message is not a literal template")
    for lang in i18n.TRANSLATED:
        cat = _catalogue(lang)
        for t in templates:
            msg = cat.get(t)
            assert msg is not None and msg.string, (lang, t)


# A sample of refusals a page shows: (what makes it, its English text, written out by hand).
SAMPLES = {
    "bad tree text": (
        lambda: parse_brackets("((1 2) (3"),
        "line 1: column 8: '(' is never closed",
    ),
    "bad probability in a tree": (
        lambda: parse_brackets("(?(0.5:1 2:3) 4)"),
        "line 1: column 10: probability 2 is not in (0, 1]",
    ),
    "bad URAL line": (
        lambda: parse_ural("3\nN 1\nL 9 5\n"),
        "line 3: 'L 9 5': node 3: parent '9' is not a node number 1..3",
    ),
    "bad leaves line": (
        lambda: parse_leaves("3, 12,, 8"),
        "leaf 3: empty (two commas in a row?)",
    ),
    "too big a tree": (
        lambda: search_game(
            pawn.PawnGame(), pawn.from_code("4x4w:pppp/..../..../PPPP"), None, max_nodes=50
        ),
        "the search would explore more than 50 nodes; lower the depth or start from a smaller position",
    ),
    "bad pawn position": (
        lambda: pawn.from_code("9x9w:" + "/".join(["." * 9] * 9)),
        "position code '9x9w:" + "/".join(["." * 9] * 9) + "': size 9x9 is not within 3x3..8x8",
    ),
    "bad MCTS parameters": (
        lambda: mcts_tree(parse_brackets("((1 2) (3 4))"), 0),
        "iterations must be between 1 and 1,000,000, got 0",
    ),
    "bad random tree": (
        lambda: random_leaves(1, 3, 0, 9, 0),
        "branching must be at least 2, not 1",
    ),
    "bad chase code": (
        lambda: chase.from_code("5-1.1-6.1-w"),
        "black square (6, 1) is off the 5 x 5 board",
    ),
}


def _refusal(name: str) -> InputError | SearchError:
    make, _english = SAMPLES[name]
    with pytest.raises((InputError, SearchError)) as caught:
        make()
    return caught.value


@pytest.mark.parametrize("name", SAMPLES)
def test_the_engine_still_says_its_refusals_in_english(name):
    err = _refusal(name)
    assert str(err) == SAMPLES[name][1]
    with i18n.use("en"):
        assert reason(err) == SAMPLES[name][1]


@pytest.mark.parametrize("name", SAMPLES)
def test_a_refusal_in_xx_is_made_of_translated_templates_only(name):
    """In the pseudo-language every template is wrapped: the text is wrapped as a whole,
    and without the marks it is the English text, so no word came from outside a template."""
    err = _refusal(name)
    with i18n.use(i18n.PSEUDO):
        words = reason(err)
    assert words.startswith(i18n.OPEN) and words.endswith(i18n.CLOSE), words
    assert words.replace(i18n.OPEN, "").replace(i18n.CLOSE, "") == str(err)


LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize("lang", ["zh", "ru"])
@pytest.mark.parametrize("name", SAMPLES)
def test_a_refusal_in_chinese_or_russian_has_no_english_word(lang, name):
    err = _refusal(name)
    with i18n.use(lang):
        words = reason(err)
    assert words != str(err)
    assert not LATIN_WORD.findall(words), (lang, words)


def test_a_refusal_worded_where_it_was_raised_is_not_wrapped_twice():
    with i18n.use(i18n.PSEUDO):
        err = InputError(i18n._("the edit names no node"))
        assert reason(err) == "⟦the edit names no node⟧"


# ---- chase moves ------------------------------------------------------------------------
POS = chase.ChasePosition(6, (2, 2), (2, 4), True)  # white on (2, 2), black two squares right


def test_chase_moves_in_english_are_the_engines_names():
    for pos in (
        POS,
        chase.ChasePosition(6, (0, 5), (1, 5), False),
        chase.ChasePosition(6, (3, 3), (3, 1), False),
    ):
        for mv in chase.legal_moves(pos):
            with i18n.use("en"):
                assert chase_move(pos, mv) == chase.move_name(pos, mv)


# (position, move) -> the words, written out by hand
CHASE_WORDS = {
    "xx": {(-1, 0): "⟦W up⟧", (0, 2): "⟦⟦W right 2⟧ x⟧", (2, 0): "⟦W down 2⟧"},
    "zh": {(-1, 0): "白 上", (0, 2): "白 右 2 吃子", (2, 0): "白 下 2"},
    "ru": {(-1, 0): "Б вверх", (0, 2): "Б вправо 2, взятие", (2, 0): "Б вниз 2"},
}


@pytest.mark.parametrize("lang", CHASE_WORDS)
def test_chase_moves_in_the_pages_language(lang):
    assert chase.move_name(POS, (0, 2)) == "W right 2 x"  # the engine's name, for the CLI
    for mv, words in CHASE_WORDS[lang].items():
        with i18n.use(lang):
            assert chase_move(POS, mv) == words


def test_a_black_move_in_russian():
    pos = chase.ChasePosition(6, (0, 0), (4, 4), False)
    with i18n.use("ru"):
        assert chase_move(pos, (0, -1)) == "Ч влево"
