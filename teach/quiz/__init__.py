"""Step quiz: the student predicts the next alpha-beta step before the tree canvas shows it.

:func:`questions` turns a :class:`~engine.trace.SearchRun` into questions, each placed just
before the event that answers it (``Question.step`` = that event's index, so
``replay(run, q.step)`` is the picture to show while asking):

- ``VALUE``: "What value does node B return?" (before its EXIT; before a LEAF too when
  ``include_leaves``, the default for game searches where leaf scores are not on screen);
- ``BOUND``: "B gets 2 from leaf 4. What is beta at B now?" (before an UPDATE; alpha at MAX
  nodes, beta at MIN nodes, always from MAX's point of view);
- ``PRUNE``: "Are the remaining children of B pruned?" (right after an UPDATE when children
  remain; the answer is yes when a CUT follows);
- after alpha-beta, about windows: a node's type, a PVS probe's re-search, a table entry's
  bound (``NODE_TYPE``, ``RE_SEARCH_Q``, ``TABLE_BOUND``);
- Monte Carlo tree search (:mod:`~teach.quiz.mcts`, :func:`mcts_questions`): which child
  selection picks next, and N and W at a node after a backup (``SELECTION_Q``, ``BACKUP_Q``).

:class:`QuizState` is an immutable quiz in progress. Nothing a student types raises.

The package's parts, each importing only those above it: :mod:`~teach.quiz.answers` reads
what a student types; :mod:`~teach.quiz.model` holds the kinds, the question and the grade;
:mod:`~teach.quiz.windows`, :mod:`~teach.quiz.mcts` and :mod:`~teach.quiz.generate` make the questions (one generator
per kind); :mod:`~teach.quiz.score` is the quiz in progress. Import the names from
``teach.quiz``, the one name every caller uses.
"""

from teach.quiz.answers import INF_HINT, parse_choice, parse_number, parse_yes_no
from teach.quiz.generate import (
    bound_questions,
    leaf_questions,
    more_kinds,
    prune_questions,
    questions,
    return_questions,
)
from teach.quiz.mcts import BACKUP_Q, MCTS_KINDS, SELECTION_Q, MctsQuestion, mcts_questions
from teach.quiz.model import (
    ALL_KINDS,
    BOUND,
    CHOICES,
    KINDS,
    NODE_TYPE,
    PRUNE,
    RE_SEARCH_Q,
    TABLE_BOUND,
    VALUE,
    Grade,
    Question,
    node_names,
)
from teach.quiz.score import REVEALED, RIGHT, SKIPPED, WRONG, Feedback, QuizState, Score
from teach.quiz.windows import node_type_questions, re_search_questions, table_bound_questions

__all__ = [
    "ALL_KINDS",
    "BACKUP_Q",
    "MCTS_KINDS",
    "SELECTION_Q",
    "MctsQuestion",
    "mcts_questions",
    "BOUND",
    "CHOICES",
    "INF_HINT",
    "KINDS",
    "NODE_TYPE",
    "PRUNE",
    "RE_SEARCH_Q",
    "REVEALED",
    "RIGHT",
    "SKIPPED",
    "TABLE_BOUND",
    "VALUE",
    "WRONG",
    "Feedback",
    "Grade",
    "Question",
    "QuizState",
    "Score",
    "bound_questions",
    "leaf_questions",
    "more_kinds",
    "node_names",
    "node_type_questions",
    "parse_choice",
    "parse_number",
    "parse_yes_no",
    "prune_questions",
    "questions",
    "re_search_questions",
    "return_questions",
    "table_bound_questions",
]
