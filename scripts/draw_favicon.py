"""Draw game_tree_lab/icons/favicon.png, the browser tab's icon: a root and two children in
the theme's primary colour (.streamlit/config.toml), on a transparent 64x64 square.

    .venv/bin/python scripts/draw_favicon.py

The app's own file (app.py's page_icon), not a Material icon's name: Streamlit fetches those
from fonts.gstatic.com, a request to another host from every visit (a school's offline room
has no icon, and every visitor's address went to Google).
"""

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "game_tree_lab" / "icons" / "favicon.png"
BLUE = (29, 78, 216, 255)  # #1d4ed8
SCALE = 4  # drawn at 4x and scaled down: smooth edges


def draw() -> Image.Image:
    side = 64 * SCALE
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    root, children = (32, 14), [(14, 50), (50, 50)]

    def at(x: float, y: float) -> tuple[float, float]:
        return x * SCALE, y * SCALE

    for child in children:
        pen.line([at(*root), at(*child)], fill=BLUE, width=6 * SCALE)
    for x, y in [root, *children]:
        pen.ellipse([*at(x - 11, y - 11), *at(x + 11, y + 11)], fill=BLUE)
    return image.resize((64, 64), Image.LANCZOS)


if __name__ == "__main__":
    OUT.parent.mkdir(exist_ok=True)
    draw().save(OUT, optimize=True)
