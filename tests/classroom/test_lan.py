"""classroom.lan: the address a phone opens the app at, found without sending anything."""

from __future__ import annotations

import ipaddress
import subprocess

import pytest

from classroom import lan

ROUTES = """Iface	Destination	Gateway 	Flags	RefCnt	Use	Metric	Mask		MTU	Window	IRTT
docker0	000011AC	00000000	0001	0	0	0	0000FFFF	0	0	0
wlan0	00000000	0101A8C0	0003	0	0	600	00000000	0	0	0
wlan0	0001A8C0	00000000	0001	0	0	600	00FFFFFF	0	0	0
"""


def test_the_default_routes_interface_is_read_from_the_route_table() -> None:
    assert lan._default_route_interface(ROUTES) == "wlan0"
    assert lan._default_route_interface(ROUTES.split("wlan0\t00000000")[0]) is None
    assert lan._default_route_interface("") is None


@pytest.mark.parametrize(
    ("host", "loop"),
    [
        ("localhost", True),
        ("LOCALHOST.", True),
        ("app.localhost", True),
        ("127.0.0.1", True),
        ("127.3.2.1", True),
        ("[::1]", True),
        ("::1", True),
        ("192.168.1.20", False),
        ("gtl.school.example", False),
        ("", False),
        (None, False),
        ("localhost.example", False),
    ],
)
def test_loopback_hosts(host, loop) -> None:
    assert lan.is_loopback_host(host) is loop


@pytest.mark.parametrize(
    ("address", "ok"),
    [
        ("192.168.1.20", True),
        ("10.0.0.5", True),
        ("192.0.2.2", True),
        ("127.0.0.1", False),
        ("169.254.3.4", False),
        ("0.0.0.0", False),
        ("224.0.0.1", False),
        ("fd00::2", False),
        ("nonsense", False),
        (None, False),
    ],
)
def test_usable_addresses(address, ok) -> None:
    assert lan.usable(address) is ok


def _addresses_by_ip_command() -> set[str]:
    """This machine's IPv4 addresses as iproute2 lists them (an independent reading)."""
    out = subprocess.run(
        ["ip", "-4", "-o", "addr", "show"],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    found = set()
    for line in out.splitlines():
        words = line.split()
        found.add(str(ipaddress.ip_interface(words[words.index("inet") + 1]).ip))
    assert "127.0.0.1" in found, out  # the reading works: loopback is always listed
    return found


def test_the_network_address_is_one_of_this_machines_own() -> None:
    listed = _addresses_by_ip_command()
    others = {a for a in listed if lan.usable(a)}
    got = lan.network_address()
    if others:
        assert got in others, (got, listed)
    else:
        assert got is None, (got, listed)


def test_without_an_address_but_loopback_there_is_none(monkeypatch) -> None:
    monkeypatch.setattr(lan, "_interface_address", lambda name: "127.0.0.1")
    monkeypatch.setattr(lan, "_by_route", lambda: "127.0.0.1")
    assert lan.network_address() is None
