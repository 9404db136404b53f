"""One English word another language says two ways (issue 24): the tree editor's "Undo" takes
an edit back (撤销), the pawn lab's takes a move back (悔棋, as its sentences say it), so the
editor's is marked with a context (teach.i18n.pgettext) and each is translated on its own."""

from teach.i18n import _, pgettext, use
from viz.canvas_ui import plugin_words


def test_the_tree_editors_undo_is_no_chess_move_taken_back():
    with use("zh"):
        assert pgettext("tree editor", "Undo") == "撤销"
        assert _("Undo") == "悔棋"
        assert plugin_words(["edit"])["ed_undo"] == "撤销"
    with use("ru"):
        assert pgettext("tree editor", "Undo") == "Отменить"
    with use("xx"):
        assert pgettext("tree editor", "Undo") == "⟦Undo⟧"
    assert pgettext("tree editor", "Undo") == "Undo"
