"""Exam sheets (teach.exam) as quiz files for learning platforms: Moodle XML and QTI 1.2.

Each exercise of a sheet becomes:

- one **numeric** question per inner node alpha-beta visits: "What value does node B
  return?" (exactly the value teach.exercise grades; nodes inside pruned subtrees are not
  asked), and
- one **cut** question per inner node with two or more children that alpha-beta visits:
  for each child after the first, "searched or pruned?" (a Moodle Cloze question with one
  drop-down per child; a Canvas "multiple dropdowns" question in QTI).

The tree is given in words in every question (branching, leaves left to right, bracket
notation), since the platforms do not draw trees; the printed sheet (PDF/PNG) is the picture.

Writers use the standard library's ElementTree and are checked in tests: well-formed, the
right question counts and answers. ``text2qti`` was not used: it turns its own Markdown
dialect into QTI and has no numeric question with an exact answer nor drop-down questions.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from xml.etree import ElementTree as ET

from engine.tree_text import format_brackets
from engine.values import MINUS_INF, PLUS_INF
from teach import i18n
from teach.exam import Exercise
from teach.i18n import N_, _
from teach.quiz import node_names

# the drop-downs' two words (translated where they are written)
SEARCHED, PRUNED = N_("searched"), N_("pruned")


def _rule() -> str:
    return _(
        "Root is MAX, levels alternate MAX and MIN; alpha-beta searches children left to "
        "right from alpha = {minus}, beta = {plus} and skips a node's remaining children as "
        "soon as alpha ≥ beta. A node returns its best value so far (fail-soft).",
        minus=MINUS_INF,
        plus=PLUS_INF,
    )


@dataclass(frozen=True)
class CutPart:
    child: str  # name of the child
    pruned: bool


@dataclass(frozen=True)
class SheetQuestion:
    """One platform question. ``kind`` is "numeric" (``answer`` set) or "cut" (``parts``)."""

    ident: str
    name: str
    kind: str
    context: str
    prompt: str
    answer: int | None = None
    parts: tuple[CutPart, ...] = ()
    feedback: str = ""


def _context(i: int, ex: Exercise) -> str:
    leaves = ", ".join(map(str, ex.leaves))
    tree = _(
        "Exercise {i}: a complete tree of branching {branching} and depth {depth}; the leaves "
        "from left to right are {leaves} (in brackets: {brackets}). Inner nodes are named A, "
        "B, C, ... level by level from the left; leaves are numbered 1, 2, 3, ... from the left.",
        i=i,
        branching=ex.branching,
        depth=ex.depth,
        leaves=leaves,
        brackets=format_brackets(ex.tree),
    )
    return f"{tree} {_rule()}"


def sheet_questions(sheet: Sequence[Exercise], lang: str = i18n.DEFAULT) -> list[SheetQuestion]:
    """The questions of a sheet in ``lang``, exercise by exercise, nodes in the order the
    search visits them (preorder)."""
    with i18n.use(lang):
        return _questions(sheet)


def _questions(sheet: Sequence[Exercise]) -> list[SheetQuestion]:
    out: list[SheetQuestion] = []
    for i, ex in enumerate(sheet, start=1):
        tree, sol = ex.tree, ex.solution
        names = node_names(tree)
        ctx = _context(i, ex)
        for n in tree.preorder():
            if tree.is_leaf(n) or n in sol.skipped:
                continue
            kind = "MAX" if tree.is_max(n) else "MIN"
            out.append(
                SheetQuestion(
                    ident=f"ex{i}_value_{names[n]}",
                    name=_("Exercise {i}: value of {node}", i=i, node=names[n]),
                    kind="numeric",
                    context=ctx,
                    prompt=_(
                        "What value does node {node} ({kind}) return?", node=names[n], kind=kind
                    ),
                    answer=sol.values[n],
                    feedback=_("Node {node} returns {value}.", node=names[n], value=sol.values[n]),
                )
            )
        for n in tree.preorder():
            kids = tree.children[n]
            if len(kids) < 2 or n in sol.skipped:
                continue
            parts = tuple(CutPart(names[c], (n, c) in sol.pruned_edges) for c in kids[1:])
            cut = [p.child for p in parts if p.pruned]
            out.append(
                SheetQuestion(
                    ident=f"ex{i}_cut_{names[n]}",
                    name=_("Exercise {i}: cuts at {node}", i=i, node=names[n]),
                    kind="cut",
                    context=ctx,
                    prompt=_(
                        "Node {node}: is each child after the first searched or pruned?",
                        node=names[n],
                    ),
                    parts=parts,
                    feedback=(
                        _(
                            "At {node} alpha-beta prunes {children}.",
                            node=names[n],
                            children=", ".join(cut),
                        )
                        if cut
                        else _("At {node} every child is searched.", node=names[n])
                    ),
                )
            )
    return out


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    e = ET.SubElement(parent, tag, attrs)
    if text is not None:
        e.text = text
    return e


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ---- Moodle XML --------------------------------------------------------------------------
def _moodle_text(parent: ET.Element, tag: str, html: str) -> None:
    _sub(_sub(parent, tag, format="html"), "text", html)


def moodle_xml(
    sheet: Sequence[Exercise], category: str = "Game Tree Lab", lang: str = i18n.DEFAULT
) -> bytes:
    """The sheet as a Moodle XML question bank in ``lang``: ``numerical`` and ``cloze``
    questions in a category of their own."""
    with i18n.use(lang):
        return _moodle(sheet, category)


def _moodle(sheet: Sequence[Exercise], category: str) -> bytes:
    quiz = ET.Element("quiz")
    cat = _sub(quiz, "question", type="category")
    _sub(_sub(cat, "category"), "text", f"$course$/top/{category}")
    for q in _questions(sheet):
        ctx = f"<p>{_html(q.context)}</p>"
        if q.kind == "numeric":
            el = _sub(quiz, "question", type="numerical")
            _sub(_sub(el, "name"), "text", q.name)
            _moodle_text(el, "questiontext", f"{ctx}<p>{_html(q.prompt)}</p>")
            _moodle_text(el, "generalfeedback", f"<p>{_html(q.feedback)}</p>")
            _sub(el, "defaultgrade", "1")
            _sub(el, "penalty", "0")
            ans = _sub(el, "answer", fraction="100", format="moodle_auto_format")
            _sub(ans, "text", str(q.answer))
            _sub(ans, "tolerance", "0")
            right = _("Right.")
            _moodle_text(ans, "feedback", f"<p>{_html(right)}</p>")
        else:
            el = _sub(quiz, "question", type="cloze")
            _sub(_sub(el, "name"), "text", q.name)
            rows = "".join(f"<li>{_html(p.child)}: {_cloze_choice(p.pruned)}</li>" for p in q.parts)
            _moodle_text(el, "questiontext", f"{ctx}<p>{_html(q.prompt)}</p><ul>{rows}</ul>")
            _moodle_text(el, "generalfeedback", f"<p>{_html(q.feedback)}</p>")
            _sub(el, "penalty", "0")
    return _xml(quiz)


def _cloze_choice(pruned: bool) -> str:
    """A Cloze drop-down, right answer marked with '='."""
    a, b = (PRUNED, SEARCHED) if pruned else (SEARCHED, PRUNED)
    return f"{{1:MULTICHOICE:={_(a)}~{_(b)}}}"


# ---- QTI 1.2 (Canvas) --------------------------------------------------------------------
QTI_NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"


def _meta(item: ET.Element, fields: dict[str, str]) -> None:
    md = _sub(_sub(item, "itemmetadata"), "qtimetadata")
    for k, v in fields.items():
        f = _sub(md, "qtimetadatafield")
        _sub(f, "fieldlabel", k)
        _sub(f, "fieldentry", v)


def _scored(item: ET.Element) -> ET.Element:
    """The item's ``resprocessing``, with its SCORE variable (0 to 100) declared."""
    proc = _sub(item, "resprocessing")
    outcomes = _sub(proc, "outcomes")
    _sub(outcomes, "decvar", maxvalue="100", minvalue="0", varname="SCORE", vartype="Decimal")
    return proc


