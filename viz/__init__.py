"""Figures and files for Game Tree Lab: tree layout and collapsed views, tree figures, boards
(board pictures, pawn_board, chase_board, the board component's payload), exam sheets, and the
GraphML / JSON export of explored trees.

Never imports streamlit, so every figure can be tested in plain pytest.
"""
