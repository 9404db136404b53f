"""The wrong-code slow-down of joining, and who a joining device is.

**Who.** :func:`client_address` names the device by its address as the server sees it. A
forwarded header (``X-Forwarded-For``) is believed only when the connection comes from a
proxy the operator named in ``GTL_TRUSTED_PROXIES`` (addresses or networks, separated by
commas: :func:`trusted_proxies`); then the device is the rightmost forwarded address that is
not one of those proxies. Any client can write the header, so without that setting it is
ignored.

The web server under the app may have read the header first: uvicorn, which ``streamlit run``
uses, puts the forwarded address in the connection's place for a connection from an address
in ``FORWARDED_ALLOW_IPS`` (127.0.0.1 and ::1 when unset), before the page sees it. That is
harmless when every such address is a proxy the operator named (:func:`server_trust_ok`): the
server then picks what this module would. Otherwise a client on this machine could name
itself anew with each try, so every connection that carries the header counts as one
address, :data:`FORWARDED` (as every client behind an unnamed proxy is one address).

**How fast.** A try is counted twice (:func:`admit`), against its page (the Streamlit
session: one browser tab) and against its address:

- a page gets :data:`FREE_TRIES` wrong codes in a row; then each try from it waits twice as
  long as the last, up to :data:`MAX_WAIT`; a right code clears the page's count;
- an address gets :data:`ADDRESS_FREE` *different* wrong codes; then every try from it waits
  the same way. A class behind one public address that misreads the projector types the same
  few wrong codes, which count once, so the right code of the rest is never made to wait;
  a guesser has to try different codes, and each counts. A right code does not clear an
  address's count (a guesser behind a joining class stays slowed); it is forgotten after
  :data:`FORGET` without a new wrong code.

A try that must wait is refused before its code is looked at. Each counter is a locked row
(classroom.db.JoinAttempt), so tries at the same moment are counted one after another.
"""

from __future__ import annotations

import ipaddress
import math
import os
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from classroom.db import ClassSession, JoinAttempt, Store, dialect_insert
from engine.errors import InputError
from teach.i18n import _, ngettext

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: nothing to misread
CODE_LENGTH = 6  # 32**6 = 1.07e9 codes
FREE_TRIES = 5  # wrong codes in a row from one page before its backoff starts
ADDRESS_FREE = 20  # different wrong codes from one address before its backoff starts
MAX_WAIT = 900  # seconds: the longest backoff
FORGET = timedelta(hours=1)  # a counter without a new wrong code for this long starts afresh
CODES_KEPT = 64  # the different wrong codes an address's row remembers
TRUSTED_ENV = "GTL_TRUSTED_PROXIES"
LOCAL = "127.0.0.1"  # Streamlit gives no address for a connection from this machine
SERVER_ENV = "FORWARDED_ALLOW_IPS"  # uvicorn's: whose X-Forwarded-For it believes
SERVER_DEFAULT = "127.0.0.1,::1"  # what uvicorn believes when SERVER_ENV is unset
FORWARDED = "forwarded"  # the one address of every forwarded connection the app cannot place

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies(env: dict[str, str] | None = None) -> tuple[Network, ...]:
    """The proxies named in ``GTL_TRUSTED_PROXIES`` (e.g. ``127.0.0.1, 10.0.0.0/8``); none by
    default. InputError naming the entry that is not an address or a network."""
    env = dict(os.environ) if env is None else env
    out = []
    for part in env.get(TRUSTED_ENV, "").replace(",", " ").split():
        try:
            out.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise InputError(
                f"{TRUSTED_ENV} holds {part[:60]!r}, which is not an address or a network"
            ) from None
    return tuple(out)


