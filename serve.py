"""The server: Streamlit's app (app.py, the frame, and its pages) with the routes a class's
student pages follow their class on, with no script run (ui.classroom.routes), mounted
through Streamlit's public ``st.App``. ``streamlit run serve.py`` serves both (make run)."""

import streamlit as st

from ui.classroom.routes import ROUTES

app = st.App("app.py", routes=ROUTES)
