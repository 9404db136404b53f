"""The wrong-code slow-down of joining (classroom.guard), on SQLite and on PostgreSQL: who a
device is behind proxies, the counts per page and per address, and a class behind one
address that never locks itself out."""

from __future__ import annotations

import threading
from datetime import timedelta
from functools import partial
from types import SimpleNamespace

import pytest

from classroom import access, guard, live
from classroom.db import JoinAttempt
from engine.errors import InputError
from tests.classroom.test_live import HANG_S, T0, Workers, _count, _snapshot, tree


@pytest.fixture
def cls(store):
    return live.create_session(store, tree(), now=T0)


def wrong_codes(cls, n: int) -> list[str]:
    """``n`` different codes that name no session (a guesser's tries)."""
    alpha = guard.CODE_ALPHABET
    out = [f"ZZ{alpha[i // 32 % 32]}{alpha[i % 32]}QQ" for i in range(n)]
    return [c for c in out if c != cls.code][:n]


def _try(store, code: str, name: str, client: str, page: str | None = None, now=T0) -> str:
    try:
        return access.join(store, code, name, client, now=now, page=page).name
    except InputError as e:
        return str(e)


# ---- who is joining ---------------------------------------------------------------------
def fake_context(monkeypatch, peer: str | None, forwarded: list[str]) -> None:
    """The page's st.context: the connection's address and its X-Forwarded-For headers."""
    from ui.classroom import shared

    headers = SimpleNamespace(
        get=lambda name, default=None: ", ".join(forwarded) or default,
        get_all=lambda name: list(forwarded),
    )
    monkeypatch.setattr(shared.st, "context", SimpleNamespace(ip_address=peer, headers=headers))


def test_a_forged_forwarded_header_does_not_skip_the_slow_down(store, cls, monkeypatch):
    """Measured before: eight wrong codes, each with another X-Forwarded-For header, were
    each told "4 more tries before a wait"."""
    from ui.classroom.shared import client

    monkeypatch.delenv(guard.TRUSTED_ENV, raising=False)
    monkeypatch.setenv(guard.SERVER_ENV, "")  # the web server believes nobody (make run)
    said = []
    for i, code in enumerate(wrong_codes(cls, guard.ADDRESS_FREE + 3)):
        fake_context(monkeypatch, "203.0.113.7", [f"10.1.{i}.{i}"])
        said.append(_try(store, code, f"G{i}", client()))
    assert all("no class session" in m for m in said[: guard.ADDRESS_FREE])
    assert all("too many wrong codes" in m for m in said[guard.ADDRESS_FREE + 1 :])


def test_forwarded_addresses_are_believed_only_from_named_proxies(monkeypatch):
    from ui.classroom.shared import client

    trusted = guard.trusted_proxies({guard.TRUSTED_ENV: "127.0.0.1, 10.0.0.0/8"})
    assert guard.client_address("198.51.100.1", ["1.2.3.4"], trusted) == "198.51.100.1"
    assert guard.client_address(None, ["1.2.3.4"], trusted) == "1.2.3.4"  # this machine
    # the rightmost address not a proxy: what the client wrote to the left is not believed
    assert guard.client_address("10.0.0.2", ["6.6.6.6, 1.2.3.4, 10.0.0.9"], trusted) == "1.2.3.4"
    assert guard.client_address("10.0.0.2", ["6.6.6.6", "1.2.3.4"], trusted) == "1.2.3.4"
    assert guard.client_address("10.0.0.2", ["10.0.0.5"], trusted) == "10.0.0.5"
    assert guard.client_address("10.0.0.2", [], trusted) == "10.0.0.2"
    assert guard.client_address(None, [], ()) == guard.LOCAL
    with pytest.raises(InputError, match="'10.0.0.0/33'.* not an address or a network"):
        guard.trusted_proxies({guard.TRUSTED_ENV: "10.0.0.0/33"})
    monkeypatch.setenv(guard.TRUSTED_ENV, "192.0.2.10")
    monkeypatch.setenv(guard.SERVER_ENV, "192.0.2.10")  # the web server believes no other
    fake_context(monkeypatch, "192.0.2.10", ["9.9.9.9, 8.8.8.8"])
    assert client() == "8.8.8.8"
    fake_context(monkeypatch, "192.0.2.11", ["9.9.9.9, 8.8.8.8"])
    assert client() == "192.0.2.11"


