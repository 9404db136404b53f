"""Class mode's backend: a live session over a database, with no UI library.

- :mod:`classroom.db`: the tables (SQLAlchemy 2), the :class:`~classroom.db.Store` that opens a
  database (an SQLite file by default, PostgreSQL by URL) and migrates it with Alembic.
- :mod:`classroom.live`: the session state machine as plain functions over a Store: create,
  join, step, open / answer / close / reveal a question, the projector's and a student's view.
- :mod:`classroom.task`: the whole-tree task (hand out, hand in, close, the student's grade).
- :mod:`classroom.results`: after class, the table per student and question, and its CSV.
- :mod:`classroom.pulse`: the few numbers the pages draw from, read for many sessions at once
  (the pages' bell, ui.classroom.notify, watches them).
- :mod:`classroom.qr`: the QR code of a join link (segno).

(The Practice & exams sheets' Moodle XML / QTI 1.2 export is content, not class mode: it lives
in :mod:`teach.exam_export`.)

Layering: engine <- teach <- classroom <- ui. Nothing here imports streamlit or plotly; every
function takes the caller's token and checks its role, and trusts nothing a student sends.
"""
