"""Every page in ui.common.registry.PAGES loads in a real browser with no exception, its main control
responds, and a screenshot is written; plus the home page's links to the labs."""

from __future__ import annotations

import re

import pytest

from gtl_dev.pages import CHART, rerun
from tests.browser.axe import assert_axe_clean
from tests.browser.helpers import (
    assert_no_exception,
    assert_share_link_restores,
    expect,
    open_page,
    record_figure,
    screenshot,
)
from ui.common.registry import HOME, LABS, PAGE_LINK, PAGES, other_pages

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("spec", PAGES, ids=lambda s: s.url_path or "home")
def test_page_loads_and_responds(page, base_url, spec):
    seconds = open_page(page, base_url, spec.url_path)
    what = "first drawn figure" if page.locator(CHART).count() else "drawn page (no figure)"
    record_figure(f"time from navigation to {what}: {spec.url_path or 'home'}", seconds)
    assert_no_exception(page)
    expect(page).to_have_title(re.compile(rf"^Game Tree Lab$|{re.escape(spec.title)}"))
    assert_axe_clean(page, f"{spec.url_path or 'home'}, as it opens")
    if spec.smoke is not None:
        if spec.smoke.click is not None:
            with rerun(page):
                page.locator(spec.smoke.click).first.click()
            assert_no_exception(page)
        expect(page.locator(spec.smoke.expect).first).to_be_visible()
        assert_axe_clean(page, f"{spec.url_path or 'home'}, after its main control")
    screenshot(page, spec.url_path or "home")


def test_home_links_every_page_labs_first(page, base_url):
    open_page(page, base_url)
    links = page.locator(PAGE_LINK)
    labs = list(LABS)
    specs = [*labs, *other_pages()]
    assert labs and specs
    # each link's address ends with its page's path (a "/" after it or not)
    expect(links).to_have_count(len(specs))
    for i, spec in enumerate(specs):  # in this order
        path = re.compile(rf"(^|/){re.escape(spec.url_path)}/*$")
        expect(links.nth(i)).to_have_attribute("href", path)
    with rerun(page):  # following a link lands on the lab, cleanly
        links.first.click()
    page.wait_for_url(f"**/{labs[0].url_path}**")
    assert_no_exception(page)


def test_home_restores_in_a_new_context(browser, base_url):
    def check(p):
        expect(p.get_by_role("heading", name="Game Tree Lab")).to_be_visible()
        expect(p.locator(".st-key-home-problems")).to_be_visible()

    assert_share_link_restores(browser, f"{base_url}/{HOME.url_path}", check)
