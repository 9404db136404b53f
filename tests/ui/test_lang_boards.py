"""The board labs (pawn chess, the chase) in other languages (issue 24).

The pseudo-language ``xx`` wraps every translated string in ⟦ ⟧: through app.py, every
string the pawn and chase pages show (titles, markdown, captions, widget labels, options and
help, messages, tables) and every word of their board components' payloads (the grid's
name, each square's name, the caption, the player's buttons, the announcement) must be
wrapped, in edit mode, during a game, at a game's end and on the search tab with alpha-beta
and with MCTS. What may stay outside the marks: numbers, square names (b2), pawn moves
(b2-b3), MAX, MCTS, W/N and markup (the chase's moves are worded: teach/engine_words.py).

The Russian verdicts' plural forms are checked against forms written out by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.play import human_move, new_session
from teach import i18n
from teach.play_words import chase_end_reason, game_summary, verdict_words
from tests.pseudo_marks import outside_marks
from tests.ui.tables import figure_rows
from ui.boards import board_links as bk
from ui.boards import chase_lab as cl
from ui.boards import pawn_lab as pl
from ui.common import board as board_component
from ui.common.keys import PAWN as PAWN_KEYS

APP = str(Path(__file__).resolve().parents[2] / "app.py")

# Outside the marks: what is the same in every language.
KEEP = [
    r":material/[a-z_]+:",  # icons
    r":(green|red|orange|blue|gray|small)\[",  # colours, small text
    r"\b[a-e][1-5][-x][a-e][1-5]\b",  # pawn moves
    r"\b[a-e][1-5]\b",  # squares
    r"\b(MCTS|MAX|MIN|W/N|PVS|UCB|ms)\b",
    r"<[^>]*>",  # HTML tags (the heatmap's scale)
]


def outside(text: str) -> str:
    """What of ``text`` is outside every ⟦ ⟧ and is not kept as it is in every language."""
    return outside_marks(text, KEEP)


def escaped(text: str) -> bool:
    """True when ``text`` shows a word outside the marks (two letters or more)."""
    return bool(re.search(r"[^\W\d_]{2,}", outside(text)))


def _visible_html(body: str) -> str:
    """An st.html's text a person sees: its scripts and styles aside."""
    return re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)


def texts(at: AppTest) -> list[str]:
    """Every string the page shows: elements, widget labels, options and help."""
    out: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "warning"):
        out += [e.value for e in getattr(at, kind)]
    out += [e.value for e in at.error] + [e.value for e in at.success]
    out += [_visible_html(e.proto.body) for e in at.get("html")]
    widgets = [
        *at.button,
        *at.toggle,
        *at.checkbox,
        *at.slider,
        *at.select_slider,
        *at.segmented_control,
        *at.selectbox,
        *at.menu_button,
        *at.number_input,
        *at.radio,
    ]
    for w in widgets:
        if w.key == "lang.menu":  # each language named in itself
            continue
        out.append(w.label)
        if getattr(w.proto, "help", ""):
            out.append(w.proto.help)
        out += [str(o) for o in getattr(w, "options", [])]
    out += [f["label"] for f in figure_rows(at)] + [f["help"] for f in figure_rows(at) if f["help"]]
    out += [e.label for e in at.expander] + [t.label for t in at.tabs]
    return [t for t in out if t and t.strip()]


def payload_texts(boards: list[dict]) -> list[str]:
    """Every word of the boards' payloads."""
    out: list[str] = []
    for b in boards:
        out += [b["label"], b["caption"], b["say"], *b["names"], *b["words"].values()]
        out += list(b.get("player", {}).values())
        out += [f["caption"] for f in b.get("frames", [])]
        out += [n for f in b.get("frames", []) for n in f["names"].values()]
    return [t for t in out if t]


def check(at: AppTest, boards: list[dict]) -> list[str]:
    """The strings shown with a word outside the marks."""
    assert not at.exception, [e.message[:500] for e in at.exception]
    shown = texts(at) + payload_texts(boards)
    assert len(shown) > 15
    return [t for t in shown if escaped(t)]


@pytest.fixture
def boards(monkeypatch) -> list[dict]:
    seen: list[dict] = []
    monkeypatch.setattr(board_component, "_component", lambda: lambda **kw: seen.append(kw["data"]))
    return seen


def page(name: str, **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=300)
    at.query_params["lang"] = i18n.PSEUDO
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    at.switch_page(f"app_pages/{name}.py").run()
    return at


