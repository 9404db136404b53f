"""Figures for Game Tree Lab: tree layouts, collapsed views and plotly tree figures.

Never imports streamlit, so every figure can be tested in plain pytest.
"""
