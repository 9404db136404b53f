"""Every session-state and widget key of the app, named here and only here.

One style: ``lab.thing``, lowercase segments (letters, digits, ``_`` and ``-``) joined by
dots, the first segment naming the page or the shared piece (``ab.preset``,
``ab.quiz.next``, ``pawn.search.step``). The one exception is a widget bound to the URL
(``bind="query-params"``): Streamlit names the query parameter after its key, so the key is
the parameter (``tab``).

Shared pieces (the tree canvas, the practice quiz, clickable charts, the play and search
panels of the board labs) get a small key set built from the namespace of the page that
draws them; a page's own keys are plain attributes. Modules take keys from here and never
build one with an f-string; tests/ui/test_keys.py reads the sources to hold that, and
checks every key a page run leaves in session_state against :data:`STYLE`.

Streamlit turns a key into the CSS class ``st-key-<key>`` with every character other than
letters, digits, ``_`` and ``-`` made ``-``: ``ab.next`` is ``.st-key-ab-next``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

STYLE = re.compile(r"^[a-z]+(\.[a-z0-9][a-z0-9_-]*)+$")
URL_BOUND = frozenset({"tab"})  # widgets bound to the URL: the key is the query parameter


def _join(*parts: object) -> str:
    return ".".join(str(p) for p in parts)


def tag(thing: object) -> str:
    """A short stable key segment for ``thing`` (a position code, a tree's shape): a widget
    keyed with it starts afresh when ``thing`` changes. Hex, so it fits :data:`STYLE`."""
    return hashlib.sha1(repr(thing).encode()).hexdigest()[:12]


def css(key: str) -> str:
    """The CSS selector of the element Streamlit draws for ``key`` (``.st-key-ab-next``)."""
    return ".st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key)


# ---- shared pieces ------------------------------------------------------------------------
def _at(name: str) -> property:
    """A key ``<ns>.<name>`` of a key set (the set's ``ns`` + one segment)."""
    return property(lambda self: _join(self.ns, name))


@dataclass(frozen=True)
class Canvas:
    """ui.common.canvas's tree canvas. ``step`` is the page's step (the browser reports it,
    debounced; the server moves it by writing it); ``n`` and ``token`` the run it belongs
    to; ``widget`` the component's own state; ``known`` the step the server last sent or
    heard and ``seq`` how often the server moved it; ``focus`` the subtree drawn; ``play``
    the link's autoplay speed and ``played`` whether the browser was sent it."""

    ns: str
    step = _at("step")
    n = _at("n")
    token = _at("token")
    widget = _at("canvas")
    known = _at("canvas_known")
    seq = _at("canvas_seq")
    focus = _at("focus")
    play = _at("play")
    played = _at("played")
    unfocus = _at("unfocus")


@dataclass(frozen=True)
class Export:
    """ui.common.export's download buttons of a search's explored tree."""

    ns: str
    graphml = _at("graphml")
    json = _at("json")
    html = _at("html")  # the search to take away (viz.standalone)
    box = _at("box")  # the "Download" box that holds them (ui.common.boxes.downloads)
    embed = _at("embed")  # the "Copy embed code" box beside it (ui.common.embed)


@dataclass(frozen=True)
class Quiz:
    """ui.practice.quiz_panel's practice switch and questions."""

    ns: str
    on = _at("on")
    state = _at("state")
    sig = _at("sig")
    nonce = _at("nonce")
    kinds = _at("kinds")
    next = _at("next")
    leave = _at("leave")
    restart = _at("restart")
    yes = _at("yes")
    no = _at("no")
    reveal = _at("reveal")
    skip = _at("skip")
    sent = _at("sent")  # the text typed in the asked node, as the browser sent it
    figure = _at("figure")

    def pick(self, choice: str) -> str:
        """The button of one answer of a choice question (PV / CUT / ALL, a table bound)."""
        return _join(self.ns, "pick", choice.lower())


@dataclass(frozen=True)
class MctsKeys:
    """Monte Carlo tree search's parameters and its quiz (ui.tree.mcts_panel)."""

    ns: str
    params = _at("params")  # the MctsParams shown (a link's, then the inputs')
    iterations = _at("iterations")
    c = _at("c")
    seed = _at("seed")
    policy = _at("policy")
    quiz = _at("quiz")  # the quiz switch
    said = _at("said")  # (question step, the grade) of the last answer
    answer = _at("answer")  # the typed answer box
    form = _at("form")  # its form
    next = _at("next")  # the next question's button


@dataclass(frozen=True)
class TreeLab:
    """A tree page's run block (ui.tree.tree_lab): tree canvas, practice switch, export."""

    ns: str
    focus = _at("focus")
    run = _at("run")  # the run shown last: (source, variant, ordering, seed, algorithm)
    race = _at("race")  # the race table's container (ui.tree.race_panel)
    hide = _at("hide")  # leaves revealed as evaluated (ui.tree.leaf_option)

    @property
    def canvas(self) -> Canvas:
        return Canvas(self.ns)

    @property
    def quiz(self) -> Quiz:
        return Quiz(_join(self.ns, "quiz"))

    @property
    def export(self) -> Export:
        return Export(_join(self.ns, "export"))

    @property
    def start(self) -> ClassStart:
        return ClassStart(self.ns)

    @property
    def mcts(self) -> MctsKeys:
        return MctsKeys(_join(self.ns, "mcts"))


@dataclass(frozen=True)
class Play:
    """ui.boards.board_lab's play-against-the-engine panel."""

    ns: str
    session = _at("session")
    side = _at("side")
    undo = _at("undo")
    restart = _at("restart")
    note = _at("note")  # why the last tap was not a move
    hint = _at("hint")  # the hint button
    hinted = _at("hinted")  # the position whose hint (best move, every move's outcome) is shown
    review = _at("review")  # ui.boards.review_panel's box
    review_on = _at("review_on")  # its toggle while the game goes on


@dataclass(frozen=True)
class Search:
    """ui.boards.board_search's search tab: tree canvas, breadcrumb, node board."""

    ns: str
    view = _at("view")
    budget = _at("budget")
    root = _at("root")
    board = _at("board")
    follow = _at("follow")
    open = _at("open")

    @property
    def canvas(self) -> Canvas:
        return Canvas(self.ns)

    @property
    def export(self) -> Export:
        return Export(_join(self.ns, "export"))

    def crumb(self, node: int) -> str:
        return _join(self.ns, "crumb", int(node))

    @property
    def start(self) -> ClassStart:
        return ClassStart(self.ns)

    @property
    def mcts(self) -> MctsKeys:
        """MCTS on the tab: its parameters and quiz (ui.boards.board_mcts)."""
        return MctsKeys(_join(self.ns, "mcts"))


# ---- the pages ----------------------------------------------------------------------------
SHARE_SEEN = "share.restored"  # the query parameters already read in this session
RESULT = "gtl-result"  # a tree lab's answer line's container (its style: ui.common.projector)
SETUP_ROW = "gtl-setup-row"  # alpha-beta's preset, leaves, branching (ui.common.projector)
THIRDS = "gtl-thirds"  # a row of fields three to a line, two on a phone (ui.common.projector)


class View:
    """ui.common.projector: the projector switch on every page. ``link`` is the link's
    ``?view=`` (read once), ``chosen`` the person's own choice (None: not yet), ``short``
    what the browser's window probe reported (wide and short), ``on`` the mode this run."""

    link = "view.link"
    chosen = "view.chosen"
    toggle = "view.toggle"
    short = "view.short"
    size = "view.size"  # (width, height) of the window in CSS px, in projector mode
    probe = "view.probe"
    on = "view.on"
    head = "view.head"  # the title row's container


class Lang:
    """ui.common.language: the interface's language. ``link`` is the link's ``?lang=`` (read
    once), ``chosen`` the person's own choice on the menu (None: not yet), ``menu`` the menu,
    ``current`` the language the session's last run spoke (for callbacks, which run first)."""

    link = "lang.link"
    chosen = "lang.chosen"
    menu = "lang.menu"
    current = "lang.current"  # the language of the session's last run


HOME_PROBLEMS = "home.problems"


class AlphaBeta:
    """app_pages/alphabeta.py."""

    lab = TreeLab("ab")
    setup = "ab.setup"
    error = "ab.error"
    preset = "ab.preset"
    leaves = "ab.leaves"
    branching = "ab.b"
    shown = "ab.shown"  # the setup whose text the inputs show
    order = "ab.order"
    variant = "ab.variant"  # the variant in use (the menu sets it; the link restores it)
    variant_menu = "ab.variant_menu"
    algo = "ab.algo"
    random = {x: f"ab.r{x}" for x in "bdlhs"}  # branching, depth, lowest, highest, seed
    random_box = "ab.random_box"  # the "Random tree" expander (open or closed)
    generate = "ab.gen"
    download_leaves = "ab.dl_leaves"  # a tree too long for a link, as a file


class Editor:
    """app_pages/tree.py."""

    lab = TreeLab("ed")
    state = "ed.state"
    error = "ed.error"
    preset = "ed.preset"
    variant = "ed.variant"  # the variant in use (the menu sets it; the link restores it)
    variant_menu = "ed.variant_menu"
    algo = "ed.algo"
    said = "ed.said"  # the sentence of a tree just loaded (empty, expectimax's preset), once
    new = "ed.new"  # the "New empty tree" button
    done = "ed.done"  # the last edit message's number (the canvas's edit plugin waits for it)
    port = "ed.port"  # the "Import and export" box (open or closed)
    fmt = "ed.fmt"
    text = "ed.text"
    shown = "ed.shown"  # the export's text, shown with its copy button (ui.common.plain_text)
    import_ = "ed.import"
    download_ural = "ed.dl_ural"
    download_brackets = "ed.dl_br"


class Board:
    """What the two board labs share: position, mode, tabs, board, play panel, search."""

    def __init__(self, ns: str) -> None:
        self.ns = ns
        self.pos = _join(ns, "pos")
        self.mode = _join(ns, "mode")
        self.tabs = "tab"  # in URL_BOUND: the open result tab is the query parameter ?tab=
        self.line_board = _join(ns, "line", "board")  # the best line's board (mode "line")
        self.board = _join(ns, "board")  # the board component (ui.common.board)
        self.game = Play(_join(ns, "game"))
        self.search = Search(_join(ns, "search"))
        self.depth = _join(ns, "depth")
        self.algo = _join(ns, "algo")
        self.race = _join(ns, "race")
        self.big = _join(ns, "big")
        self.n = _join(ns, "n")  # the chase's board-size slider: one key for every position
        self.piece = _join(ns, "piece")
        self.heat = _join(ns, "heat")
        self.text = _join(ns, "text")  # the position as text (pawn) or the judge's line (chase)
        # the editor's board-size (pawn) and side-to-move controls: one key for every position,
        # as the chase's slider (a key made from the position re-mounted both controls on
        # every tap of the board, a cost on a phone: issue 21)
        self.size = _join(ns, "size")
        self.side = _join(ns, "side")

    def preset(self, i: int) -> str:
        return _join(self.ns, "preset", int(i))


PAWN = Board("pawn")
CHASE = Board("chase")


class Practice:
    """app_pages/practice.py and its panels."""

    tab = "practice.tab"  # the open tab; the link's ?tab= is written by share.link_tabs
    leaves = "practice.tree.leaves"
    branching = "practice.tree.b"
    depth = "practice.tree.depth"  # of a random tree
    random = "practice.tree.random"
    presets = "practice.tree.presets"  # the "Presets and random trees" popover (open or not)
    free = Canvas("practice.free")  # the quiz tab's canvas (practice off)
    quiz = Quiz("practice.quiz")
    embed = "practice.embed"  # the "Copy embed code" box (ui.common.embed)

    @staticmethod
    def preset(i: int) -> str:
        return _join("practice.tree.preset", int(i))


class Exercise:
    """ui.practice.exercise_panel: keyed by the tree's :func:`tag` (a new tree, a new sheet)."""

    new = "practice.exercise.new"
    sent = "practice.exercise.sent"  # (tree tag, the sheet as the browser sent it on Check)
    graded = "practice.exercise.graded"  # (tree tag, the sheet as read, number of checks)

    @staticmethod
    def of(tree_tag: str, name: str) -> str:
        """``question`` (the tree answered on), ``show`` or ``solution`` of the tree's
        exercise."""
        return _join("practice.exercise", name, tree_tag)


class Exam:
    """ui.practice.exam_panel."""

    seed = "practice.exam.seed"
    count = "practice.exam.count"
    branching = "practice.exam.b"
    depth = "practice.exam.d"
    lowest = "practice.exam.lo"
    highest = "practice.exam.hi"
    cuts = "practice.exam.cuts"
    aim = "practice.exam.aim"
    new_seed = "practice.exam.new_seed"
    page = "practice.exam.page"
    show_key = "practice.exam.show_key"

    @staticmethod
    def download(i: int) -> str:
        return _join("practice.exam.dl", int(i))


class Variants:
    """ui.practice.variants_panel."""

    SIDES = ("left", "right")  # two canvases side by side
    table = "practice.variants.table"  # the table's container (cards on a phone)

    @staticmethod
    def pick(side: str) -> str:
        """The variant chosen on ``side``."""
        return _join("practice.variants.pick", side)

    @staticmethod
    def canvas(side: str) -> Canvas:
        """The canvas on ``side``: its step stays when the variant changes."""
        return Canvas(_join("practice.variants", side))

    @staticmethod
    def export(variant: str) -> Export:
        """The download buttons of ``variant``'s run."""
        return Export(_join("practice.variants.export", variant))


# ---- class mode (ui.classroom) ------------------------------------------------------------
@dataclass(frozen=True)
class ClassStart:
    """ui.classroom.start's "Start a class session" box on a tree lab (``ns``: the lab's)."""

    ns: str
    box = _at("class_box")  # the expander (open or closed)
    title = _at("class_title")
    kinds = _at("class_kinds")
    go = _at("class_go")
    error = _at("class_error")


class Classroom:
    """app_pages/classroom.py: the join form, the student's page and the teacher's view."""

    code = "class.code"  # the join form's code box
    name = "class.name"  # the join form's name box
    join = "class.join"
    form = "class.form"
    note = "class.note"  # the last action's message (a refusal, a receipt)
    typed = "class.typed"  # the typed answer (a tree with many values)
    send = "class.send"
    figure = "class.figure"
    back = "class.back"
    next = "class.next"
    ask = "class.ask"
    close = "class.close"
    reveal = "class.reveal"
    task_open = "class.task.open"
    task_close = "class.task.close"
    task_sheet = "class.task.sheet"  # the sheet last handed in (teach.answer_sheet.Sheet)
    task_canvas = "class.task.canvas"  # the tree the task is answered on
    end = "class.end"
    end_sure = "class.end_sure"
    results = "class.results"
    csv = "class.csv"
    bars = "class.bars"
    leave = "class.leave"
    following = "class.following"  # this session's page is watched by the bell (shared.follow)
    acted = "class.acted"  # the page's own action just ran: its next run reads afresh
    given = "class.given"  # (question, answer shown) the student's tap just stored
    teachers = "class.teachers"  # {code: teacher token} this session controls (teacher_link)
    copy = "class.copy"  # the "Copy my teacher link" button