def played(game, start, reply, token, plies: int) -> str:
    """``?mv=`` of a game the person (white, always the first legal move) plays ``plies``
    moves of against the engine, or to its end."""
    sess = new_session(start, "white", game, reply)
    while sess.plies < plies and game.moves(sess.position) and game.winner(sess.position) is None:
        sess = human_move(sess, game.moves(sess.position)[0], game, reply)
    return bk.encode_moves(sess.history, game, token)


PAWN = pl.PRESETS["4 vs 4 start"]
CHASE = "4-1.1-4.4-w"


@pytest.mark.parametrize(
    "params",
    [
        {},  # edit mode, the best line's tab
        {"p": "4x4w:.ppp/..../.PPP/....", "mode": "play", "mv": "PLAY:2"},  # a game
        {"mode": "play", "mv": "PLAY:99"},  # the game played to its end
        {"p": "4x4w:..../..../..../PPPP"},  # black has no pawns: the problem said
        {"tab": "The search tree", "depth": "3"},  # alpha-beta, the race
        {"tab": "The search tree", "algo": "mcts", "mcts": "30,1.41,0,random"},
    ],
    ids=["edit", "game", "finished", "problem", "alphabeta", "mcts"],
)
def test_no_string_of_the_pawn_lab_escapes_translation(boards, params):
    params = dict(params)
    if params.get("mv", "").startswith("PLAY:"):
        start = pl.pawn.from_code(params.get("p", PAWN))
        params["mv"] = played(pl.GAME, start, pl.reply, bk.pawn_token, int(params["mv"][5:]))
    at = page("pawn", **params)
    if params.get("mode") == "play" and not at.button(key="pawn.game.hint").disabled:
        at.button(key="pawn.game.hint").click().run()  # the hint's words and table
    review = [t for t in at.toggle if t.key == PAWN_KEYS.game.review_on]
    if review:  # a game going on: the review so far
        review[0].set_value(True).run()
    if params.get("mode") == "play":
        said = [m.value for m in at.markdown]
        assert any("⟦**Review so far**⟧" in m or "⟦**Game review**⟧" in m for m in said)
    assert check(at, boards) == []


@pytest.mark.parametrize(
    "params",
    [
        {},  # edit mode, black on every square coloured, the best line
        {"c": CHASE, "heat": "white"},
        {"c": CHASE, "mode": "play", "mv": "PLAY:1"},
        {"c": CHASE, "mode": "play", "mv": "PLAY:99"},
        {"c": CHASE, "tab": "The search tree", "depth": "2"},
        {"c": CHASE, "tab": "The search tree", "algo": "mcts", "mcts": "30,1.41,0,random"},
    ],
    ids=["edit", "heat-white", "game", "finished", "alphabeta", "mcts"],
)
def test_no_string_of_the_chase_lab_escapes_translation(boards, params):
    params = dict(params)
    if params.get("mv", "").startswith("PLAY:"):
        start = cl.chase.from_code(params["c"])
        params["mv"] = played(cl.GAME, start, cl.reply, bk.chase_token, int(params["mv"][5:]))
    at = page("chase", **params)
    if params.get("mode") == "play" and not at.button(key="chase.game.hint").disabled:
        at.button(key="chase.game.hint").click().run()
    assert check(at, boards) == []


def test_the_link_keeps_the_open_tab_in_english_and_a_switch_keeps_it_open(boards):
    """The tabs are shown translated; ``?tab=`` names the open one in English, and a switch
    of language keeps the same tab open."""
    at = page("pawn", tab="The search tree", depth="2")
    assert [t.label for t in at.tabs] == ["⟦The best line⟧", "⟦The search tree⟧"]
    assert at.query_params["tab"] in ("The search tree", ["The search tree"])
    assert at.get("select_slider")  # the search tab's depth: the search tab is open
    at.menu_button(key="lang.menu").click("ru").run()
    assert not at.exception
    assert [t.label for t in at.tabs] == ["Главный вариант", "Дерево поиска"]
    assert at.query_params["tab"] in ("The search tree", ["The search tree"])
    assert at.get("select_slider")


# Russian: 1 полуход, 2-4 полухода, 5-20 полуходов, 21 полуход (written out by hand).
RU_WINS = {
    1: "Белые выигрывают за 1 полуход",
    2: "Белые выигрывают за 2 полухода",
    5: "Белые выигрывают за 5 полуходов",
    11: "Белые выигрывают за 11 полуходов",
    21: "Белые выигрывают за 21 полуход",
    22: "Белые выигрывают за 22 полухода",
}