def test_the_web_server_may_believe_forwarded_headers_only_from_named_proxies():
    """uvicorn (under `streamlit run`) puts X-Forwarded-For's address in the connection's
    place for a connection from FORWARDED_ALLOW_IPS (127.0.0.1 and ::1 when unset): harmless
    only when the app names every one of those as a proxy."""
    ok = guard.server_trust_ok
    assert not ok({})  # uvicorn's default, no proxy named: a client here names itself
    assert not ok({guard.TRUSTED_ENV: "127.0.0.1"})  # ::1 too by default
    assert ok({guard.TRUSTED_ENV: "127.0.0.1, ::1"})
    assert ok({guard.SERVER_ENV: ""})  # the server believes nobody: the app decides alone
    assert ok({guard.SERVER_ENV: "", guard.TRUSTED_ENV: "10.0.0.0/8"})
    both = {guard.TRUSTED_ENV: "127.0.0.1,10.0.0.0/8"}
    assert ok({**both, guard.SERVER_ENV: "127.0.0.1, 10.2.0.0/16"})  # narrower: fine
    assert not ok({**both, guard.SERVER_ENV: "127.0.0.1, 10.0.0.0/7"})  # wider
    assert not ok({**both, guard.SERVER_ENV: "*"})
    assert ok({guard.SERVER_ENV: "/run/proxy.sock"})  # never a connection's address
    assert not ok({guard.SERVER_ENV: "", guard.TRUSTED_ENV: "nonsense"})
    # a forwarded connection the app cannot place counts as one address, whatever it claims
    for claim in (["9.9.9.9"], ["8.8.8.8", "7.7.7.7"]):
        assert guard.client_address("9.9.9.9", claim, (), server_ok=False) == guard.FORWARDED
    assert guard.client_address(None, [], (), server_ok=False) == guard.LOCAL  # no header
    assert guard.client_address("198.51.100.1", [" "], (), server_ok=False) == "198.51.100.1"
    assert guard.server_trust_note({guard.TRUSTED_ENV: "127.0.0.1"}) is not None
    assert guard.server_trust_note({}) is None  # nothing named: nothing to warn of
    assert guard.server_trust_note({**both, guard.SERVER_ENV: "127.0.0.1"}) is None


# ---- a guesser --------------------------------------------------------------------------
def test_a_page_gets_five_wrong_codes_in_a_row_then_waits_doubling(store, cls):
    """A guesser with many addresses but one page: the page's count holds it back."""
    now = T0
    waits = []
    for i, code in enumerate(wrong_codes(cls, guard.FREE_TRIES + 4)):
        said = _try(store, code, "Ann", f"198.51.100.{i}", page="tab-1", now=now)
        assert "no class session" in said
        with store.sessions() as db:
            att = db.get(JoinAttempt, access.token_hash("page:tab-1"))
            if att.blocked_until is not None:
                waits.append((att.blocked_until - now).total_seconds())
                now = att.blocked_until
    assert waits == [2, 4, 8, 16]
    # while it waits the right code waits too, from that page; another page joins
    still = now - timedelta(seconds=1)
    said = _try(store, cls.code, "Ann", "198.51.100.99", page="tab-1", now=still)
    assert "too many wrong codes" in said
    assert _try(store, cls.code, "Ann", "198.51.100.99", page="tab-2", now=still) == "Ann"