def _trusted(addr: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(addr.strip("[]"))
    except ValueError:
        return False
    return any(ip in net for net in trusted)


def server_trust_ok(env: dict[str, str] | None = None) -> bool:
    """True when every address the web server believes ``X-Forwarded-For`` from
    (``FORWARDED_ALLOW_IPS``: addresses and networks separated by commas, ``*`` for all;
    unset, 127.0.0.1 and ::1) lies in a proxy ``GTL_TRUSTED_PROXIES`` names. Entries that are
    not addresses never match a connection's address, so they are passed over, as uvicorn
    does. A bad GTL_TRUSTED_PROXIES: False (the join form says what is wrong)."""
    env = dict(os.environ) if env is None else env
    try:
        trusted = trusted_proxies(env)
    except InputError:
        return False
    believed = []
    for part in env.get(SERVER_ENV, SERVER_DEFAULT).split(","):
        part = part.strip()
        if part == "*":
            believed += [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
            continue
        try:
            believed.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            continue
    return all(any(n.version == t.version and n.subnet_of(t) for t in trusted) for n in believed)


def server_trust_note(env: dict[str, str] | None = None) -> str | None:
    """What the server's log says at start-up when GTL_TRUSTED_PROXIES names proxies but the
    web server believes X-Forwarded-For from other addresses too; None when all is well."""
    env = dict(os.environ) if env is None else env
    if not env.get(TRUSTED_ENV, "").strip() or server_trust_ok(env):
        return None
    return (
        f"{TRUSTED_ENV} is {env[TRUSTED_ENV]!r} but the web server believes X-Forwarded-For "
        f"from {env.get(SERVER_ENV, SERVER_DEFAULT)!r} ({SERVER_ENV}): every forwarded "
        f"client counts as one address for the wrong-code slow-down. Start the app with "
        f"{SERVER_ENV} set to the same proxies (make run does)."
    )


def client_address(
    peer: str | None,
    forwarded: list[str],
    trusted: tuple[Network, ...],
    server_ok: bool = True,
) -> str:
    """The device's address: the connection's ``peer`` (None: this machine), unless the peer
    is a trusted proxy; then the rightmost address of the ``X-Forwarded-For`` headers
    ``forwarded`` that is not a trusted proxy (all of them trusted: the leftmost). When the
    server believes the header from other addresses too (``server_ok`` False:
    :func:`server_trust_ok`), ``peer`` may be what a client wrote: a connection with the
    header is :data:`FORWARDED`."""
    hops = [h.strip() for line in forwarded for h in line.split(",") if h.strip()]
    if hops and not server_ok:
        return FORWARDED
    addr = peer or LOCAL
    if not any(_trusted(a, trusted) for a in ([peer] if peer else [LOCAL, "::1"])):
        return addr
    for hop in reversed(hops):
        if not _trusted(hop, trusted):
            return hop[:100]
    return hops[0][:100] if hops else addr


def _wait_text(seconds: float) -> str:
    s = max(1, math.ceil(seconds))
    if s < 120:
        return ngettext(
            "too many wrong codes from this device: wait {n} second",
            "too many wrong codes from this device: wait {n} seconds",
            s,
        )
    return ngettext(
        "too many wrong codes from this device: wait {n} minute",
        "too many wrong codes from this device: wait {n} minutes",
        math.ceil(s / 60),
    )


def _counter(db: Session, key: str, now: datetime) -> JoinAttempt:
    """The counter row of ``key``, made if missing and locked by this transaction (a no-op
    update takes the row lock); a counter quiet for FORGET starts afresh."""
    ins = dialect_insert(db)(JoinAttempt).values(
        client_hash=key, failures=0, blocked_until=None, codes="", last_at=now
    )
    db.execute(
        ins.on_conflict_do_update(
            index_elements=[JoinAttempt.client_hash], set_={"failures": JoinAttempt.failures}
        )
    )
    att = db.get(JoinAttempt, key, populate_existing=True)
    assert att is not None
    quiet = att.last_at is None or now - att.last_at >= FORGET
    if quiet and (att.blocked_until is None or att.blocked_until <= now):
        att.failures, att.codes, att.blocked_until = 0, "", None
    return att


def _fail(att: JoinAttempt, free: int, now: datetime) -> None:
    att.failures += 1
    att.last_at = now
    over = att.failures - free
    if over > 0:
        att.blocked_until = now + timedelta(seconds=min(2 ** min(over, 20), MAX_WAIT))


def admit(
    store: Store, address: str, page: str | None, norm: str, code_key: str, now: datetime
) -> ClassSession:
    """The session the typed code ``norm`` names, with the try counted against ``address``
    and ``page`` (hashed keys; page None: not counted per page). ``code_key`` is what the
    address's row keeps of a wrong code (a hash). InputError when the try must wait or the
    code names no session (with the tries left before a wait)."""
    wait = None
    left: int | None = None
    with store.sessions.begin() as db:
        rows = [(_counter(db, address, now), ADDRESS_FREE)]
        if page is not None:
            rows.append((_counter(db, page, now), FREE_TRIES))
        waits = [a.blocked_until for a, _ in rows if a.blocked_until and now < a.blocked_until]
        cs = None
        if waits:
            wait = (max(waits) - now).total_seconds()
        else:
            if len(norm) == CODE_LENGTH and all(c in CODE_ALPHABET for c in norm):
                cs = db.scalars(select(ClassSession).where(ClassSession.code == norm)).one_or_none()
            if cs is None:
                addr, page_row = rows[0][0], rows[-1][0] if page is not None else None
                codes = addr.codes.split()
                if code_key not in codes:  # a wrong code this address already typed is free
                    _fail(addr, ADDRESS_FREE, now)
                    addr.codes = " ".join([*codes, code_key][-CODES_KEPT:])
                if page_row is not None:
                    _fail(page_row, FREE_TRIES, now)
                left = min(
                    (max(0, free - a.failures) for a, free in rows),
                    default=0,
                )
            else:
                if page is not None:
                    db.delete(rows[-1][0])  # the page typed it right: its own count is cleared
                if rows[0][0].failures == 0:
                    db.delete(rows[0][0])  # nothing to remember of an address
    if wait is not None:
        raise InputError(_wait_text(wait))
    if cs is None:
        code = norm[:12]
        if left:
            raise InputError(
                ngettext(
                    "no class session has the code {code!r}: check it ({n} more try before a wait)",
                    "no class session has the code {code!r}: check it ({n} more tries before a wait)",
                    left,
                    code=code,
                )
            )
        raise InputError(
            _(
                "no class session has the code {code!r}: check it (now wait before the next try)",
                code=code,
            )
        )
    return cs
