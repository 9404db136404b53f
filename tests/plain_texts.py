"""The texts a page shows in ui.common.plain_text's boxes, read in AppTest."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from ui.common.plain_text import NAME


def plain_texts(at: AppTest) -> list[str]:
    """Every plain-text box's text, in page order."""
    return [
        json.loads(c.proto.json)["text"]
        for c in at.get("bidi_component")
        if c.proto.component_name.endswith(NAME)
    ]
