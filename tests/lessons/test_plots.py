"""Chart numbers are written the way the page's language writes them."""

from __future__ import annotations

import pytest

from kayalib.draw.charts import figure_to_png, new_figure


def tick_texts(lang: str) -> list[str]:
    figure = new_figure()
    axes = figure.add_subplot()
    axes.plot([0.0, 0.5, 1.0], [0.2, 0.45, 0.9])
    figure.colorbar(axes.imshow([[0.0, 0.5], [0.25, 1.0]]), ax=axes)
    png = figure_to_png(figure, lang)
    assert png.startswith(b"\x89PNG")
    return [
        label.get_text()
        for each in figure.axes
        for label in each.get_xticklabels() + each.get_yticklabels()
        if label.get_text()
    ]


@pytest.mark.parametrize("lang", ["id", "pl"])
def test_ticks_have_a_decimal_comma(lang: str) -> None:
    texts = tick_texts(lang)
    assert any("," in text for text in texts), texts
    assert not [text for text in texts if "." in text]


def test_english_ticks_keep_the_decimal_point() -> None:
    texts = tick_texts("en")
    assert any("." in text for text in texts) and not [text for text in texts if "," in text]
