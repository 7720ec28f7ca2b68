"""Draw the demo lecture's figure, `figures/arrows.png` (run once; the PNG is committed)."""

from pathlib import Path

from PIL import Image, ImageDraw

WIDTH, HEIGHT = 640, 400


def arrow(draw: ImageDraw.ImageDraw, start: tuple[int, int], end: tuple[int, int], color: str) -> None:
    draw.line([start, end], fill=color, width=7)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    back = (end[0] - 26 * ux, end[1] - 26 * uy)
    left = (back[0] - 12 * uy, back[1] + 12 * ux)
    right = (back[0] + 12 * uy, back[1] - 12 * ux)
    draw.polygon([end, left, right], fill=color)


def main() -> None:
    image = Image.new("RGB", (WIDTH, HEIGHT), "#f4f1ea")
    draw = ImageDraw.Draw(image)
    for x in range(40, WIDTH, 60):
        draw.line([(x, 20), (x, HEIGHT - 20)], fill="#ddd6c8", width=1)
    for y in range(20, HEIGHT, 60):
        draw.line([(20, y), (WIDTH - 20, y)], fill="#ddd6c8", width=1)
    origin, a_tip, b_tip = (80, 340), (400, 250), (560, 80)
    arrow(draw, origin, b_tip, "#c9a227")
    arrow(draw, origin, a_tip, "#3f8f5a")
    arrow(draw, a_tip, b_tip, "#c0453a")
    draw.ellipse([origin[0] - 9, origin[1] - 9, origin[0] + 9, origin[1] + 9], fill="#333333")
    image.save(Path(__file__).parent / "figures" / "arrows.png", optimize=True)


if __name__ == "__main__":
    main()