def _mattext(parent: ET.Element, html: str) -> None:
    _sub(_sub(parent, "material"), "mattext", html, texttype="text/html")


def qti_xml(
    sheet: Sequence[Exercise],
    title: str = "Game Tree Lab exam sheet",
    lang: str = i18n.DEFAULT,
) -> bytes:
    """The sheet as one QTI 1.2 assessment as Canvas imports it, in ``lang``:
    ``numerical_question`` and ``multiple_dropdowns_question`` items."""
    with i18n.use(lang):
        return _qti(sheet, title)


def _qti(sheet: Sequence[Exercise], title: str) -> bytes:
    root = ET.Element("questestinterop", xmlns=QTI_NS)
    asm = _sub(root, "assessment", ident="gtl_sheet", title=title)
    section = _sub(asm, "section", ident="root_section")
    for q in _questions(sheet):
        item = _sub(section, "item", ident=q.ident, title=q.name)
        ctx = f"<p>{_html(q.context)}</p>"
        if q.kind == "numeric":
            _meta(item, {"question_type": "numerical_question", "points_possible": "1"})
            pres = _sub(item, "presentation")
            _mattext(pres, f"{ctx}<p>{_html(q.prompt)}</p>")
            resp = _sub(pres, "response_str", ident="response1", rcardinality="Single")
            _sub(resp, "render_fib", fibtype="Decimal")
            proc = _scored(item)
            cond = _sub(proc, "respcondition", **{"continue": "No"})
            alt = _sub(_sub(cond, "conditionvar"), "or")
            _sub(alt, "varequal", str(q.answer), respident="response1")
            rng = _sub(alt, "and")
            _sub(rng, "vargte", str(q.answer), respident="response1")
            _sub(rng, "varlte", str(q.answer), respident="response1")
            _sub(cond, "setvar", "100", action="Set", varname="SCORE")
        else:
            _meta(item, {"question_type": "multiple_dropdowns_question", "points_possible": "1"})
            pres = _sub(item, "presentation")
            blanks = [f"c{k}" for k in range(1, len(q.parts) + 1)]
            rows = "".join(
                f"<li>{_html(p.child)}: [{b}]</li>" for p, b in zip(q.parts, blanks, strict=True)
            )
            _mattext(pres, f"{ctx}<p>{_html(q.prompt)}</p><ul>{rows}</ul>")
            proc = _scored(item)
            share = f"{100 / len(q.parts):.2f}"
            for p, b in zip(q.parts, blanks, strict=True):
                lid = _sub(pres, "response_lid", ident=f"response_{b}")
                _mattext(lid, b)
                choice = _sub(lid, "render_choice")
                for word in (SEARCHED, PRUNED):
                    lab = _sub(choice, "response_label", ident=f"{q.ident}_{b}_{word}")
                    _mattext(lab, _(word))
                right = PRUNED if p.pruned else SEARCHED
                cond = _sub(proc, "respcondition")
                _sub(
                    _sub(cond, "conditionvar"),
                    "varequal",
                    f"{q.ident}_{b}_{right}",
                    respident=f"response_{b}",
                )
                _sub(cond, "setvar", share, action="Add", varname="SCORE")
        fb = _sub(item, "itemfeedback", ident="general_fb")
        _sub(_sub(_sub(fb, "flow_mat"), "material"), "mattext", q.feedback, texttype="text/plain")
    return _xml(root)


def qti_package(
    sheet: Sequence[Exercise],
    title: str = "Game Tree Lab exam sheet",
    lang: str = i18n.DEFAULT,
) -> bytes:
    """A zip Canvas imports ("QTI .zip file"): imsmanifest.xml and the assessment."""
    manifest = ET.Element(
        "manifest",
        identifier="gtl_manifest",
        xmlns="http://www.imsglobal.org/xsd/imscp_v1p1",
    )
    _sub(manifest, "organizations")
    res = _sub(
        _sub(manifest, "resources"),
        "resource",
        identifier="gtl_sheet",
        type="imsqti_xmlv1p2",
        href="gtl_sheet.xml",
    )
    _sub(res, "file", href="gtl_sheet.xml")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("imsmanifest.xml", _xml(manifest))
        z.writestr("gtl_sheet.xml", qti_xml(sheet, title, lang))
    return buf.getvalue()