def test_a_thousand_different_wrong_codes_from_one_address_are_slowed_down(store, cls):
    before = _snapshot(store)
    said = [
        _try(store, code, f"Guess {i}", "attacker", page=f"tab-{i}")  # a new page each time
        for i, code in enumerate(wrong_codes(cls, 1000))
    ]
    assert all("no class session has the code" in m for m in said[: guard.ADDRESS_FREE])
    assert all("wait" in m for m in said[guard.ADDRESS_FREE :])
    assert _snapshot(store) == before  # no student, no change to any session
    # a right code from that address waits too (it does not clear the count); another joins
    assert "too many wrong codes" in _try(store, cls.code, "Ann", "attacker", page="new")
    assert _try(store, cls.code, "Ann", "someone else", page="new") == "Ann"
    later = T0 + timedelta(seconds=guard.MAX_WAIT + 1)
    assert _try(store, cls.code, "Bob", "attacker", page="new", now=later) == "Bob"
    # after a wait one more code is looked at, and the next wait starts at once
    assert "now wait before" in _try(store, "ZZZZQQ", "C", "attacker", page="x", now=later)
    assert "too many wrong codes" in _try(store, "ZZZZQ8", "C", "attacker", page="z", now=later)
    quiet = later + guard.FORGET  # an hour without a new wrong code: forgotten
    assert "no class session" in _try(store, "ZZZZQ9", "C", "attacker", page="y", now=quiet)


def test_a_burst_of_wrong_codes_at_once_gets_no_more_looks_than_tries_in_a_row(store, cls):
    """Forty different wrong codes from one address at the same moment (a script): each try
    is counted before the next one is looked at, so the burst is told "no such code" as
    often as the same tries one after another, and the rest are told to wait."""
    n = 40
    start = threading.Barrier(n, timeout=HANG_S)
    codes = wrong_codes(cls, n)

    def guess(i: int) -> str:
        start.wait()
        return _try(store, codes[i], f"Guess {i}", "burst", page=f"tab-{i}")

    said = Workers([partial(guess, i) for i in range(n)]).results()
    looked = [m for m in said if "no class session has the code" in m]
    assert len(looked) == guard.ADDRESS_FREE + 1  # the last of them starts the wait
    assert sum("too many wrong codes" in m for m in said) == n - len(looked)
    with store.sessions() as db:
        att = db.get(JoinAttempt, access.token_hash("client:burst"))
        assert att is not None and att.failures == guard.ADDRESS_FREE + 1


# ---- a class behind one address ---------------------------------------------------------
def test_a_class_behind_one_address_does_not_lock_itself_out(store, cls):
    """Ten students misread the projector (an O for a 0), then forty type the right code,
    all at once from the school's one address: all forty get in, none waits."""
    misread = "ZZZZQO"  # not a code at all (O is not in the alphabet), as typed
    misread2 = "ZZZZQ2" if cls.code != "ZZZZQ2" else "ZZZZQ3"
    typos = [misread] * 7 + [misread2] * 3
    for i, typo in enumerate(typos):
        assert "no class session" in _try(store, typo, f"T{i}", "school", page=f"t{i}")
    n = 40
    start = threading.Barrier(n, timeout=HANG_S)

    def right(i: int) -> str:
        start.wait()
        page = f"t{i}" if i < len(typos) else f"r{i}"  # the ten who misread try again too
        return _try(store, cls.code, f"Student {i}", "school", page=page)

    said = Workers([partial(right, i) for i in range(n)]).results()
    assert said == [f"Student {i}" for i in range(n)]
    assert len(live.room(store, cls.teacher_token, now=T0).students) == n
    # and a guesser behind the school's address is still slowed: the right codes cleared nothing
    guesses = [
        _try(store, c, "G", "school", page=f"g{i}") for i, c in enumerate(wrong_codes(cls, 30))
    ]
    assert any("too many wrong codes" in m for m in guesses)
    assert _count(store, JoinAttempt) >= 1
