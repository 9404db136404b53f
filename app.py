"""Game Tree Lab: the frame. Page config, the start-up warm-up (ui.boards.warm) and
navigation over ui.common.registry.PAGES."""

import streamlit as st

from ui.boards.warm import warm_up
from ui.common.reconnect import reload_on_reconnect
from ui.common.registry import PAGES

st.set_page_config(
    page_title="Game Tree Lab",
    page_icon=":material/account_tree:",
    layout="wide",
    initial_sidebar_state="auto",
)
warm_up()  # once per server: the board labs' shared work starts in the background

reload_on_reconnect()
st.navigation(
    [
        st.Page(
            str(spec.file),
            title=spec.title,
            icon=spec.icon,
            url_path=spec.url_path or None,
            default=spec.default,
        )
        for spec in PAGES
    ]
).run()
