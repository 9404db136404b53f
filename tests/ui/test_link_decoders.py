"""Every state in the link (issue 11): the decoders of the board labs' games, search tabs and
heatmap, of the step quiz's switch and score, and of the one tree format (old practice links
still open). Plain decoders first, then one AppTest per page that reads them back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.errors import InputError
from engine.games import chase, pawn
from engine.games.pawn_solver import solve
from engine.play import human_move, new_session
from engine.search import search_tree
from engine.tree import complete_tree
from teach.quiz import QuizState
from ui.boards import board_links as bk
from ui.boards.board_search import TreeView
from ui.common.link_codec import Fallback
from ui.practice import quiz_link as ql
from ui.practice.practice_common import class_tree
from ui.tree.tree_source import Complete, decode_complete

PAGES = Path(__file__).resolve().parents[2] / "app_pages"
PAWN = pawn.PawnGame()
CHASE = chase.ChaseGame()
SAMPLE1 = pawn.from_code("4x4w:.ppp/..../.PPP/....")
TEXTBOOK = (3, 12, 8, 2, 4, 6, 14, 5, 2)


def pawn_reply(pos):
    return solve(pos).moves[0][0]


def _page(name: str, **query: str | list[str]) -> AppTest:
    at = AppTest.from_file(str(PAGES / f"{name}.py"), default_timeout=120)
    for k, v in query.items():
        at.query_params[k] = v
    return at.run()


def _param(at: AppTest, name: str) -> str | None:
    got = at.query_params.get(name)
    return got[-1] if isinstance(got, list) else got


# ---- moves -------------------------------------------------------------------------------
def _random_game(start, game, token, plies, seed):
    rnd, pos, names = random.Random(seed), start, []
    for _ in range(plies):
        legal = list(game.moves(pos)) if game.winner(pos) is None else []
        if not legal:
            break
        mv = rnd.choice(legal)
        names.append(token(pos, mv))
        pos = game.play(pos, mv)
    return names, pos


@pytest.mark.parametrize("seed", range(8))
def test_a_game_round_trips_through_its_move_list(seed):
    for start, game, token in (
        (SAMPLE1, PAWN, bk.pawn_token),
        (pawn.start(5, 5), PAWN, bk.pawn_token),
        (chase.ChasePosition(6, (0, 0), (5, 5), True), CHASE, bk.chase_token),
    ):
        names, end = _random_game(start, game, token, 30, seed)
        moves, problem = bk.decode_moves(bk.SEP.join(names), start, game, token)
        assert problem is None
        hist = [start]
        for m in moves:
            hist.append(game.play(hist[-1], m))
        assert hist[-1] == end
        assert bk.encode_moves(hist, game, token) == bk.SEP.join(names)


def test_move_names_in_the_link_are_the_games_own():
    b2b3 = next(m for m in pawn.legal_moves(SAMPLE1) if pawn.move_name(SAMPLE1, m) == "b2-b3")
    assert bk.pawn_token(SAMPLE1, b2b3) == "b2-b3"
    pos = chase.ChasePosition(6, (2, 2), (5, 5), False)
    assert [bk.chase_token(pos, m) for m in chase.legal_moves(pos)] == [
        "u",
        "l",
        "u2",
        "l2",
    ]


@pytest.mark.parametrize(
    "raw, n, why",
    [
        ("b2-b3.b2-b3", 1, "move 2 'b2-b3' is not legal: Black to move plays c4-c3, c4xb3 or"),
        ("zz", 0, "move 1 'zz' is not legal: White to move plays b2-b3,"),
        ("b٢-b3", 0, "move 1 'b٢-b3' is not legal"),  # unicode digits are not a move
        ("b2-b3.", 1, "move 2 '' is not legal"),
        ("b2-b3..c4xb3", 1, "move 2 '' is not legal"),
    ],
)
def test_a_bad_move_stops_the_replay_there_naming_move_n(raw, n, why):
    moves, problem = bk.decode_moves(raw, SAMPLE1, PAWN, bk.pawn_token)
    assert len(moves) == n
    assert problem is not None and problem.startswith(why)
    assert ("stops after move 1" if n else "starts afresh") in problem


def test_a_move_after_the_end_of_the_game_is_named():
    pos = chase.ChasePosition(3, (0, 0), (0, 1), True)  # white captures next door
    moves, problem = bk.decode_moves("r.l", pos, CHASE, bk.chase_token)
    assert len(moves) == 1
    assert problem and "move 2 'l' is not legal: the game was over after move 1, so" in problem


def test_a_move_list_too_long_for_a_game_is_refused_before_replaying():
    with pytest.raises(InputError, match="at most 400"):
        bk.decode_moves("u" * (bk.MAX_MOVES + 1), SAMPLE1, PAWN, bk.pawn_token)
    with pytest.raises(InputError, match="401 moves"):
        bk.decode_moves(".".join(["u"] * 401), SAMPLE1, PAWN, bk.pawn_token)


def test_the_game_decoder_gives_the_game_up_to_a_bad_move():
    decode = bk.game_decoder(SAMPLE1, "white", PAWN, pawn_reply, bk.pawn_token)
    game = decode("b2-b3")  # the person's move: the engine answers, as in play
    expected = human_move(
        new_session(SAMPLE1, "white", PAWN, pawn_reply),
        next(m for m in pawn.legal_moves(SAMPLE1) if pawn.move_name(SAMPLE1, m) == "b2-b3"),
        PAWN,
        pawn_reply,
    )
    assert game == expected and game.plies == 2
    with pytest.raises(Fallback) as err:
        decode("b2-b3.c4xb3.a1-a2")
    assert "move 3" in str(err.value) and err.value.nearest == expected


def test_play_params_are_only_what_differs_from_the_default():
    assert bk.play_params(None, PAWN, bk.pawn_token) == dict.fromkeys(("mode", "side", "mv"))
    fresh = new_session(SAMPLE1, "white", PAWN, pawn_reply)
    assert bk.play_params(fresh, PAWN, bk.pawn_token) == {"mode": "play", "side": None, "mv": None}
    black = new_session(SAMPLE1, "black", PAWN, pawn_reply)  # the engine opens
    got = bk.play_params(black, PAWN, bk.pawn_token)
    assert got["side"] == "black" and got["mv"] == black.names[0]


# ---- the step quiz's score ------------------------------------------------------------------
def _quiz() -> QuizState:
    return QuizState.start(search_tree(complete_tree(list(TEXTBOOK), 3)))


def test_a_score_round_trips_whatever_was_answered():
    rnd = random.Random(3)
    for _ in range(40):
        q = _quiz()
        for _ in range(rnd.randrange(len(q.questions) + 3)):
            action = rnd.choice(["right", "wrong", "reveal", "skip"])
            cur = q.current
            if cur is None:
                break
            if action == "right":
                q = q.answer(cur.answer_text)
            elif action == "wrong":
                q = q.answer("12345" if cur.kind != "prune" else "maybe")
                q = q.answer("12345")
            else:
                q = getattr(q, action)()
        raw = ql.encode_score(q)
        back = ql.resumed(_quiz(), raw)
        assert (back.index, back.outcomes, back.score) == (q.index, q.outcomes, q.score), raw


def test_a_score_is_run_length_coded():
    q = _quiz()
    for _ in range(3):
        q = q.answer(q.current.answer_text)
    q = q.skip()
    assert ql.encode_score(q) == "r3s"
    assert ql.encode_score(q.answer("99999")) in ("r3s", "r3sx")


@pytest.mark.parametrize(
    "raw, why",
    [
        ("r" * (ql.MAX_SCORE + 1), "characters long"),
        ("r٣", "is not a score"),  # unicode digits
        ("r³", "is not a score"),
        ("q", "is not a score"),
        ("r0", "more answers"),
        ("r99", "more answers"),
        ("r11x", "open after the quiz's last one"),
        ("xr", "is not a score"),
    ],
)
def test_a_bad_score_is_refused_naming_what_is_wrong(raw, why):
    with pytest.raises(InputError, match=why):
        ql.decode_score(raw, 11)


@pytest.mark.parametrize("raw", ["value,value", "values", "", "prune,", "VALUE"])
def test_kinds_of_question_each_once(raw):
    with pytest.raises(InputError, match="each once"):
        ql.decode_kinds(raw)
    assert ql.decode_kinds("prune,value") == ("value", "prune")
    with pytest.raises(InputError, match="characters long"):
        ql.decode_kinds("value," * 100)


# ---- one tree format --------------------------------------------------------------------------
def test_old_practice_links_convert_to_the_labs_format():
    old = class_tree("3, 12, 8, 2, 4, 6, 14, 5, 2", 3)
    assert old == Complete(TEXTBOOK, 3)
    assert old.encode() == "b3:3,12,8,2,4,6,14,5,2"
    assert class_tree(old.encode()) == old == decode_complete(old.encode())
    assert class_tree("5 6 7 4", 2).encode() == "b2:5,6,7,4"
    recipe = class_tree("r:2,3,0,9,4")  # a random recipe: its leaves, in the chooser
    assert recipe.recipe is None and len(recipe.leaves) == 8


@pytest.mark.parametrize(
    "raw, why",
    [
        ("b6:" + ",".join(["1"] * 36), "branching must be between 2 and 5"),
        ("b3:" + ",".join(["1"] * 243), "too many for class"),
        (" ".join(["1"] * 82), "82 leaves is too many for class"),
        ("b3:١,٢,٣", "leaf 1: .* is not an integer"),
        ("3, 12, 8, 2", "not a power of the branching 3"),  # old form, b from ?b=
    ],
)
def test_a_class_tree_link_past_the_class_limits_is_refused(raw, why):
    with pytest.raises(InputError, match=why):
        class_tree(raw, 3)


def test_the_practice_page_writes_the_labs_format_and_opens_old_links():
    at = _page("practice", t="3, 12, 8, 2, 4, 6, 14, 5, 2", b="3")
    assert not at.exception and not at.warning
    assert _param(at, "t") == "b3:3,12,8,2,4,6,14,5,2" and _param(at, "b") is None
    again = _page("practice", t="b2:5,6,7,4")
    assert not again.warning and again.session_state["practice.tree.b"] == 2
    assert again.session_state["practice.tree.leaves"] == "5, 6, 7, 4"
    ab = _page("alphabeta", t=_param(at, "t"))  # the same link opens on the lab
    assert not ab.warning and ab.session_state["ab.setup"] == Complete(TEXTBOOK, 3)


# ---- AppTest: the pages read the link back ------------------------------------------------------
def test_a_pawn_link_restores_play_mode_side_and_moves():
    at = _page("pawn", p="4x4w:.ppp/..../.PPP/....", mode="play", mv="b2-b3.c4xb3")
    assert not at.exception and not at.warning
    game = at.session_state["pawn.game.session"]
    assert game.names == ("b2-b3", "c4xb3") and game.human == "white"
    assert _param(at, "mv") == "b2-b3.c4xb3" and _param(at, "mode") == "play"
    assert any("Your move (White)" in m.value for m in at.markdown)


def test_a_bad_move_in_a_link_warns_naming_it_and_keeps_the_moves_before():
    at = _page("pawn", p="4x4w:.ppp/..../.PPP/....", mode="play", side="black", mv="b2-b3.zz")
    assert not at.exception
    assert "`mv`: move 2 'zz' is not legal" in at.warning[0].value
    game = at.session_state["pawn.game.session"]
    assert game.names == ("b2-b3",) and game.human == "black"
    assert _param(at, "mv") == "b2-b3" and _param(at, "side") == "black"


def test_repeated_keys_use_the_last_with_a_warning():
    at = _page("chase", c="6-1.1-5.4-w", mode="play", mv=["d", "d.u2"])
    assert not at.exception
    assert "gives `mv` 2 times" in at.warning[0].value
    assert at.session_state["chase.game.session"].names == ("W down", "B up 2")


def test_a_chase_link_restores_the_heatmap_and_the_search_tab():
    at = _page(
        "chase",
        c="6-1.1-5.4-w",
        heat="white",
        tab="The search tree",
        depth="2",
        k="5",
        open="2",
        sel="3",
        nodes="1000",
    )
    assert not at.exception and not at.warning
    ss = at.session_state
    assert ss["chase.heat"] == "White on every square" and ss["chase.depth"] == 2
    assert ss["chase.search.step"] == 5 and ss["chase.search.budget"] == 1000
    assert ss["chase.search.view"][1] == TreeView(2, 3)
    for name, value in (("heat", "white"), ("depth", "2"), ("k", "5"), ("open", "2")):
        assert _param(at, name) == value
    assert _param(at, "sel") == "3" and _param(at, "nodes") == "1000"


def test_a_search_link_past_the_run_gives_its_nearest_state_with_a_warning():
    at = _page("chase", c="6-1.1-5.4-w", tab="The search tree", k="999999", open="999999")
    assert not at.exception
    words = " ".join(w.value for w in at.warning)
    assert "(`k`: the step 999,999 is not between 0 and" in words
    assert "(`open`: the node 999,999 is not between 0 and" in words
    assert at.session_state["chase.search.step"] == at.session_state["chase.search.n"]
    assert _param(at, "open") is None


def test_the_search_parameters_leave_the_link_with_the_search_tab():
    at = _page("chase", c="6-1.1-5.4-w", tab="The best line", k="5", open="2", depth="2")
    assert not at.exception
    assert all(_param(at, p) is None for p in ("k", "open", "depth"))


def test_a_practice_link_restores_the_switch_kinds_and_score():
    at = _page("practice", t="b3:3,12,8,2,4,6,14,5,2", ask="value,prune", score="r2wvx")
    assert not at.exception and not at.warning
    q = at.session_state["practice.quiz.state"]
    assert q.index == 4 and q.outcomes[:5] == ("right", "right", "wrong", "revealed", "wrong")
    assert _param(at, "score") == "r2wvx" and _param(at, "ask") == "value,prune"
    off = _page("practice", practice="off")
    assert off.session_state["practice.quiz.on"] is False and _param(off, "practice") == "off"
    lab = _page("alphabeta", t="b2:1,2,3,4", practice="on", score="r3")
    assert lab.session_state["ab.quiz.on"] is True
    assert lab.session_state["ab.quiz.state"].index == 3 and _param(lab, "score") == "r3"
