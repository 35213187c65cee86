"""Colour-vision simulation of screenshots, for checking that a drawing does not rely on hue.

The matrices are Machado, Oliveira and Fernandes (2009) at severity 1.0 (a dichromat: no L or
no M cones), applied to linear RGB, as colour-science libraries do.

>>> import numpy as np
>>> grey = np.full((1, 1, 3), 128, dtype=np.uint8)
>>> int(simulate(grey, "deuteranopia")[0, 0, 0])  # a grey stays grey
128
"""

from __future__ import annotations

import io

import numpy as np

MACHADO = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
}  # fmt: skip


def _to_linear(srgb: np.ndarray) -> np.ndarray:
    c = srgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _to_srgb(linear: np.ndarray) -> np.ndarray:
    c = np.clip(linear, 0.0, 1.0)
    c = np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)
    return np.round(c * 255.0).astype(np.uint8)


def simulate(rgb: np.ndarray, kind: str) -> np.ndarray:
    """``rgb`` (height × width × 3, uint8) as a protanope or a deuteranope sees it."""
    linear = _to_linear(rgb[..., :3].astype(np.float64))
    return _to_srgb(linear @ MACHADO[kind].T)


def png_to_rgb(png: bytes) -> np.ndarray:
    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def save_png(rgb: np.ndarray, path: str) -> None:
    from PIL import Image

    Image.fromarray(rgb).save(path)
