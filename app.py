"""Game Tree Lab: the frame. Page config and navigation over ui.common.registry.PAGES."""

import streamlit as st

from ui.common.registry import PAGES

st.set_page_config(
    page_title="Game Tree Lab",
    page_icon=":material/account_tree:",
    layout="wide",
    initial_sidebar_state="auto",
)

st.navigation(
    [
        st.Page(
            str(spec.file),
            title=spec.title,
            icon=spec.icon,
            url_path=spec.url_path or None,
            default=spec.url_path == "",
        )
        for spec in PAGES
    ]
).run()
