"""A class's join link names an address the class's phones can open (ui.common.public_url
.join_base): GTL_PUBLIC_URL when set, the page's own address when it is not this computer's
loopback, else this machine's network address, or the reason there is none."""

from __future__ import annotations

import pytest

from ui.common.public_url import LOOPBACK_SERVER, NO_NETWORK, join_base

NET = "192.168.1.20"


@pytest.mark.parametrize(
    ("page", "setting", "server", "network", "want"),
    [
        # make run, opened at localhost: the network address, same port and prefix
        ("http://localhost:8501", "", "", NET, ("http://192.168.1.20:8501", None)),
        ("http://127.0.0.1:8501/gtl", "", "", NET, ("http://192.168.1.20:8501/gtl", None)),
        ("http://[::1]:8501", "", "0.0.0.0", NET, ("http://192.168.1.20:8501", None)),
        ("http://localhost", "", "", NET, ("http://192.168.1.20", None)),
        # opened at an address phones can open already: kept
        ("https://gtl.school.example", "", "", NET, ("https://gtl.school.example", None)),
        ("http://10.0.0.5:8501", "", "", None, ("http://10.0.0.5:8501", None)),
        # the operator's address wins, even over a loopback page
        ("http://localhost:8501", "https://gtl.example/", "", NET, ("https://gtl.example", None)),
        # an unusable setting is not used
        ("http://localhost:8501", "gtl.example", "", NET, ("http://192.168.1.20:8501", None)),
        # no address but loopback, or a server that answers this computer only: said why
        ("http://localhost:8501", "", "", None, ("http://localhost:8501", NO_NETWORK)),
        ("http://localhost:8501", "", "127.0.0.1", NET, ("http://localhost:8501", LOOPBACK_SERVER)),
        ("http://localhost:8501", "", "localhost", NET, ("http://localhost:8501", LOOPBACK_SERVER)),
    ],
)
def test_the_join_base(page, setting, server, network, want) -> None:
    assert join_base(page, setting, server, network) == want


# the class page under AppTest (no browser: the page's address is localhost's, and Streamlit's
# server.address is unset, as under make run)
from tests.ui.test_page_classroom import made, page, store, texts  # noqa: E402, F401


def test_the_teachers_join_link_and_qr_code_name_the_network_address(store, made, monkeypatch):  # noqa: F811
    monkeypatch.delenv("GTL_PUBLIC_URL", raising=False)
    monkeypatch.setattr("ui.common.public_url.network_address", lambda: NET)
    at = page(t=made.teacher_token)
    assert not at.exception
    assert f"http://{NET}:8501/classroom?join={made.code}" in texts(at)
    assert "localhost:8501/classroom?join=" not in texts(at)
    assert not [w for w in at.warning if "Phones cannot open" in w.value]


def test_with_no_network_address_the_teacher_is_told_plainly(store, made, monkeypatch):  # noqa: F811
    monkeypatch.delenv("GTL_PUBLIC_URL", raising=False)
    monkeypatch.setattr("ui.common.public_url.network_address", lambda: None)
    at = page(t=made.teacher_token)
    assert not at.exception
    assert f"http://localhost:8501/classroom?join={made.code}" in texts(at)
    assert [w.value for w in at.warning if "no network address" in w.value], texts(at)
