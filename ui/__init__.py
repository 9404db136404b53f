"""Streamlit pieces shared by several pages (registry, tree canvas, board editor, share links)."""
