"""The chase lab's move names in the page's language (issue 24): the best line's plies, the
move table, the search tree's moves and a game against the engine. The engine's own names
(``W up 2 x``) stay for the judge CLI; a page words the move from its parts."""

from __future__ import annotations

import re

import pytest

from engine.games import chase
from engine.mcts import MctsParams
from engine.play import human_move, new_session
from teach import i18n
from ui.boards import board_mcts as bm
from ui.boards import chase_lab as cl
from ui.boards.board_algorithms import ALPHABETA

CODE = chase.to_code(cl.DEFAULT)
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")


def _bare(text: str) -> str:
    """``text`` with every ⟦ ⟧ part taken out (innermost first)."""
    while True:
        inner = WRAPPED.sub("", text)
        if inner == text:
            return text
        text = inner


def test_the_best_line_names_its_plies_in_the_language():
    _line, names_en, _words = cl.line_parts(CODE, "en")
    assert names_en and all(
        re.fullmatch(r"[WB] (up|down|left|right)( 2)?( x)?", n) for n in names_en
    )
    _line, names_xx, _words = cl.line_parts(CODE, i18n.PSEUDO)
    assert [_bare(n) for n in names_xx] == [""] * len(names_xx), names_xx
    for lang in ("zh", "ru"):
        _line, names, _words = cl.line_parts(CODE, lang)
        assert len(names) == len(names_en)
        assert not any(LATIN_WORD.search(n) for n in names), (lang, names)


@pytest.mark.parametrize("lang", ["zh", "ru", i18n.PSEUDO])
def test_the_search_trees_moves_are_named_in_the_language(lang):
    got = cl.searched(CODE, 2, ALPHABETA, lang)
    run = got[0]
    labels = run.tree.labels[1:]  # the root aside
    assert labels
    for label in labels:
        if lang == i18n.PSEUDO:
            assert _bare(label) == "", label
        else:
            assert not LATIN_WORD.search(label), label
    english = cl.searched(CODE, 2, ALPHABETA, "en")[0].tree.labels[1:]
    assert len(english) == len(labels) and english != labels


def test_the_move_table_and_a_game_name_moves_in_the_language():
    pos = cl.DEFAULT
    with i18n.use("ru"):
        ranked = cl.ranked(pos)
        sess = new_session(pos, "white", cl.GAME, cl.reply)
        sess = human_move(sess, chase.legal_moves(pos)[0], cl.GAME, cl.reply)
    assert [m for m, *_ in ranked] == [m for m, *_ in cl.solved(pos).moves]
    names = [name for _m, name, _w, _n in ranked] + list(sess.names)
    assert names and not any(LATIN_WORD.search(n) for n in names), names


def test_mcts_trees_moves_are_named_in_the_language():
    params = MctsParams(30, 1.41, 0, "random")
    words = {}
    for lang in ("en", "ru"):
        m, _replayer, _plugin = bm.searched("test.mcts", CODE, params, lang, cl.GAME, cl.DEFAULT)
        words[lang] = m.run.tree.labels[1:]
    assert words["en"] and len(words["en"]) == len(words["ru"])
    assert all(re.fullmatch(r"[WB] (up|down|left|right)( 2)?( x)?", w) for w in words["en"])
    assert not any(LATIN_WORD.search(w) for w in words["ru"]), words["ru"]
