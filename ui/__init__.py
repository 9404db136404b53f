"""Streamlit pieces shared by several pages (step player, board editor, share links)."""
