"""Game Tree Lab: the frame. Page config, the start-up warm-up (ui.boards.warm),
the run's language (ui.common.language), navigation over ui.common.registry.PAGES, and the class's bell let go of a person who went
from the Class page to another (ui.classroom.shared.unfollow)."""

# pandas, which imports pyarrow, fully imported by each session's first run before its page
# runs. Streamlit's serialiser (a canvas, a board, a table) and plotly's charts import them
# lazily, from opposite ends: two sessions' first runs doing so at once (every class page
# reconnecting after a restart) could each hold one half, and Python's import then hands one
# of them a half-made module ("partially initialized module 'pandas' has no attribute
# 'Series'"), which broke the teacher's chart.
import pandas  # noqa: F401
import streamlit as st

from ui.boards.warm import warm_up
from ui.classroom.shared import URL_PATH as CLASS_URL_PATH
from ui.classroom.shared import unfollow
from ui.common.embed import frame_chrome
from ui.common.language import choose as choose_language
from ui.common.reconnect import reload_on_reconnect
from ui.common.registry import ICON, PAGES

st.set_page_config(
    page_title="Game Tree Lab",
    page_icon=str(ICON),
    layout="wide",
    # No sidebar state here: a page says it once a run (ui.common.projector.page_header, the
    # class's projector view). Said here too, every rerun of a projector page sent "auto"
    # then "collapsed", and Streamlit's sidebar flipped open and shut with each (issue 21).
)
warm_up()  # once per server: the board labs' shared work starts in the background

lang = choose_language()  # before anything is worded: the navigation's titles too
reload_on_reconnect(lang)  # and the document's <html lang>
embedded = frame_chrome()  # framed by another site (?embed=true): the page alone, no menus
page = st.navigation(
    [
        st.Page(
            str(spec.file),
            title=spec.shown_title,
            icon=spec.icon,
            url_path=spec.url_path or None,
            default=spec.default,
        )
        for spec in PAGES
    ],
    position="hidden" if embedded else "sidebar",
)
if page.url_path != CLASS_URL_PATH:
    unfollow()  # a person who left the Class page is not rerun when the class moves on
page.run()
