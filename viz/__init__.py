"""Figures and files for Game Tree Lab: tree layout and collapsed views, tree figures, boards
(board machinery, pawn_board, chase_board), their shared animation, exam sheets, and the
GraphML / JSON export of explored trees.

Never imports streamlit, so every figure can be tested in plain pytest.
"""
