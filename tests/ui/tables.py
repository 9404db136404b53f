"""Read back the labs' markdown tables (ui.common.table) from an AppTest run, as a
pandas DataFrame of the cells' text. Written apart from the writer: it splits a line on the
pipes that no backslash escapes and drops every escaping backslash (CommonMark's rule for
a backslash before ASCII punctuation). And the rows of figures (ui.common.figures), read with
the standard library's HTML parser."""

from __future__ import annotations

import re
import string
from html.parser import HTMLParser

import pandas as pd

_PUNCT = re.escape(string.punctuation)
_UNESCAPE = re.compile(rf"\\([{_PUNCT}])")


def _cells(line: str) -> list[str]:
    out, cur, i = [], "", 0
    body = line.strip()[1:-1]  # the outer pipes
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            cur += body[i : i + 2]
            i += 2
            continue
        if body[i] == "|":
            out.append(cur)
            cur = ""
        else:
            cur += body[i]
        i += 1
    out.append(cur)
    return [_UNESCAPE.sub(r"\1", c.strip()) for c in out]


def parse_table(text: str) -> pd.DataFrame:
    """One markdown table's text -> its rows (the second line is the alignment rule; the
    table ends at the first blank line, where words under it in the same element begin)."""
    lines = text.strip().splitlines()
    head, rule, body = _cells(lines[0]), lines[1], lines[2:]
    if "" in (line.strip() for line in body):
        body = body[: [line.strip() for line in body].index("")]
    assert set(rule) <= set("|:- "), rule
    return pd.DataFrame([_cells(line) for line in body], columns=head)


def tables(at) -> list[pd.DataFrame]:  # noqa: ANN001
    """Every markdown table the run drew, in page order."""
    found = []
    for md in at.markdown:
        text = md.value.strip()
        lines = text.splitlines()
        if len(lines) >= 2 and lines[0].startswith("|") and set(lines[1]) <= set("|:- "):
            found.append(parse_table(text))
    return found


class _Figures(HTMLParser):
    """Collects (label, value, title) from every <dl>'s <dt>/<dd> pairs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []
        self._tag: str | None = None
        self._title = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "div":
            self._title = dict(attrs).get("title") or ""
        if tag in ("dt", "dd"):
            self._tag = tag
            if tag == "dt":
                self.found.append({"label": "", "value": "", "help": self._title})

    def handle_endtag(self, tag: str) -> None:
        if tag == self._tag:
            self._tag = None

    def handle_data(self, data: str) -> None:
        if self._tag == "dt":
            self.found[-1]["label"] += data
        elif self._tag == "dd":
            self.found[-1]["value"] += data


def figure_rows(at) -> list[dict[str, str]]:  # noqa: ANN001
    """Every figure the run drew (st.html rows of a <dl>), in page order: each a dict of its
    label, value and help (the title; empty when it has none)."""
    out = []
    for h in at.get("html"):
        if "<dl" in h.proto.body:
            parser = _Figures()
            parser.feed(h.proto.body)
            out += parser.found
    return out


def figures(at) -> dict[str, str]:  # noqa: ANN001
    """The run's figures as {label: value}."""
    return {f["label"]: f["value"] for f in figure_rows(at)}
