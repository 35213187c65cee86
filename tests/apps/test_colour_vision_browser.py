"""Aku Paling Kaya's six colours without colour vision: each card, card back and player swatch
is drawn in Chromium, the screenshot is seen as a protanope and a deuteranope would
(:mod:`.colour_vision`), and the six must still differ in something other than hue: the shape
each colour carries. The simulated screenshots are kept in ``test-artifacts/``.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from kayalib.draw import KAYA_COLOURS, card_back_svg, kaya_card_svg, kaya_swatch_svg
from tests.harness import ARTIFACTS

from .colour_vision import png_to_rgb, save_png, simulate

pytestmark = [pytest.mark.browser]

SCALE = 2  # device pixels per CSS pixel
KINDS = ["protanopia", "deuteranopia"]

#: each drawing: (name, one SVG per colour, the shape's box in the SVG's own CSS pixels)
DRAWINGS = [
    ("hand card", [kaya_card_svg(c, 5, 1, width=84) for c in KAYA_COLOURS], (84, 117)),
    ("discarded card", [kaya_card_svg(c, 5, 1, width=36, dim=True) for c in KAYA_COLOURS],
     (36, 52)),
    ("card back", [card_back_svg(colour=c, width=44) for c in KAYA_COLOURS], (44, 64)),
    ("swatch", [kaya_swatch_svg(c) for c in KAYA_COLOURS], (14, 14)),
]  # fmt: skip


def shape_box(name: str, w: int, h: int) -> tuple[slice, slice]:
    """Where the colour's shape lies in a drawing of ``w`` × ``h`` CSS pixels (device pixels)."""
    s = w / 72 if name != "swatch" else w / 16
    if name.endswith("card"):
        cx, cy, half = 36 * s, 68 * s, 9 * s  # the shape under the number
    elif name == "card back":
        cx, cy, half = 36 * s, 52 * s, 11 * s
    else:
        cx, cy, half = 8 * s, 8 * s, 5.5 * s
    rows = slice(round((cy - half) * SCALE), round((cy + half) * SCALE))
    cols = slice(round((cx - half) * SCALE), round((cx + half) * SCALE))
    return rows, cols


def shape_mask(rgb: np.ndarray, box: tuple[slice, slice]) -> np.ndarray:
    """The pixels of the shape: those far in lightness from the box's background (its corner)."""
    part = rgb[box].astype(float)
    lightness = part @ np.array([0.2126, 0.7152, 0.0722])
    background = np.median(np.concatenate([lightness[:2].ravel(), lightness[-2:].ravel()]))
    return np.abs(lightness - background) > 60


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two masks (1 for two empty masks: nothing tells them apart)."""
    union = np.logical_or(a, b).sum()
    return 1.0 if union == 0 else float(np.logical_and(a, b).sum() / union)


def mean_colour(rgb: np.ndarray) -> np.ndarray:
    return rgb.reshape(-1, 3).astype(float).mean(axis=0)


@pytest.fixture(scope="module")
def shots(chromium) -> dict[str, list[np.ndarray]]:
    """Each drawing of each colour as Chromium paints it (one screenshot per SVG)."""
    context = chromium.new_context(device_scale_factor=SCALE,
                                   viewport={"width": 640, "height": 300})  # fmt: skip
    page = context.new_page()
    body = "".join(
        '<div style="display:flex;gap:8px;padding:8px;background:#fff">'
        + "".join(f'<span class="d{i}-{k}" style="line-height:0">{svg}</span>'
                  for k, svg in enumerate(svgs)) + "</div>"
        for i, (_, svgs, _) in enumerate(DRAWINGS)
    )  # fmt: skip
    page.set_content(f"<html><body style='margin:0'>{body}</body></html>")
    found = {}
    for i, (name, svgs, _) in enumerate(DRAWINGS):
        found[name] = [png_to_rgb(page.locator(f".d{i}-{k} svg").screenshot())
                       for k in range(len(svgs))]  # fmt: skip
    whole = png_to_rgb(page.screenshot(full_page=True))
    ARTIFACTS.mkdir(exist_ok=True)
    save_png(whole, str(ARTIFACTS / "kaya-colours.png"))
    for kind in KINDS:
        save_png(simulate(whole, kind), str(ARTIFACTS / f"kaya-colours-{kind}.png"))
    context.close()
    return found


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", [d[0] for d in DRAWINGS])
def test_six_colours_differ_by_shape_when_seen_without_red_green(shots, kind, name) -> None:
    size = next(d[2] for d in DRAWINGS if d[0] == name)
    box = shape_box(name, *size)
    masks = [shape_mask(simulate(rgb, kind), box) for rgb in shots[name]]
    for mask in masks:
        assert mask.mean() > 0.12, f"a {name} carries no shape a reader can see"
    for (a, ma), (b, mb) in combinations(zip(KAYA_COLOURS, masks, strict=True), 2):
        assert overlap(ma, mb) < 0.8, f"{a} and {b} {name}s have the same shape ({kind})"


@pytest.mark.parametrize("kind", KINDS)
def test_the_simulation_merges_colours_the_shapes_keep_apart(shots, kind) -> None:
    """The check is not vacuous: seen this way, some colours of the cards come close together
    (green, red and orange: the pairs a reader of the colour alone would confuse)."""
    faces = [mean_colour(simulate(rgb, kind)) for rgb in shots["hand card"]]
    normal = [mean_colour(rgb) for rgb in shots["hand card"]]
    pairs = {(a, b): (float(np.linalg.norm(fa - fb)), float(np.linalg.norm(na - nb)))
             for (a, fa, na), (b, fb, nb) in combinations(
                 zip(KAYA_COLOURS, faces, normal, strict=True), 2)}
    closest = min(pairs, key=lambda p: pairs[p][0])
    simulated, seen = pairs[closest]
    print(f"\n{kind}: closest card colours {closest}: {simulated:.0f} apart (normal {seen:.0f})")
    assert simulated < 0.5 * seen, pairs
