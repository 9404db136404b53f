"""Hearing of class changes at once on PostgreSQL: every statement that changes a class
(its session, students, questions, answers, task sheets) sends ``NOTIFY gtl_class`` in its
own transaction (a trigger, classroom/migrations 0003), delivered when it commits; a
process that listens on a connection of its own hears every replica's changes as they
commit. SQLite has no notifications (:func:`can_listen` is False): its bell looks every tick.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from classroom.db import Store

CHANNEL = "gtl_class"
APPLICATION = "gtl-class-bell"  # the listening connection's name in pg_stat_activity
WAIT_S = 1.0  # how often a listener looks whether it should stop


def can_listen(store: Store) -> bool:
    """Whether ``store``'s database sends notifications (PostgreSQL)."""
    return store.engine.dialect.name == "postgresql"


def listen(
    store: Store, ready: Callable[[], None], heard: Callable[[], None], stop: threading.Event
) -> None:
    """Listen on a connection of its own (not the pool's): ``ready()`` once listening,
    ``heard()`` for each notification, until ``stop`` is set. Raises when the connection
    cannot be made or drops (psycopg.OperationalError): the caller looks by itself meanwhile
    and listens again later."""
    engine = store.engine
    args, kwargs = engine.dialect.create_connect_args(engine.url)
    conn = engine.dialect.loaded_dbapi.connect(
        *args, **{**kwargs, "autocommit": True, "application_name": APPLICATION}
    )
    try:
        conn.execute(f"LISTEN {CHANNEL}")
        ready()
        while not stop.is_set():
            for _ in conn.notifies(timeout=WAIT_S, stop_after=1):
                heard()
    finally:
        conn.close()
