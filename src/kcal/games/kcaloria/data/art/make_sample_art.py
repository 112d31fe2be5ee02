"""Procedural sample art for two built-in tiles (made by kcal's authors; no external assets)."""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFilter

if TYPE_CHECKING:
    from pathlib import Path


def bayou(path: Path) -> None:
    W, H = 960, 800
    rnd = random.Random(14)
    im = Image.new("RGB", (W, H))
    d = ImageDraw.Draw(im)
    for y in range(H // 2):  # dusk sky
        t = y / (H / 2)
        d.line([(0, y), (W, y)], fill=(int(250 - 90 * t), int(190 - 40 * t), int(120 + 60 * t)))
    d.ellipse((600, 180, 720, 300), fill=(255, 226, 150))
    for y in range(H // 2, H):  # water
        t = (y - H / 2) / (H / 2)
        d.line([(0, y), (W, y)], fill=(int(70 - 40 * t), int(100 - 30 * t), int(90 + 10 * t)))
    for _ in range(90):  # ripples
        x, y = rnd.randrange(W), rnd.randrange(H // 2 + 10, H)
        w = rnd.randrange(20, 90)
        d.line([(x, y), (x + w, y)], fill=(150, 160, 150), width=2)
    for i in range(7):  # bald cypress with knees and moss
        x = 60 + i * 140 + rnd.randrange(-30, 30)
        top = rnd.randrange(120, 260)
        base = H // 2 + rnd.randrange(10, 40)
        d.polygon([(x - 26, base), (x - 8, top + 80), (x + 8, top + 80), (x + 26, base)], fill=(40, 45, 35))
        for k in range(5):
            cy = top + k * 28
            d.ellipse((x - 70 + k * 6, cy, x + 70 - k * 6, cy + 60), fill=(45 + k * 8, 80 + k * 6, 45))
        for k in range(6):
            mx = x - 50 + k * 20
            d.line([(mx, top + 40), (mx + 4, top + 110 + rnd.randrange(30))], fill=(150, 160, 130), width=3)
        d.polygon([(x - 26, base), (x + 26, base), (x + 22, base + 50), (x - 22, base + 50)], fill=(35, 50, 45))
    im = im.filter(ImageFilter.SMOOTH)
    im.save(path, optimize=True)

def phlox(path: Path) -> None:
    W, H = 960, 800
    rnd = random.Random(3)
    im = Image.new("RGB", (W, H), (60, 110, 60))
    d = ImageDraw.Draw(im)
    for _ in range(260):  # needle leaves
        x, y = rnd.randrange(W), rnd.randrange(H)
        a = rnd.random() * math.pi
        d.line([(x, y), (x + 40 * math.cos(a), y + 40 * math.sin(a))], fill=(40 + rnd.randrange(40), 120 + rnd.randrange(50), 50), width=4)
    for _ in range(60):  # five-petalled pink flowers
        cx, cy, r = rnd.randrange(W), rnd.randrange(H), rnd.randrange(28, 48)
        col = (230, 110 + rnd.randrange(60), 180 + rnd.randrange(50))
        for k in range(5):
            a = 2 * math.pi * k / 5 + rnd.random()
            px, py = cx + r * 0.6 * math.cos(a), cy + r * 0.6 * math.sin(a)
            d.ellipse((px - r * 0.45, py - r * 0.45, px + r * 0.45, py + r * 0.45), fill=col, outline=(200, 80, 150))
        d.ellipse((cx - r * 0.18, cy - r * 0.18, cx + r * 0.18, cy + r * 0.18), fill=(250, 240, 200))
    im.save(path, optimize=True)

bayou(__import__("pathlib").Path(__file__).with_name("bayou.png"))
phlox(__import__("pathlib").Path(__file__).with_name("phlox-nivalis.png"))
