"""``python -m tests.browser.streamlit_hiding NAME run app.py ...``: Streamlit with one private
attribute of its ``AppSession`` (NAME, one of ui.classroom.notify.PRIVATE) hidden from the
class bell, as if an upgrade had renamed it. Streamlit's own code still sees it, so the server
works; only ui.classroom.notify gets an AttributeError (tests/browser/test_class.py)."""

from __future__ import annotations

import sys

from streamlit.runtime.app_session import AppSession
from streamlit.web import cli

from ui.classroom import notify


def hide(name: str) -> None:
    """From now on ``session.<name>`` raises AttributeError when read by notify's code."""
    if name not in notify.PRIVATE:
        raise SystemExit(f"error: {name!r} is not one of {', '.join(notify.PRIVATE)}")
    real = AppSession.__getattribute__

    def get(self: AppSession, attr: str) -> object:
        if attr == name and sys._getframe(1).f_globals.get("__name__") == notify.__name__:
            raise AttributeError(f"'AppSession' object has no attribute {attr!r}")
        return real(self, attr)

    AppSession.__getattribute__ = get  # type: ignore[method-assign]


if __name__ == "__main__":
    hide(sys.argv[1])
    sys.argv = ["streamlit", *sys.argv[2:]]
    sys.exit(cli.main())
