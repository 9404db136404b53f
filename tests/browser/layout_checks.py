"""What the layout tests measure on a page: control text that does not fit, tap targets that
are covered or too small, and a page that scrolls sideways (issues 11 and 21).

- **Cut text.** A control's text is cut when its box is narrower than its content
  (``scrollWidth > clientWidth``: an ellipsis, a cut) or narrower than its longest word (the
  word is broken across lines: "Branchi / ng", "f."; in Chinese every character is a word). Controls: buttons, selects (native and
  Streamlit's), widget labels, tabs, figures' labels and values, rows of pills and segmented
  controls (a row that scrolls sideways hides its last options), the tree canvas's controls
  (inside its shadow root), the cells of the pages' tables (issue 21: "ro ot va lu e").
- **Tap targets.** Buttons, text fields, selects, tabs, expanders' headers, toggles and checkboxes (their label),
  page links, the tree canvas's step bar, answer fields and edges (``.ans-eb``), and the
  boards' squares (a board that takes taps). Each is scrolled to the middle of the window and the
  element at its centre must be the target (or inside it): nothing is drawn over it. On a
  touch screen each is at least :data:`TOUCH_PX` CSS px both ways (WCAG 2.5.5); a link
  inside a sentence is exempt, as WCAG has it.
- **Sideways scroll.** Neither the document nor Streamlit's main block is wider than the
  window.

Only what is on screen counts (a closed sidebar, an unopened tab do not). Every finding is a
small dict naming the element, so a failure says what to look at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

TOUCH_PX = 44
# A phone held sideways: a short window, so a board sized to the window's height had 27 px
# squares (the chase's 8x8). Touch, so every tap target is checked against TOUCH_PX.
PHONE_SIDEWAYS = {
    "viewport": {"width": 844, "height": 390},
    "device_scale_factor": 3,
    "has_touch": True,
}

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
        "button div",  # Streamlit's ellipsis is on the box around a button's text ("Le…")
        '[role="tab"] p',
        ".gtl-figures dt",
        ".gtl-figures dd",
        '[data-testid="stPageLink"] span',
        '[data-testid="stButtonGroup"] > div',  # pills, segmented: a row that scrolls hides some
        '[data-testid="stMarkdownContainer"] td',  # a table's cells: "ro ot va lu e" (issue 21)
        '[data-testid="stMarkdownContainer"] th',
    ]
)

# A tap target; a hidden input (Streamlit's toggle, checkbox) is reached by its label.
TARGETS = ", ".join(
    [
        "button",
        'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])',
        "select",
        "textarea",
        '[data-baseweb="select"] > div',
        '[data-testid="stCheckbox"] label',
        '[data-testid="stRadio"] label',
        "a[href]",
        "summary",
        '[role="slider"]',
        '.gtl-board:not([data-mode="still"]) [role="gridcell"]',  # a board's squares, unless it is a still picture
    ]
)

_ROOTS_JS = """
const roots = [document];
const walk = (root) => {
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { roots.push(el.shadowRoot); walk(el.shadowRoot); }
};
walk(document);
"""

_CLIPPED_JS = (
    """(sel) => {"""
    + _ROOTS_JS
    + """
  const ctx = document.createElement('canvas').getContext('2d');
  const vw = window.innerWidth;
  const out = [];
  let seen = 0;
  for (const root of roots) for (const el of root.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= 0 || r.left >= vw) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    const head = el.closest('thead');  // a table of cards (ui/common/table.py): its header row hidden
    if (head && head.getBoundingClientRect().width <= 1) continue;
    const field = el.tagName === 'INPUT';
    if (field && !/^(text|number|search|)$/.test(el.type)) continue;
    const text = field ? (el.value || el.placeholder || '') : (el.innerText || el.textContent || '').trim();
    if (!text) continue;
    seen++;
    // an inline element (a button's <p>) has no client box: its line boxes' width counts
    const inner = el.clientWidth
      ? el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      : r.width;
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(' ');
    // a word: a run of letters between spaces, or one CJK character (Chinese breaks a line
    // between any two characters)
    let words = own.match(/[\\u2e80-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef]|[^\\s\\u2e80-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef]+/g) || [];
    // ... and a line may break after a hyphen ("cut-" / "offs")
    words = words.flatMap((w) => w.split(/(?<=-)/)).filter(Boolean);
    const longest = Math.max(0, ...words.map((w) => ctx.measureText(w).width));
    // a text box's value or placeholder: its whole width must fit (it is one line)
    const over = field ? ctx.measureText(text).width > inner + 1.5 : el.scrollWidth > el.clientWidth + 1;
    const broken = !field && words.length > 0 && longest > inner + 1.5;
    if (over || broken) {
      out.push({text: text.slice(0, 60), tag: el.tagName.toLowerCase(), scroll: el.scrollWidth,
                client: el.clientWidth, word: Math.round(longest), how: over ? 'cut' : 'broken'});
    }
  }
  return {out, seen};
}"""
)

# Every visible target, scrolled to the window's middle: what is at its centre, its size.
_TARGETS_JS = (
    """([sel, minPx]) => {"""
    + _ROOTS_JS
    + """
  const vw = window.innerWidth, vh = window.innerHeight;
  const name = (el) => {
    const text = (el.getAttribute('aria-label') || el.innerText || el.value || el.getAttribute('title') || '').trim();
    const cls = typeof el.className === 'string' ? el.className : (el.className.baseVal || '');
    return `${el.tagName.toLowerCase()}${cls ? '.' + cls.trim().split(/\\s+/).slice(0, 2).join('.') : ''} "${text.slice(0, 40)}"`;
  };
  const at = (x, y) => {  // the element at (x, y), through shadow roots
    let el = document.elementFromPoint(x, y);
    while (el && el.shadowRoot) {
      const inner = el.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el;
  };
  const inline = (el) => el.tagName === 'A' && el.closest('p, li, td') && !el.closest('[data-testid="stPageLink"]');
  const seen = new Set(), out = {covered: [], small: [], count: 0};
  const main = document.querySelector('[data-testid="stMain"]');
  const keep = main ? main.scrollTop : 0;
  for (const root of roots) for (const el of root.querySelectorAll(sel)) {
    // a target inside another (a button in a select's box) is the outer one's part
    if (seen.has(el)) continue;
    seen.add(el);
    let r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.right <= 0 && r.left <= 0) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.pointerEvents === 'none' || el.closest('[aria-hidden="true"]')) continue;
    if (el.disabled) continue;
    if (el.closest('[data-testid="stElementToolbar"]')) continue;  // a table's toolbar: shown on hover only
    const parent = el.parentElement && el.parentElement.getBoundingClientRect();
    if (parent && (parent.width < 2 || parent.height < 2)) continue;  // visually hidden (a slider's input)
    const shut = el.closest('details:not([open])');  // a closed expander: only its header is on show
    if (shut && !el.closest('summary')) continue;
    const bar = el.closest('[data-testid="stSidebar"]');
    if (bar && bar.getBoundingClientRect().right <= 0) continue;  // the closed sidebar
    el.scrollIntoView({block: 'center', inline: 'center'});
    r = el.getBoundingClientRect();
    out.count++;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= vw || y >= vh) { out.covered.push({target: name(el), at: 'off screen'}); continue; }
    const hit = at(x, y);
    const mine = hit && (hit === el || el.contains(hit) || (hit.tagName === 'LABEL' && hit.control === el)
                         || (el.tagName === 'LABEL' && el.control === hit));
    if (!mine) out.covered.push({target: name(el), by: hit ? name(hit) : 'nothing', x: Math.round(x), y: Math.round(y)});
    if (minPx && !inline(el) && (r.width < minPx - 0.5 || r.height < minPx - 0.5)) {
      out.small.push({target: name(el), w: Math.round(r.width), h: Math.round(r.height)});
    }
  }
  if (main) main.scrollTop = keep;
  return out;
}"""
)

_WIDE_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  return {window: window.innerWidth, page: document.documentElement.scrollWidth,
          main: main ? main.scrollWidth - main.clientWidth : 0};
}"""


