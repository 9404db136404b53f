"""The app's public base URL: the address other people and other sites open it at.

One answer for every link the app hands out (a class's join link and QR code, a lab's embed
code): ``GTL_PUBLIC_URL`` when the operator set it (e.g. ``https://gtl.school.example`` or
``https://school.example/gtl``: the address behind a proxy, or the network address a phone
can open), else the page's own origin and prefix as the browser sent it (``st.context.url``
less the page's own path), behind a proxy too.

A malformed ``GTL_PUBLIC_URL`` is not used: the page's own address is, and
:func:`bad_setting` gives it (the embed box says so).

A class's join link (:func:`join_base_url`) goes one step further: a page opened at
``localhost`` would send the class's phones to themselves, so the link names this machine's
network address instead (classroom.lan), or says why it cannot.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import streamlit as st

from classroom.lan import is_loopback_host, network_address
from ui.common.registry import PAGES

PUBLIC_ENV = "GTL_PUBLIC_URL"
FALLBACK = "http://localhost:8501/"  # no page address at all (a script run with no browser)
PAGE_PATHS = frozenset(spec.url_path for spec in PAGES if spec.url_path)


def parse_setting(text: str) -> str | None:
    """The base URL of a ``GTL_PUBLIC_URL`` value, without a trailing slash; None when it is
    empty or unusable: not an http or https address of a host, or with a ? query or a #
    fragment (a path is allowed: the app behind a proxy's prefix)."""
    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018  (a bad port raises ValueError here)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    if parts.query or parts.fragment:
        return None
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def bad_setting() -> str | None:
    """This server's ``GTL_PUBLIC_URL`` when it is set but unusable (:func:`parse_setting`),
    else None."""
    given = os.environ.get(PUBLIC_ENV, "").strip()
    return given if given and parse_setting(given) is None else None


def split_page(url: str) -> tuple[str, str]:
    """(the app's base without a trailing slash, the page's path) of a page address
    ``url`` (no query): the last part of the path is the page's when it is one of the
    app's pages (``/gtl/alphabeta`` -> ``/gtl``, ``alphabeta``), else the page is the
    home page ("")."""
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    head, _sep, last = path.rpartition("/")
    page = last if last in PAGE_PATHS else ""
    base_path = head if page else path
    return f"{parts.scheme}://{parts.netloc}{base_path}", page


def page_address() -> tuple[str, str]:
    """(the app's base as the browser sees it, this page's path), from ``st.context.url``."""
    return split_page(st.context.url or FALLBACK)


def public_base_url() -> str:
    """The app's public base URL, no trailing slash: ``GTL_PUBLIC_URL`` when set and usable,
    else this page's own origin and prefix."""
    return parse_setting(os.environ.get(PUBLIC_ENV, "")) or page_address()[0]


# why a class's join link still names this computer (None: phones can open it)
NO_NETWORK = "no network"  # this machine has no address but loopback
LOOPBACK_SERVER = "loopback server"  # the server listens on a loopback address only


def join_base(
    page_base: str, setting: str, server_address: str, network: str | None
) -> tuple[str, str | None]:
    """(where a class's phones open the app, why that still names this computer or None).

    ``GTL_PUBLIC_URL`` (``setting``) when usable; else the page's own base ``page_base``,
    except that a loopback host (``localhost`` after ``make run``) becomes this machine's
    ``network`` address, keeping the scheme, port and prefix, when the server listens
    beyond loopback (``server_address``: Streamlit's server.address, "" for every address).
    """
    public = parse_setting(setting)
    if public is not None:
        return public, None
    parts = urlsplit(page_base)
    if not is_loopback_host(parts.hostname):
        return page_base, None
    if server_address and is_loopback_host(server_address):
        return page_base, LOOPBACK_SERVER
    if network is None:
        return page_base, NO_NETWORK
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{network}{port}{parts.path}", None


def join_base_url() -> tuple[str, str | None]:
    """:func:`join_base` for this page and this server."""
    return join_base(
        page_address()[0],
        os.environ.get(PUBLIC_ENV, ""),
        str(st.get_option("server.address") or ""),
        network_address(),
    )
