"""Streamlit pieces shared by several pages (registry, board editor, step player, share links)."""
