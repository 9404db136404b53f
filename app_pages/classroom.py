"""Class mode: the teacher's projector view (``?t=`` the secret teacher token, or ``?room=``
the code on the browser that keeps its token), a student's page (``?s=`` the student token)
or the join form (``?join=`` or ``?room=`` the code, or typed)."""

from __future__ import annotations

import streamlit as st

from classroom.access import AccessError
from classroom.db import UNREACHABLE
from teach.i18n import _
from ui.classroom import shared as sh
from ui.classroom.student import join_form, student_page
from ui.classroom.teacher import teacher_page
from ui.classroom.teacher_link import room_code, teacher_token
from ui.common.language import menu as language_menu
from ui.common.projector import page_style

sh.unfollow()  # a page that shows a class follows it again at the end of its run
teacher, student = teacher_token(), sh.link_token(sh.STUDENT)
try:
    if teacher:
        teacher_page(teacher)
    elif student:
        student_page(student)
except AccessError as e:
    st.error(f"{e}.", icon=":material/block:")
    if teacher:
        st.caption(_("A join code or a student's link never controls a session."))
    teacher = student = None
except UNREACHABLE:
    sh.reconnecting()  # the database went away: the page says so and comes back by itself
if not teacher and not student:
    with st.container(horizontal=True, vertical_alignment="center"):
        st.title(_("Join a class"), width="stretch")
        language_menu()  # a student's phone picks its own; another can be chosen here
    st.caption(_("Type the code on the projector, or open the join link (scan the QR code)."))
    join_form(sh.link_token(sh.JOIN) or room_code())
page_style()  # touch targets and wrapping words, as on the labs (last: it takes no room)
