"""Exam sheets: seeded trees to print, with their answer key, as PNG and PDF.

The same parameters always give the same bytes (teach.exam is deterministic per seed and
viz.exam_sheet writes no dates), so the rendering is cached on the parameters and a sheet can
be shared by its link (URL params ``seed``, ``n``, ``eb``, ``ed``, ``lo``, ``hi``, ``cuts``).
A sheet is worded in the page's language, which is part of the cache key (teach.i18n).
"""

from __future__ import annotations

import random
from functools import partial

import streamlit as st

from engine.errors import InputError
from teach import i18n
from teach.engine_words import reason
from teach.exam import check_sheet, make_sheet
from teach.i18n import N_, _
from ui.common.keys import SHARE_SEEN
from ui.common.keys import Exam as K
from ui.common.link_codec import int_in
from ui.common.share import publish, restore
from viz.exam_sheet import page_count, render_sheet

# widget key -> (URL param, default, lowest, highest)
FIELDS = {
    K.seed: ("seed", 2026, 0, 2**31 - 1),
    K.count: ("n", 4, 1, 20),
    K.branching: ("eb", 3, 2, 5),
    K.depth: ("ed", 2, 1, 5),
    K.lowest: ("lo", 0, -999, 999),
    K.highest: ("hi", 20, -999, 999),
    K.cuts: ("cuts", 2, 0, 60),
}
WORDS = {  # each parameter as a link's warning names it (ui.common.link_codec)
    "seed": N_("seed"),
    "n": N_("number of exercises"),
    "eb": N_("branching"),
    "ed": N_("depth"),
    "lo": N_("lowest leaf"),
    "hi": N_("highest leaf"),
    "cuts": N_("number of cut-offs"),
}


@st.cache_data(max_entries=64, show_spinner=False)
def sheet_bytes(
    lang: str,
    seed: int,
    count: int,
    branching: int,
    depth: int,
    lo: int,
    hi: int,
    cuts: int | None,
    answers: bool,
    fmt: str,
    page: int = 0,
) -> bytes:
    """The question sheet or answer key in ``lang`` as bytes (InputError for a shape that
    cannot print)."""
    with i18n.use(lang):
        sheet = make_sheet(seed, count, branching, depth, lo, hi, cuts)
    return render_sheet(sheet, answers=answers, fmt=fmt, page=page, lang=lang)


@st.cache_data(max_entries=64)
def sheet_info(
    lang: str,
    seed: int,
    count: int,
    branching: int,
    depth: int,
    lo: int,
    hi: int,
    cuts: int | None,
) -> tuple[int, list[str]] | str:
    """(pages, one line per exercise) for the parameters in ``lang``, or why they make no
    sheet: the shape is checked before any tree is drawn, and a refusal is cached like a
    sheet."""
    with i18n.use(lang):
        try:
            check_sheet(count, branching, depth, lo, hi, cuts)
            sheet = make_sheet(seed, count, branching, depth, lo, hi, cuts)
        except InputError as e:
            return reason(e)
        return page_count(sheet), [f"{i + 1}. {e.describe()}" for i, e in enumerate(sheet)]


def _whole(x: object, what: str) -> int:
    if not isinstance(x, int | float) or int(x) != x:
        raise InputError(_("{what} must be a whole number, not {x!r}", what=what, x=x))
    return int(x)


def _new_seed() -> None:
    st.session_state[K.seed] = random.randrange(1, 10**6)


def restore_link() -> None:
    """The link's sheet parameters, once per session: each within its control's range (the
    nearest end of it otherwise), and together a shape that prints (else the default sheet,
    with a warning), checked before anything is drawn."""
    ss = st.session_state
    first = "seed" not in ss.get(SHARE_SEEN, ())
    for wkey, (param, default, lo, hi) in FIELDS.items():
        what = WORDS[param]
        restore(param, decode=int_in(lo, hi, what), default=default, what=what, state_key=wkey)
    if not first or not any(FIELDS[k][0] in st.query_params for k in FIELDS):
        return
    try:
        check_sheet(*(ss[k] for k in list(FIELDS)[1:]))
    except InputError as e:
        st.warning(
            _(
                "The link's exam sheet cannot be printed ({problem}); showing the default sheet.",
                problem=reason(e),
            )
        )
        for wkey, (_param, default, _lo, _hi) in FIELDS.items():
            ss[wkey] = default


