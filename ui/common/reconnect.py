"""After a reconnect, the page reruns from its link; and the page says its language.

When the server restarts, the browser reconnects by itself, but its first rerun reaches a new
session without the query string and with widget events the new session cannot match to
callbacks: the first click after a restart was lost in every tab. The page's whole state is in
its link (ui.common.share), so the sure way back is to load the link again: a small script
reloads the page when the app, having lost its server, is connected again.

The same script names the page's language on the document (``<html lang>``, WCAG 3.1.1):
Streamlit's page says ``en`` whatever its words are, so a screen reader read Russian and
Chinese with an English voice, and the browser broke Chinese headings by English rules. The
script is one element of every run (a second would cost each run its delta); its text changes
with the language, and the browser runs a changed element's script again.
"""

from __future__ import annotations

import streamlit as st

from teach import i18n

# Installed once per browser tab (the guard), on the first run. It watches the connection
# state Streamlit keeps on the app's root element (the attribute its own tests read): once the
# page has lost its server and is connected again, it reloads. Nothing global is patched.
_JS = """<span hidden></span><script>
document.documentElement.lang = "%LANG%";
(() => {
  if (window.__gtlReloadOnReconnect) return;
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app) return;
  window.__gtlReloadOnReconnect = true;
  const STATE = "data-test-connection-state";
  let lost = false;
  new MutationObserver(() => {
    const state = app.getAttribute(STATE);
    if (state && state !== "CONNECTED") lost = true;
    else if (state === "CONNECTED" && lost) window.location.reload();
  }).observe(app, { attributes: true, attributeFilter: [STATE] });
})();
</script>"""


def reload_on_reconnect(lang: str) -> None:
    """Mount the script (app.py calls this on every run; the browser runs it once per
    language), ``lang`` the run's language (teach.i18n; the tests' pseudo-language is
    English's to the browser)."""
    tag = i18n.DEFAULT if lang == i18n.PSEUDO else lang
    st.sidebar.html(_JS.replace("%LANG%", tag), unsafe_allow_javascript=True)
