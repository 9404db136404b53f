"""What the projector tests measure in the page: controls whose text does not fit.

A control's text is clipped when its box is narrower than its content (``scrollWidth >
clientWidth``: an ellipsis, a cut) or narrower than its longest word (the word is broken
across lines: "Branchi / ng", "f."). Controls: buttons, selects (native and Streamlit's),
widget labels, tabs, metric labels and values, rows of pills and segmented controls (a
row that scrolls sideways hides its last options), the tree canvas's controls (inside its
shadow root). Only what is on screen counts (a closed sidebar, an unopened tab do not).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

CONTROLS = ", ".join(
    [
        "button",
        "select",
        "input",
        "label",
        '[data-baseweb="select"] [value]',
        '[data-baseweb="select"] > div > div > div',
        '[data-testid="stWidgetLabel"] p',
        '[data-testid="stWidgetLabel"] [data-testid="stMarkdownContainer"]',  # "Practice: pre…"
        "button p",
        '[role="tab"] p',
        '[data-testid="stMetricLabel"] p',
        '[data-testid="stMetricValue"] > div',
        '[data-testid="stPageLink"] span',
        '[data-testid="stButtonGroup"] > div',  # pills, segmented: a row that scrolls hides some
    ]
)

_CLIPPED_JS = """(sel) => {
  const roots = [document];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { roots.push(el.shadowRoot); walk(el.shadowRoot); }
  };
  walk(document);
  const ctx = document.createElement('canvas').getContext('2d');
  const vw = window.innerWidth;
  const out = [];
  for (const root of roots) for (const el of root.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= 0 || r.left >= vw) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    const field = el.tagName === 'INPUT';
    if (field && !/^(text|number|search|)$/.test(el.type)) continue;
    const text = field ? (el.value || el.placeholder || '') : (el.innerText || el.textContent || '').trim();
    if (!text) continue;
    // an inline element (a button's <p>) has no client box: its line boxes' width counts
    const inner = el.clientWidth
      ? el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      : r.width;
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(' ');
    const words = own.split(/\\s+/).filter(Boolean);
    const longest = Math.max(0, ...words.map((w) => ctx.measureText(w).width));
    // a text box's value or placeholder: its whole width must fit (it is one line)
    const over = field ? ctx.measureText(text).width > inner + 1.5 : el.scrollWidth > el.clientWidth + 1;
    const broken = !field && words.length > 0 && longest > inner + 1.5;
    if (over || broken) {
      out.push({text: text.slice(0, 60), tag: el.tagName.toLowerCase(), scroll: el.scrollWidth,
                client: el.clientWidth, word: Math.round(longest), how: over ? 'cut' : 'broken'});
    }
  }
  return out;
}"""


def clipped_controls(page: Page) -> list[dict]:
    """Every control on screen whose text does not fit its box (see the module's note)."""
    return page.evaluate(_CLIPPED_JS, CONTROLS)
