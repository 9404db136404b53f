"""axe-core (the npm package, pinned in package.json; `make js` installs it) in a Playwright
page: :func:`axe_violations` injects it and returns the violations of the WCAG 2.0 / 2.1 A and
AA rules, :func:`assert_axe_clean` fails with a readable list of them.

axe reads the page through its shadow roots (the tree canvas lives in one), so a state the
test has reached (stepped, a quiz open, an exercise checked, the follow view) is scanned as
it is on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gtl_dev.app_server import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

_RUN_JS = """async ([tags, exclude]) => {
  const r = await window.axe.run({include: [document], exclude},
                                 {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target, html: n.html.slice(0, 160),
                                summary: (n.failureSummary || "").slice(0, 300)}))}));
}"""


def axe_violations(page: Page, exclude: list | None = None) -> list[dict]:
    """The WCAG 2.x A/AA violations axe finds on ``page`` now: [{id, impact, help, nodes}].
    ``exclude``: axe selectors (lists of CSS selectors, one per shadow level) not scanned."""
    if not AXE_JS.exists():
        raise AssertionError(f"{AXE_JS} is missing: run `make js` (axe-core is a devDependency)")
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE_JS))
    return page.evaluate(_RUN_JS, [TAGS, exclude or []])


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}): {v['help']}")
        for n in v["nodes"][:6]:
            lines.append(f"    {n['target']}: {n['html']}")
            if n["summary"]:
                lines.append(f"        {n['summary'].splitlines()[-1]}")
    return "\n".join(lines)


def assert_axe_clean(page: Page, where: str, exclude: list | None = None) -> None:
    """Fail when axe finds any WCAG 2.x A/AA violation on ``page`` (``where`` names the state)."""
    found = axe_violations(page, exclude)
    assert not found, (
        f"axe-core, {where}: {sum(len(v['nodes']) for v in found)} violations\n" + describe(found)
    )