def clipped_controls(page: Page) -> list[dict]:
    """Every control on screen whose text does not fit its box (see the module's note).
    AssertionError when no control with text is on screen: the walk would check nothing."""
    found = page.evaluate(_CLIPPED_JS, CONTROLS)
    assert found["seen"] > 0, "no control with text on screen: nothing to check"
    return found["out"]


def tap_targets(page: Page, touch: bool) -> dict:
    """Walk the page's tap targets: ``covered`` (the element at a target's centre is not the
    target), ``small`` (on a touch screen, under :data:`TOUCH_PX` either way), ``count``."""
    return page.evaluate(_TARGETS_JS, [TARGETS, TOUCH_PX if touch else 0])


def sideways(page: Page) -> int:
    """How many CSS px the page scrolls sideways (0: none)."""
    w = page.evaluate(_WIDE_JS)
    return max(0, w["page"] - w["window"] - 1, w["main"] - 1)


# The sidebar at rest, open or closed: its right edge the same at two polls 100 ms apart. A short
# window starts in the projector view, whose sidebar slides shut after the page has drawn: a walk
# read during the slide finds the page's boxes mid-move (cut text that is not cut).
_SIDEBAR_AT_REST_JS = """() => {
  const bar = document.querySelector('[data-testid="stSidebar"]');
  if (!bar) return true;
  const right = Math.round(bar.getBoundingClientRect().right);
  const before = window.__gtlSidebarRight;
  window.__gtlSidebarRight = right;
  return before === right;
}"""


def layout_problems(page: Page, touch: bool) -> dict[str, list]:
    """Everything wrong with the page's layout, by kind (empty lists: nothing), read once the
    sidebar is at rest."""
    page.wait_for_function(_SIDEBAR_AT_REST_JS, polling=100)
    targets = tap_targets(page, touch)
    assert targets["count"] > 0, "no tap target on screen: the walk checked none"
    wide = sideways(page)
    return {
        "cut": clipped_controls(page),
        "covered": targets["covered"],
        "small": targets["small"],
        "sideways": [wide] if wide else [],
    }
