"""Exam sheets as Moodle XML and QTI 1.2: well-formed, the right counts, the right answers."""

from __future__ import annotations

import io
import re
import zipfile
from xml.etree import ElementTree as ET

import pytest

from engine.tree import complete_tree
from teach.exam import Exercise, make_sheet
from teach.exam_export import moodle_xml, qti_package, qti_xml, sheet_questions
from teach.exercise import solution

RN = (3, 12, 8, 2, 4, 6, 14, 5, 2)
Q = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"


def sample() -> list[Exercise]:
    t = complete_tree(RN, 3)
    return [Exercise(0, 3, 2, RN, t, solution(t), None, True, 1)]


def _counts(sheet):
    """(numeric, cut) questions expected: visited inner nodes; those with 2+ children."""
    num = cut = 0
    for ex in sheet:
        t, s = ex.tree, ex.solution
        inner = [n for n in range(len(t)) if not t.is_leaf(n) and n not in s.skipped]
        num += len(inner)
        cut += sum(len(t.children[n]) >= 2 for n in inner)
    return num, cut


def test_the_textbook_tree_in_moodle_xml():
    root = ET.fromstring(moodle_xml(sample()))
    qs = root.findall("question")
    assert qs[0].get("type") == "category"
    numeric = {
        q.find("name/text").text: q.find("answer/text").text
        for q in qs
        if q.get("type") == "numerical"
    }
    # Figure 5.2 of Russell & Norvig: A = 3; B = 3, C = 2 (cut after leaf 4), D = 2
    assert numeric == {
        "Exercise 1: value of A": "3",
        "Exercise 1: value of B": "3",
        "Exercise 1: value of C": "2",
        "Exercise 1: value of D": "2",
    }
    cloze = {
        q.find("name/text").text: q.find("questiontext/text").text
        for q in qs
        if q.get("type") == "cloze"
    }
    assert set(cloze) == {f"Exercise 1: cuts at {n}" for n in "ABCD"}
    picks = re.findall(r"\{1:MULTICHOICE:=(\w+)~\w+\}", cloze["Exercise 1: cuts at C"])
    assert picks == ["pruned", "pruned"]  # leaves 5 and 6
    picks = re.findall(r"\{1:MULTICHOICE:=(\w+)~\w+\}", cloze["Exercise 1: cuts at D"])
    assert picks == ["searched", "searched"]
    assert "3, 12, 8, 2, 4, 6, 14, 5, 2" in cloze["Exercise 1: cuts at A"]


@pytest.mark.parametrize("seed,count,b,d", [(1, 3, 3, 2), (7, 5, 2, 4), (99, 2, 3, 3)])
def test_question_counts_match_the_sheet(seed, count, b, d):
    sheet = make_sheet(seed, count, b, d)
    num, cut = _counts(sheet)
    assert [q.kind for q in sheet_questions(sheet)].count("numeric") == num
    root = ET.fromstring(moodle_xml(sheet))
    types = [q.get("type") for q in root.findall("question")]
    assert (types.count("numerical"), types.count("cloze"), types.count("category")) == (
        num,
        cut,
        1,
    )
    items = ET.fromstring(qti_xml(sheet)).findall(f"{Q}assessment/{Q}section/{Q}item")
    kinds = [
        i.find(f"{Q}itemmetadata/{Q}qtimetadata/{Q}qtimetadatafield/{Q}fieldentry").text
        for i in items
    ]
    assert (kinds.count("numerical_question"), kinds.count("multiple_dropdowns_question")) == (
        num,
        cut,
    )
    assert len({i.get("ident") for i in items}) == len(items)  # idents are unique


def test_qti_answers_and_dropdowns_are_consistent():
    root = ET.fromstring(qti_xml(sample()))
    items = {i.get("title"): i for i in root.iter(f"{Q}item")}
    c = items["Exercise 1: value of C"]
    assert c.find(f".//{Q}varequal").text == "2"
    cut = items["Exercise 1: cuts at C"]
    text = cut.find(f"{Q}presentation/{Q}material/{Q}mattext").text
    blanks = re.findall(r"\[(c\d+)\]", text)
    lids = [r.get("ident") for r in cut.findall(f"{Q}presentation/{Q}response_lid")]
    assert lids == [f"response_{b}" for b in blanks] == ["response_c1", "response_c2"]
    right = [v.text for v in cut.findall(f"{Q}resprocessing/{Q}respcondition//{Q}varequal")]
    assert right == ["ex1_cut_C_c1_pruned", "ex1_cut_C_c2_pruned"]
    labels = {lab.get("ident") for lab in cut.iter(f"{Q}response_label")}
    assert set(right) <= labels


def test_the_qti_package_is_a_zip_canvas_reads():
    z = zipfile.ZipFile(io.BytesIO(qti_package(sample())))
    assert set(z.namelist()) == {"imsmanifest.xml", "gtl_sheet.xml"}
    man = ET.fromstring(z.read("imsmanifest.xml"))
    ns = "{http://www.imsglobal.org/xsd/imscp_v1p1}"
    res = man.find(f"{ns}resources/{ns}resource")
    assert res.get("type") == "imsqti_xmlv1p2" and res.get("href") == "gtl_sheet.xml"
    assert ET.fromstring(z.read("gtl_sheet.xml")).tag == f"{Q}questestinterop"
