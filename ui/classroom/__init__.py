"""Class mode's pages (Streamlit): the "Start a class session" box of the tree labs
(:mod:`start`), the join form and the student's page (:mod:`student`), the teacher's
projector view (:mod:`teacher`), and what they share (:mod:`shared`: the database, the
cached run and figure of a session, the links). The state machine is classroom.live."""
