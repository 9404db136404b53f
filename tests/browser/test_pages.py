"""Every page in ui.common.registry.PAGES loads in a real browser with no exception, its main control
responds, and a screenshot is written; plus the home page's links to the labs."""

from __future__ import annotations

import pytest

from gtl_dev.pages import CHART, rerun
from tests.browser.axe import assert_axe_clean
from tests.browser.helpers import (
    assert_no_exception,
    assert_share_link_restores,
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
    assert page.title() == "Game Tree Lab" or spec.title in page.title()
    assert_axe_clean(page, f"{spec.url_path or 'home'}, as it opens")
    if spec.smoke is not None:
        if spec.smoke.click is not None:
            with rerun(page):
                page.locator(spec.smoke.click).first.click()
            assert_no_exception(page)
        expected = page.locator(spec.smoke.expect).first
        expected.wait_for(state="visible")
        assert expected.is_visible()
        assert_axe_clean(page, f"{spec.url_path or 'home'}, after its main control")
    screenshot(page, spec.url_path or "home")


def test_home_links_every_page_labs_first(page, base_url):
    open_page(page, base_url)
    links = page.locator(PAGE_LINK)
    labs = list(LABS)
    assert links.count() == len(labs) + len(other_pages())
    for i, spec in enumerate([*labs, *other_pages()]):
        href = links.nth(i).get_attribute("href") or ""
        assert href.strip("/").rsplit("/", 1)[-1] == spec.url_path
    with rerun(page):  # following a link lands on the lab, cleanly
        links.first.click()
    page.wait_for_url(f"**/{labs[0].url_path}**")
    assert_no_exception(page)


def test_home_restores_in_a_new_context(browser, base_url):
    def check(p):
        assert p.get_by_role("heading", name="Game Tree Lab").is_visible()
        assert p.locator(".st-key-home-problems").is_visible()

    assert_share_link_restores(browser, f"{base_url}/{HOME.url_path}", check)
