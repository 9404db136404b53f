"""After a reconnect, the page reruns from its link.

When the server restarts, the browser reconnects by itself, but its first rerun reaches a new
session without the query string and with widget events the new session cannot match to
callbacks: the first click after a restart was lost in every tab. The page's whole state is in
its link (ui.common.share), so the sure way back is to load the link again: a small script
wraps the browser's WebSocket and reloads the page when the app's stream opens again.
"""

from __future__ import annotations

import streamlit as st

# Installed once per browser tab (the guard), on the first run; the stream that is open then
# is not wrapped, so only a new one (a reconnect) reloads the page.
_JS = """<span hidden></span><script>
(() => {
  if (window.__gtlReloadOnReconnect) return;
  window.__gtlReloadOnReconnect = true;
  const Native = window.WebSocket;
  function Wrapped(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (String(url).includes("/_stcore/stream")) {
      ws.addEventListener("open", () => window.location.reload());
    }
    return ws;
  }
  Wrapped.prototype = Native.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Wrapped[k] = Native[k];
  window.WebSocket = Wrapped;
})();
</script>"""


def reload_on_reconnect() -> None:
    """Mount the script (app.py calls this on every run; the browser runs it once)."""
    st.sidebar.html(_JS, unsafe_allow_javascript=True)
