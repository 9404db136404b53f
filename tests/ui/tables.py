"""Read back the labs' markdown tables (ui.common.table) from an AppTest run, as a
pandas DataFrame of the cells' text. Written apart from the writer: it splits a line on the
pipes that no backslash escapes and drops every escaping backslash (CommonMark's rule for
a backslash before ASCII punctuation)."""

from __future__ import annotations

import re
import string

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
