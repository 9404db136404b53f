"""What of a text made in the pseudo-language ``xx`` is outside its ⟦ ⟧ marks (issue 24)."""

from __future__ import annotations

import re
from collections.abc import Iterable


def outside_marks(text: str, keep: Iterable[str] = ()) -> str:
    """``text`` with every ⟦ ⟧ span blanked (innermost first: a sentence may hold another) and
    then every ``keep`` pattern (what stays as it is in every language)."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    for pattern in keep:
        text = re.sub(pattern, " ", text)
    return text
