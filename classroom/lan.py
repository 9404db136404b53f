"""This machine's network address: the one a phone on the same network opens the app at.

A teacher who opened the app at ``localhost`` (``make run``, then the browser) would hand a
class a join link to ``localhost``, which on a phone is the phone itself. The class's links
use this address instead (ui.common.public_url.join_base_url), as ``streamlit run`` prints
it for its "Network URL".

Found without sending anything: on Linux the interface of the default route
(``/proc/net/route``) and its IPv4 address (the ``SIOCGIFADDR`` ioctl), or else the first
interface that is up with an address; elsewhere the address the kernel would send from
towards a private address (a UDP socket's ``connect`` picks a route and sends no packet).
None when the machine has no address but loopback.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from pathlib import Path

ROUTES = Path("/proc/net/route")
_SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address
_PROBE = ("10.255.255.255", 9)  # any private address: connect() on UDP only picks the route


def usable(address: str | None) -> bool:
    """Whether another device could open ``address``: an IPv4 address that is not loopback,
    link-local, unspecified or multicast."""
    try:
        ip = ipaddress.IPv4Address(address or "")
    except ipaddress.AddressValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def is_loopback_host(host: str | None) -> bool:
    """Whether ``host`` (a URL's host name) names this machine's loopback: ``localhost``
    (and names under it), 127.0.0.0/8, ``::1``."""
    h = (host or "").strip("[]").lower().rstrip(".")
    if h == "localhost" or h.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False


def _default_route_interface(routes: str) -> str | None:
    """The interface of the default route in a ``/proc/net/route`` text, if any."""
    for line in routes.splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 8 and cols[1] == "00000000" and cols[7] == "00000000":
            return cols[0]
    return None


def _interface_address(name: str) -> str | None:
    # deferred: fcntl is Unix's, and this module is imported on every platform
    import fcntl

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            packed = fcntl.ioctl(s.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
        except OSError:  # no IPv4 address, or the interface is gone
            return None
    return socket.inet_ntoa(packed[20:24])


def _linux() -> str | None:
    try:
        routes = ROUTES.read_text(encoding="ascii", errors="replace")
    except OSError:
        routes = ""
    first = _default_route_interface(routes)
    names = [first] if first else []
    names += [n for _, n in socket.if_nameindex() if n != first]
    for name in names:
        address = _interface_address(name)
        if usable(address):
            return address
    return None


def _by_route() -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(_PROBE)
            return s.getsockname()[0]
        except OSError:  # no route at all
            return None


def network_address() -> str | None:
    """This machine's IPv4 address on its network (see the module's note), or None."""
    address = _linux() if sys.platform.startswith("linux") else _by_route()
    return address if usable(address) else None