@pytest.mark.parametrize("n", sorted(RU_WINS))
def test_russian_verdicts_agree_with_their_number(n):
    with i18n.use("ru"):
        assert verdict_words("white", n) == RU_WINS[n]
        assert verdict_words("black", n) == RU_WINS[n].replace("Белые", "Чёрные")
        stop = chase_end_reason(cl.chase.from_code("4-1.1-4.4-w"), n)
    after = {1: "полухода", 2: "полуходов", 5: "полуходов", 11: "полуходов", 21: "полухода"}
    if n in after:
        assert stop.startswith(f"остановлено после {n} {after[n]}:")
    with i18n.use("zh"):
        assert verdict_words("white", n) == f"白方 {n} 步获胜"


def test_the_end_of_a_game_reads_as_whole_sentences_in_russian():
    with i18n.use("ru"):
        said = game_summary("white", 5, "white", "reason", ("white", 5))
    assert said == (
        "**Белые выиграли за 5 полуходов**: reason; вы победили! "
        "Как компьютер и предсказывал с самого начала: Белые выигрывают за 5 полуходов."
    )


CJK_PUNCT = "\u3000-\u303f\uff00-\uffef"  # 、。「」（）：；， and the like


def _unclosed_bold(text: str) -> list[str]:
    """The closing ``**`` of ``text`` that CommonMark will not read as closing: after a
    full-width punctuation mark and before a letter (a delimiter run that is not right-flanking)."""
    bad = []
    for i, m in enumerate(re.finditer(r"\*\*", text)):
        if i % 2 == 1:
            before, after = text[m.start() - 1 : m.start()], text[m.end() : m.end() + 1]
            if re.match(f"[{CJK_PUNCT}]", before) and after and re.match(r"[^\s\W]", after):
                bad.append(text[max(0, m.start() - 10) : m.end() + 10])
    return bad


def test_chinese_bold_text_closes():
    """A Chinese sentence puts the full-width colon after the bold, not inside it
    (``**提示**：`` shows bold; ``**提示：**棋盘`` shows the asterisks)."""
    from babel.messages.pofile import read_po

    po = Path(__file__).resolve().parents[2] / "game_tree_lab/locales/zh/LC_MESSAGES/messages.po"
    with po.open("rb") as f:
        cat = read_po(f, locale="zh")
    strings = [
        s for m in cat if m.id for s in ([m.string] if isinstance(m.string, str) else m.string)
    ]
    assert _unclosed_bold("**提示：**棋盘") and not _unclosed_bold("**提示**：棋盘")
    assert [b for s in strings for b in _unclosed_bold(s)] == []


def test_the_search_trees_root_is_named_in_the_runs_language():
    """The board search's canvas names its nodes by their moves; the root, "root" in the
    engine, is named in the run's language (as the step sentences name it)."""
    from engine.algorithms import ALPHABETA, game_run
    from engine.trace import Replayer
    from ui.boards import board_search as bs
    from ui.boards import pawn_search as ps

    run = game_run(ps.GAME, pl.DEFAULT, 2, ALPHABETA, 10_000)
    with i18n.use("ru"):
        names, _pv = bs._names_pv(run, Replayer(run))
    assert names[0] == "корень" and run.tree.labels[0] == "root"
    assert names[1:] == list(run.tree.labels[1:])


@pytest.mark.parametrize(
    ("raw", "russian"),
    [
        (
            "a1-a3",
            "ход 1 'a1-a3' недопустим: белые ходят a1-a2, b1-b2, c1-c2 или d1-d2, поэтому "
            "партия начинается заново",
        ),
        (
            "a1-a2.a1-a2",
            "ход 2 'a1-a2' недопустим: чёрные ходят a4-a3, b4-b3, c4-c3 или d4-d3, поэтому "
            "партия останавливается после хода 1",
        ),
    ],
)
def test_a_bad_move_in_the_link_is_said_in_one_sentence(raw, russian):
    """Why a link's game stops is one translated sentence (its move quoted, the moves the
    side could play listed)."""
    with i18n.use("ru"):
        moves, why = bk.decode_moves(raw, pl.DEFAULT, pl.GAME, bk.pawn_token)
    assert len(moves) == raw.count(".") and why == russian
