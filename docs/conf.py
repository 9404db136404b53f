"""Sphinx configuration of Game Tree Lab's documentation site (`make docs`: warnings are
errors). The pages are MyST Markdown, read the same on GitHub and in the built site."""

project = "Game Tree Lab"
author = "Game Tree Lab contributors"
copyright = "Game Tree Lab contributors, MIT licence"

extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
root_doc = "index"
# what is not a page of the site: the reverse-proxy configuration files the operators' guide
# shows (docs/operators/), the build's output
exclude_patterns = ["_build", "operators/**", "pictures/**"]

# GitHub-style anchors for headings (#class-mode-from-start-to-results), so a link in README
# or between the guides works on GitHub and in the site alike
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

html_theme = "furo"
html_title = "Game Tree Lab"
html_static_path: list[str] = []
# the site makes no request to another host (a school's offline room)
html_theme_options = {"top_of_page_buttons": []}
language = "en"