def exam_panel() -> None:
    """Inputs, preview and four download buttons."""
    restore_link()
    c = st.columns(4)
    with c[0]:
        s1, s2 = st.columns([3, 1], vertical_alignment="bottom")
        seed = s1.number_input(
            _("Seed"), step=1, key=K.seed, persist_state="session", help=_("Same seed, same sheet.")
        )
        s2.button(
            "",
            icon=":material/casino:",
            key=K.new_seed,
            on_click=_new_seed,
            help=_("A new random seed: a new sheet"),
        )
    count = c[1].number_input(_("Exercises"), step=1, key=K.count, persist_state="session")
    b = c[2].number_input(_("Branching"), step=1, key=K.branching, persist_state="session")
    d = c[3].number_input(_("Depth"), step=1, key=K.depth, persist_state="session")
    c = st.columns(4)
    lo = c[0].number_input(_("Lowest leaf"), step=1, key=K.lowest, persist_state="session")
    hi = c[1].number_input(_("Highest leaf"), step=1, key=K.highest, persist_state="session")
    aim = c[2].toggle(
        _("Aim at a number of cut-offs"), value=True, key=K.aim, persist_state="session"
    )
    cuts = c[3].number_input(
        _("Cut-offs per tree"), step=1, key=K.cuts, persist_state="session", disabled=not aim
    )
    lang = i18n.current()
    try:
        args = [
            _whole(seed, _("the seed")),
            _whole(count, _("the number of exercises")),
            _whole(b, _("the branching")),
            _whole(d, _("the depth")),
            _whole(lo, _("the lowest leaf")),
            _whole(hi, _("the highest leaf")),
            _whole(cuts, _("the number of cut-offs")) if aim else None,
        ]
        info = sheet_info(lang, *args)
        if isinstance(info, str):
            raise InputError(info)
        pages, lines = info
        with st.spinner(_("Drawing the sheet ...")):  # also checks that it prints
            preview = sheet_bytes(lang, *args, answers=False, fmt="png", page=0)
    except InputError as e:
        st.error(_("No sheet: {problem}", problem=reason(e)))
        return
    publish(**{FIELDS[k][0]: str(v) for k, v in zip(FIELDS, args, strict=True) if v is not None})
    if args[6] is None:
        publish(cuts=None)
    st.caption("  \n".join(lines))
    page = 0
    if pages > 1:
        page = (
            st.segmented_control(
                _("Page"),
                list(range(pages)),
                format_func=lambda i: _("page {n}", n=i + 1),
                default=0,
                key=K.page,
            )
            or 0
        )
        if page:
            preview = sheet_bytes(lang, *args, answers=False, fmt="png", page=page)
    stem = f"alphabeta-sheet-{args[0]}"
    cols = st.columns(4)
    for i, (what, answers, fmt, suffix) in enumerate(
        [
            (_("Questions: PDF, all pages"), False, "pdf", ".pdf"),
            (_("Questions: PNG, page {n}", n=page + 1), False, "png", f"-p{page + 1}.png"),
            (_("Answer key: PDF, all pages"), True, "pdf", "-key.pdf"),
            (_("Answer key: PNG, page {n}", n=page + 1), True, "png", f"-key-p{page + 1}.png"),
        ]
    ):
        # PDFs and the key render on click (deferred, outside this run: the language is
        # passed, not read), so the page itself stays quick.
        cols[i].download_button(
            what,
            partial(
                sheet_bytes, lang, *args, answers=answers, fmt=fmt, page=page if fmt == "png" else 0
            ),
            f"{stem}{suffix}",
            "application/pdf" if fmt == "pdf" else "image/png",
            key=K.download(i),
            icon=":material/download:",
            type="primary" if i == 0 else "secondary",
            width="stretch",
        )
    left, right = st.columns(2)
    left.image(
        preview,
        caption=_("Questions, page {n} of {pages}", n=page + 1, pages=pages),
        width="stretch",
    )
    with right:
        # Hidden by default: the page is often on a projector in front of the students.
        if st.toggle(_("Show the answer key"), key=K.show_key, persist_state="session"):
            key_png = sheet_bytes(lang, *args, answers=True, fmt="png", page=page)
            st.image(key_png, caption=_("Answer key, page {n}", n=page + 1), width="stretch")
