"""The distribution's own import package: Streamlit's component scanner looks for the
package named like the distribution (game-tree-lab -> game_tree_lab) and resolves a
component's ``asset_dir`` inside it (pyproject.toml, ``[tool.streamlit.component]``).

It holds the tree canvas's browser code, game_tree_lab/tree_canvas/ (ES modules and style
sheets, served as static files); the Python side is ui/common/canvas.py. No Python code
lives here.
"""
