#!/usr/bin/env python3
"""Draws the app icon (a Carcassonne tile: a walled city with a pennant above a road through
a field) and writes it in the sizes Tauri uses, as RGBA PNGs plus .ico and .icns, into
icons/ and src-tauri/icons/. Needs Pillow (`pip install Pillow`)."""

from pathlib import Path

from PIL import Image, ImageDraw

S = 1024  # drawn large, then scaled down with antialiasing


def draw() -> Image.Image:
    img = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    m, r = 64, 150  # margin and corner radius of the tile
    # The tile: a field.
    d.rounded_rectangle((m, m, S - m, S - m), r, fill=(104, 160, 74, 255))
    d.rounded_rectangle((m + 24, m + 24, S - m - 24, S - m - 24), r - 20,
                        outline=(84, 134, 58, 255), width=10)
    # The road, from the bottom edge to the city gate, with a light border.
    road = [(S * 0.44, S - m), (S * 0.56, S - m), (S * 0.55, S * 0.5), (S * 0.45, S * 0.5)]
    d.polygon(road, fill=(236, 222, 186, 255))
    d.line([(S * 0.5, S * 0.56), (S * 0.5, S - m - 40)], fill=(196, 178, 140, 255), width=10)
    # The city: a curved wall across the top with its inside in ochre.
    mask = Image.new("L", (S, S), 0)
    ImageDraw.Draw(mask).rounded_rectangle((m, m, S - m, S - m), r, fill=255)
    city = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    c = ImageDraw.Draw(city)
    c.ellipse((-S * 0.15, -S * 0.75, S * 1.15, S * 0.52), fill=(214, 150, 74, 255))
    c.arc((-S * 0.15, -S * 0.75, S * 1.15, S * 0.52), 0, 180, fill=(120, 84, 52, 255), width=34)
    # Battlements standing on the wall line.
    cx, rx, cy, ry = S * 0.5, S * 0.65, -S * 0.115, S * 0.635
    for i in range(11):
        x = S * (0.1 + i * 0.08)
        y = cy + ry * (1 - ((x - cx) / rx) ** 2) ** 0.5
        c.rectangle((x - 20, y - 52, x + 20, y), fill=(120, 84, 52, 255))
    img.alpha_composite(Image.composite(city, Image.new("RGBA", (S, S)), mask))
    d = ImageDraw.Draw(img)
    # Roofs of the city.
    for cx, cy, w in [(0.34, 0.22, 0.12), (0.52, 0.16, 0.14), (0.70, 0.24, 0.11)]:
        x, y, ww = S * cx, S * cy, S * w
        d.rectangle((x - ww / 2, y, x + ww / 2, y + ww * 0.9), fill=(245, 232, 205, 255))
        d.polygon([(x - ww * 0.65, y), (x + ww * 0.65, y), (x, y - ww * 0.8)],
                  fill=(168, 52, 44, 255))
    # The pennant: a blue shield with a white cross.
    px, py, pw = S * 0.22, S * 0.3, S * 0.1
    d.polygon([(px - pw / 2, py), (px + pw / 2, py), (px + pw / 2, py + pw * 0.7),
               (px, py + pw * 1.15), (px - pw / 2, py + pw * 0.7)], fill=(46, 84, 168, 255),
              outline=(250, 250, 250, 255), width=8)
    d.line([(px, py + 14), (px, py + pw * 0.95)], fill=(250, 250, 250, 255), width=12)
    d.line([(px - pw / 2 + 14, py + pw * 0.4), (px + pw / 2 - 14, py + pw * 0.4)],
           fill=(250, 250, 250, 255), width=12)
    # A red meeple on the road.
    mx, my = S * 0.5, S * 0.74
    d.ellipse((mx - 34, my - 120, mx + 34, my - 52), fill=(200, 40, 40, 255))
    d.polygon([(mx - 90, my - 40), (mx + 90, my - 40), (mx + 60, my + 10), (mx + 80, my + 90),
               (mx + 18, my + 90), (mx, my + 40), (mx - 18, my + 90), (mx - 80, my + 90),
               (mx - 60, my + 10)], fill=(200, 40, 40, 255))
    d.rounded_rectangle((mx - 56, my - 66, mx + 56, my + 20), 30, fill=(200, 40, 40, 255))
    return img


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    big = draw()
    for out in (root / "icons", root / "src-tauri" / "icons"):
        out.mkdir(parents=True, exist_ok=True)
        sizes = {"32x32.png": 32, "64x64.png": 64, "128x128.png": 128, "128x128@2x.png": 256,
                 "icon.png": 512, "Square30x30Logo.png": 30, "Square44x44Logo.png": 44,
                 "Square71x71Logo.png": 71, "Square89x89Logo.png": 89,
                 "Square107x107Logo.png": 107, "Square142x142Logo.png": 142,
                 "Square150x150Logo.png": 150, "Square284x284Logo.png": 284,
                 "Square310x310Logo.png": 310, "StoreLogo.png": 50}
        for name, size in sizes.items():
            big.resize((size, size), Image.LANCZOS).save(out / name)
        big.resize((256, 256), Image.LANCZOS).save(
            out / "icon.ico", sizes=[(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (256, 256)])
        big.resize((1024, 1024), Image.LANCZOS).save(out / "icon.icns")


if __name__ == "__main__":
    main()
