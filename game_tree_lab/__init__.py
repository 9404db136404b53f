"""The distribution's own import package: Streamlit's component scanner looks for the
package named like the distribution (game-tree-lab -> game_tree_lab) and resolves a
component's ``asset_dir`` inside it (pyproject.toml, ``[tool.streamlit.component]``).

It holds the components' browser code: the sources (tree_canvas/, board/, plain_text/: ES
modules and style sheets) and what the browser is served, their bundles in dist/ (one module
and one sheet each, `make bundle`); the Python side is ui/common/canvas.py, board.py and
plain_text.py. No Python code lives here.
"""
