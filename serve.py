"""The server: Streamlit's app (app.py, the frame, and its pages) with the routes a class's
student pages follow their class on, with no script run (ui.classroom.routes), and the
document's note of where the server is, so a lab's link opens without a failed first try
(ui.common.page_base), mounted through Streamlit's public ``st.App``. ``streamlit run
serve.py`` serves them all (make run)."""

import logging

import streamlit as st
from starlette.middleware import Middleware

from classroom.guard import server_trust_note
from ui.classroom.routes import ROUTES
from ui.common.page_base import PageBase

app = st.App("app.py", routes=ROUTES, middleware=[Middleware(PageBase)])
if note := server_trust_note():  # uvicorn believes X-Forwarded-For from a proxy not named
    logging.getLogger("gtl.serve").warning(note)
