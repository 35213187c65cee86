"""The play apps on a phone and on a projector, with the keyboard alone, and for screen readers.

Geometry is read from the real page: the hint's percentages, your hand and your action buttons
must lie inside the viewport (nothing cut off at the right edge, no sideways scrolling), and the
hand and the actions must be on screen together with the status line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import ARTIFACTS

from .test_axe_browser import assert_rendered, axe_source, check_now, check_the_other_languages
from .test_browser import LOAD_TIMEOUT, STEP_TIMEOUT, open_app, timed_click

pytestmark = [pytest.mark.browser, pytest.mark.voila]

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}
SIZES = [
    pytest.param(PHONE, "", id="phone"),
    pytest.param(PROJECTOR, "&size=large", id="projector"),
]

BOXES = """sel => Array.from(document.querySelectorAll(sel))
    .filter(e => e.getClientRects().length > 0)
    .map(e => { const r = e.getBoundingClientRect();
                return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })"""


def boxes(page, selector: str) -> list[dict]:
    found = page.evaluate(BOXES, selector)
    assert found, f"nothing visible matches {selector}"
    return found


def assert_across_inside(page, selector: str) -> None:
    width = page.viewport_size["width"]
    for box in boxes(page, selector):
        assert box["left"] >= 0 and box["right"] <= width + 0.5, (selector, box, width)


def assert_on_screen_with_the_status(page, selectors: list[str]) -> None:
    """Scroll the status line to the top: everything in ``selectors`` is then on screen."""
    page.evaluate("document.querySelector('.kaya-status').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(100)
    height = page.viewport_size["height"]
    status = boxes(page, ".kaya-status")[0]
    assert status["top"] >= -1
    for selector in selectors:
        assert_across_inside(page, selector)
        for box in boxes(page, selector):
            assert box["top"] >= -1 and box["bottom"] <= height + 0.5, (selector, box, height)


def assert_no_sideways_scrolling(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


#: elements under a selector whose content is wider than their box (a "%" clipped by 2 px)
CLIPPED = """sel => Array.from(document.querySelectorAll(sel))
    .filter(e => e.getClientRects().length > 0 && e.scrollWidth > e.clientWidth + 1)
    .map(e => [e.className, e.scrollWidth, e.clientWidth])"""

#: words under a selector laid out on more than one line ("spade / s": broken inside a word)
BROKEN_WORDS = """sel => {
  const broken = [];
  for (const root of document.querySelectorAll(sel)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects())
          .filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


#: boxes around the hint's table that scroll or cut it (a phone would hide its last rows)
BOXED_IN = """() => {
  const cut = [];
  const table = document.querySelector('.kaya-hint .kaya-odds-table');
  for (let box = table.parentElement; box && !box.matches('.kaya-app'); box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.overflowY !== 'visible' || box.scrollHeight > box.clientHeight + 1) {
      cut.push(box.className);
    }
  }
  return cut;
}"""

#: the most lines the text of any element under a selector takes
LINES_OF = """sel => Math.max(0, ...Array.from(document.querySelectorAll(sel)).map(e => {
  const range = document.createRange();
  range.selectNodeContents(e);
  return new Set(Array.from(range.getClientRects()).filter(r => r.width > 0)
    .map(r => Math.round(r.top))).size;
}))"""


def assert_nothing_clipped(page, selector: str) -> None:
    assert page.evaluate(CLIPPED, selector) == []


def assert_no_word_broken(page, selector: str) -> None:
    assert page.evaluate(BROKEN_WORDS, selector) == []


@pytest.mark.parametrize(("viewport", "size"), SIZES)
def test_blef_fits_the_screen(voila_server, page, viewport, size) -> None:
    page.set_viewport_size(viewport)
    open_app(page, voila_server, "play-blef.ipynb", f"seed=11&speed=instant&hint=on{size}",
             "button.kaya-bid:not([disabled])")  # fmt: skip
    page.wait_for_selector(".kaya-hint .kaya-bar-value", timeout=STEP_TIMEOUT)
    assert_no_sideways_scrolling(page)
    assert_on_screen_with_the_status(
        page, [".kaya-hand svg", ".kaya-quick", "button.kaya-bid", "button.kaya-check"]
    )
    assert_across_inside(page, ".kaya-hint .kaya-bar-value")
    assert_across_inside(page, ".kaya-hint .kaya-odds-table th")
    assert_across_inside(page, ".kaya-hint-controls .kaya-readout")
    assert_nothing_clipped(page, ".kaya-hint, .kaya-hint-panel, .kaya-status")
    assert page.evaluate(BOXED_IN) == []  # the table shows whole rows, in no box of its own
    assert page.evaluate(LINES_OF, ".kaya-odds-table tbody th") <= 2  # a bid's name: 2 lines
    assert_no_word_broken(page, ".kaya-hint .kaya-odds-table, .kaya-round, .kaya-round-after, "
                                ".kaya-bid-controls")
    if size:
        assert page.locator(".kaya-app.kaya-large").count() == 1


LAPTOP = {"width": 1280, "height": 800}

#: whether the page is laid out for a narrow screen: the intro's sentence is cut to a "more"
#: line below 700 px, a CSS rule the browser applies again whenever the viewport changes
NARROW_LAYOUT = """() => [getComputedStyle(document.querySelector('.kaya-intro-text')).display,
    getComputedStyle(document.querySelector('.kaya-intro-more')).display]"""


def test_after_a_round_the_bid_buttons_stay_by_the_hand(voila_server, page) -> None:
    """Seed 4: your pair 10 is checked and the round's cards are laid open. In the next round
    the hand, the bids and the buttons are on screen with the status line: the last round's
    cards (news) come after them, not between the bids and the buttons. On a phone (the page
    opened at its width), then on a laptop: the same page made wider, once its layout is seen
    to have followed (a page that kept its phone layout fails here)."""
    page.set_viewport_size(PHONE)
    open_app(page, voila_server, "play-blef.ipynb", "seed=4&speed=instant&bots=odds,odds",
             "button.kaya-bid:not([disabled])")  # fmt: skip
    page.select_option(".kaya-bid-param select", label="10")
    page.wait_for_function("() => document.querySelector('button.kaya-bid').innerText"
                           ".includes('pair 10')", timeout=STEP_TIMEOUT)  # fmt: skip
    timed_click(page, "button.kaya-bid", ".kaya-log")
    page.wait_for_selector(".kaya-reveal-panel", timeout=STEP_TIMEOUT)
    page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=STEP_TIMEOUT)
    assert "Round 2" in page.inner_text(".kaya-status")
    assert page.evaluate(NARROW_LAYOUT) == ["none", "block"]
    assert_on_screen_with_the_status(page, [".kaya-hand svg", "button.kaya-bid"])
    page.set_viewport_size(LAPTOP)
    page.wait_for_function(f"() => ({NARROW_LAYOUT})()[0] !== 'none'", timeout=STEP_TIMEOUT)
    assert page.evaluate(NARROW_LAYOUT) == ["block", "none"]
    assert_on_screen_with_the_status(page, [".kaya-hand svg", "button.kaya-bid"])


@pytest.mark.parametrize(("viewport", "size"), SIZES)
def test_kaya_fits_the_screen(voila_server, page, viewport, size) -> None:
    page.set_viewport_size(viewport)
    open_app(page, voila_server, "play-aku-paling-kaya.ipynb",
             f"seed=3&speed=instant&hint=on{size}",
             "button.kaya-play-card:visible:not([disabled])")  # fmt: skip
    assert_no_sideways_scrolling(page)
    assert_on_screen_with_the_status(page, [".kaya-hand-card svg", "button.kaya-play-card"])
    # seed 3 with these bots: after your first card, the next decision is a challenge window
    page.click("button.kaya-play-card:visible:not([disabled]) >> nth=0")
    page.wait_for_selector("button.kaya-challenge:visible", timeout=STEP_TIMEOUT)
    page.wait_for_selector(".kaya-hint .kaya-bar-value", timeout=STEP_TIMEOUT)
    page.wait_for_timeout(200)
    assert_no_sideways_scrolling(page)
    assert_on_screen_with_the_status(
        page, [".kaya-hand-card svg", "button.kaya-challenge", "button.kaya-pass"]
    )
    assert_across_inside(page, ".kaya-hint .kaya-bar-value")
    assert_across_inside(page, ".kaya-hint .kaya-bar-detail")
    assert_nothing_clipped(page, ".kaya-hint, .kaya-status")
    assert_no_word_broken(page, ".kaya-hint, .kaya-status, .kaya-hand")


def a_final_score(lang: str) -> str:
    """The final score panel of a game of four with long bonus piles (rigged, in this process):
    the very tree the app's kernel sends, as HTML."""
    from kayalib.kaya.game import KayaState
    from kayalib.kaya.rules import KayaRules
    from kayalib.ui.kaya_app import KayaApp
    from tests.ui.page import inner

    app = KayaApp(seed=1, delay=0, opponents=["random"] * 3, lang=lang)
    position = KayaState.from_position(
        KayaRules(("green", "red", "blue", "pink")),
        hands=[["green-2"], ["red-5", "red-6"], ["blue-6", "blue-7"], ["pink-7", "pink-9"]],
        bonus=[["red-1", "red-2", "red-3", "blue-4", "blue-5", "pink-6", "pink-4", "red-8",
                "blue-9"], ["green-1"], ["pink-1", "pink-2"], ["blue-1", "red-9"]],
    )  # fmt: skip
    app.start_from(position, ["human", "random", "random", "random"])
    slot = app.slot_buttons[1]  # green 2, the last card: the game is over
    slot.click()
    assert app.owner.state.is_terminal
    return inner(app, "kaya-score")


#: cells of the score table whose sum is broken across lines around its result ("5 + 6 = /
#: 11"): the text from the last term to the end must sit on one line
SUM_BROKEN = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('table.kaya-score td')) {
    if (!cell.textContent.includes('=')) continue;
    const nodes = [];
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) nodes.push(n);
    const text = nodes.map(n => n.data).join('');
    let at = text.lastIndexOf('+') + 1;
    while (text[at] === ' ') at++;
    const range = document.createRange();
    let seen = 0;
    for (const n of nodes) {
      if (seen + n.data.length >= at) { range.setStart(n, at - seen); break; }
      seen += n.data.length;
    }
    const last = nodes[nodes.length - 1];
    range.setEnd(last, last.data.length);
    const tops = new Set(Array.from(range.getClientRects())
      .filter(r => r.width > 0).map(r => Math.round(r.top)));
    if (tops.size > 1) broken.push(text);
  }
  return broken;
}"""


def switch_language(page, lang: str) -> None:
    """Choose ``lang`` in the page's own switch; return once the page says it is in ``lang``
    (``<html lang>``) and the app's words are redrawn (its New game button's words)."""
    from kayalib.i18n import Translator, languages

    page.select_option(".kaya-lang select", label=languages()[lang])
    page.wait_for_function(
        "([lang, words]) => document.documentElement.lang === lang"
        " && document.querySelector('button.kaya-new-game').innerText.trim() === words",
        arg=[lang, Translator(lang)("new_game")], timeout=STEP_TIMEOUT)  # fmt: skip


def test_the_toolbar_and_the_final_score_fit_a_phone(voila_server, page) -> None:
    """At 390 px the toolbar keeps every label and room for a seed's digits; the final score's
    four columns fit the screen, no sum is broken before its result, no heading inside a word,
    and every total stays on one line beside its row. In each language: the page opens in
    Polish (its longest words) and the page's switch redraws it in Indonesian, then English."""
    page.set_viewport_size(PHONE)
    open_app(page, voila_server, "play-aku-paling-kaya.ipynb", "seed=3&speed=instant&lang=pl",
             "button.kaya-play-card:visible:not([disabled])")  # fmt: skip
    for lang in ("pl", "id", "en"):
        if lang != "pl":
            switch_language(page, lang)
        toolbar_and_final_score_fit(page, lang)


def toolbar_and_final_score_fit(page, lang: str) -> None:
    from kayalib.i18n import Translator

    field = boxes(page, ".kaya-seed input")[0]
    assert field["right"] - field["left"] >= 80, field  # room for the digits of a seed
    assert_across_inside(page, ".kaya-toolbar button, .kaya-seed, .kaya-lang")
    assert_nothing_clipped(page, ".kaya-toolbar button, .kaya-seed .kaya-label")
    assert_no_word_broken(page, ".kaya-toolbar")
    # the class seed's badge wraps inside one box, not as a frame broken over two lines
    assert page.evaluate("document.querySelector('.kayalib-seed-badge').getClientRects()"
                         ".length") == 1  # fmt: skip
    assert page.inner_text(".kayalib-seed-badge") == Translator(lang)("teach_badge_class", seed=3)

    page.evaluate("""html => document.querySelector('.kaya-app .kaya-status').parentElement
        .insertAdjacentHTML('beforeend', '<div class="kaya-score" data-test-drawn>' + html
                                         + '</div>')""",
                  a_final_score(lang))  # fmt: skip  (where the app draws it, under the status)
    page.wait_for_timeout(100)
    assert_no_sideways_scrolling(page)
    assert_across_inside(page, "table.kaya-score th, table.kaya-score td")
    assert_nothing_clipped(page, ".kaya-score-panel, .kaya-score-panel .kaya-scroll-x")
    assert_no_word_broken(page, "table.kaya-score th, table.kaya-score td")
    assert page.evaluate(SUM_BROKEN) == []
    totals = boxes(page, "table.kaya-score td:last-child b")
    assert all(b["bottom"] - b["top"] < 30 for b in totals), totals  # one line each
    page.locator(".kaya-score-panel").screenshot(path=str(ARTIFACTS / f"kaya-score-{lang}.png"))
    page.evaluate("document.querySelector('[data-test-drawn]').remove()")  # the app's again


# ---------------------------------------------------------------------------------------------
# Keyboard only


def tab_to(page, css_class: str, limit: int = 60) -> None:
    """Press Tab until the focused element has ``css_class`` (or lies in a widget that has)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"Boolean(document.activeElement.closest('.{css_class}'))"):
            return
    raise AssertionError(f"Tab never reached .{css_class}")


def wait_for_log_change(page, before: str) -> None:
    page.wait_for_function(
        "old => document.querySelector('.kaya-log').innerText !== old",
        arg=before, timeout=STEP_TIMEOUT,
    )  # fmt: skip
    page.wait_for_timeout(300)


def focused_action(page) -> bool:
    return page.evaluate("document.activeElement.classList.contains('kaya-action')")


def test_kaya_turn_with_the_keyboard_only(voila_server, page) -> None:
    open_app(page, voila_server, "play-aku-paling-kaya.ipynb", "seed=3&speed=instant",
             "button.kaya-play-card:visible:not([disabled])")  # fmt: skip
    tab_to(page, "kaya-play-card")
    log = page.inner_text(".kaya-log")
    page.keyboard.press("Enter")  # play the first card
    wait_for_log_change(page, log)
    assert "Player 1 (you) · green plays green 1" in page.inner_text(".kaya-log")
    page.wait_for_selector("button.kaya-pass:visible", timeout=STEP_TIMEOUT)
    assert focused_action(page), "focus should come back to the actions after the move"
    tab_to(page, "kaya-pass")
    log = page.inner_text(".kaya-log")
    page.keyboard.press(" ")  # Space presses a button too
    wait_for_log_change(page, log)
    assert "Player 1 (you) · green passes." in page.inner_text(".kaya-log")


# ---------------------------------------------------------------------------------------------
# Screen readers and languages


def test_heading_intro_and_tab_title_follow_the_language(voila_server, page) -> None:
    open_app(page, voila_server, "play-aku-paling-kaya.ipynb", "seed=2&speed=instant&lang=pl",
             "button.kaya-play-card:visible:not([disabled])")  # fmt: skip
    assert page.inner_text(".kaya-title") == "Graj w Aku Paling Kaya"
    assert "Wszystkie zeszyty" in page.inner_text(".kaya-back")
    page.wait_for_function("() => document.title === 'Graj w Aku Paling Kaya'",
                           timeout=STEP_TIMEOUT)  # fmt: skip
    page.select_option(".kaya-lang select", label="Bahasa Indonesia")
    page.wait_for_function(
        "() => document.querySelector('.kaya-title').innerText === 'Main Aku Paling Kaya'",
        timeout=STEP_TIMEOUT,
    )
    assert "pilih warnamu" in page.inner_text(".kaya-intro").lower()
    page.wait_for_function("() => document.title === 'Main Aku Paling Kaya'",
                           timeout=LOAD_TIMEOUT)  # fmt: skip
    href = page.get_attribute(".kaya-back", "href")
    assert href == "index.ipynb?lang=id"
    # the address and the document follow the switch: a copied link opens in Indonesian
    page.wait_for_function("() => new URL(location.href).searchParams.get('lang') === 'id'",
                           timeout=STEP_TIMEOUT)  # fmt: skip
    assert "seed=2" in page.url and page.evaluate("document.documentElement.lang") == "id"


#: controls of the app without a name a screen reader can say (no label text, no aria-label)
UNNAMED = """() => Array.from(document.querySelectorAll('.kaya-app select, .kaya-app input'))
    .filter(el => el.getClientRects().length > 0)  // a hidden control is in no reader's way
    .filter(el => !(el.labels && Array.from(el.labels).some(l => l.textContent.trim()))
                  && !(el.getAttribute('aria-label') || '').trim())
    .map(el => el.closest('.jupyter-widgets').className)"""


#: text of the app whose contrast with what lies under it is too low (see the script)
LOW_CONTRAST = (Path(__file__).with_name("contrast.js")).read_text("utf-8")


#: the pages whose controls and contrast are checked, with what shows they are drawn and the
#: move made on them (their axe-core check is here too: ``test_axe_browser.APPS``)
CONTROLS = [
    ("play-blef.ipynb", "button.kaya-bid:not([disabled])", "button.kaya-bid"),
    ("play-aku-paling-kaya.ipynb", "button.kaya-play-card:visible:not([disabled])",
     "button.kaya-action:visible:not([disabled]) >> nth=0"),
    ("what-if-blef.ipynb", ".kaya-hint-after", ""),
]  # fmt: skip


@pytest.mark.parametrize(("notebook", "ready", "then"), CONTROLS)
def test_every_control_has_a_name_and_every_text_contrast_enough(voila_server, page, notebook,
                                                                 ready, then) -> None:  # fmt: skip
    """In Polish, with the hint and the settings open: each control has a name a screen reader
    says in the page's language; and, before and after one move (the status line, the log and a
    reveal shown), no text is too faint for what lies under it.

    On the same load: the page Voila sent renders, and axe-core finds no serious violation in
    Polish (a play app's hint and settings closed, then open), then, after the move, in the
    other two languages through the page's switch (``test_axe_browser``)."""
    source = axe_source()
    response = page.goto(f"{voila_server.url}/voila/render/{notebook}?seed=3&speed=instant"
                         "&hint=on&lang=pl", timeout=LOAD_TIMEOUT)  # fmt: skip
    assert response is not None
    assert_rendered(notebook, response.status, response.text())
    page.wait_for_selector(ready, timeout=LOAD_TIMEOUT)
    if notebook.startswith("play"):
        page.click(".kaya-hint-toggle")  # closed, to check the page without its panels
        page.wait_for_selector(".kaya-hint", state="hidden", timeout=STEP_TIMEOUT)
        found = check_now(page, source, notebook, "pl")
        page.click(".kaya-hint-toggle")
        page.click(".kaya-settings-toggle")
        page.wait_for_selector(".kaya-settings:visible", timeout=STEP_TIMEOUT)
        page.wait_for_selector(".kaya-hint", state="visible", timeout=STEP_TIMEOUT)
        page.wait_for_timeout(300)
        found += [f"(hint and settings open) {line}"
                  for line in check_now(page, source, notebook, "pl")]  # fmt: skip
    else:
        page.wait_for_timeout(300)
        found = check_now(page, source, notebook, "pl")
    assert page.evaluate(UNNAMED) == []
    names = page.evaluate("() => Array.from(document.querySelectorAll('.kaya-app [aria-label]'))"
                          ".map(e => e.getAttribute('aria-label'))")  # fmt: skip
    assert "Język tej strony" in names
    if then:
        page.click(then)
    page.wait_for_timeout(800)
    assert page.evaluate(UNNAMED) == []
    assert page.evaluate(LOW_CONTRAST) == []
    found += check_the_other_languages(page, source, notebook, "pl")
    assert not found, f"{notebook}: {len(found)} serious or critical\n" + "\n".join(found)


def status_after(page, press: str, before: str) -> str:
    """Press ``press``; the live status line's words once they have changed from ``before``."""
    page.keyboard.press(press)
    page.wait_for_function(
        "old => document.querySelector('.kaya-status').innerText !== old",
        arg=before, timeout=STEP_TIMEOUT,
    )  # fmt: skip
    page.wait_for_timeout(300)
    return page.inner_text(".kaya-status[aria-live='polite']")


def test_a_whole_blef_round_with_the_keyboard_only(voila_server, page) -> None:
    """Tab to the bid's rank, an arrow key for another one, Tab to Bid, Enter; when the bots
    have bid over you, Tab to the check and Enter: no mouse, until you have checked a bid and
    seen the cards. After each move the focus is back on the actions. The status line is a
    polite live region that says each move and the round's result in words, and stays the same
    element throughout (a screen reader announces a changed text, not a new element); errors
    are an alert."""
    open_app(page, voila_server, "play-blef.ipynb", "seed=4&speed=instant&bots=odds,odds",
             "button.kaya-bid:not([disabled])")  # fmt: skip
    page.wait_for_selector(".kaya-status[aria-live='polite'][role='status']",
                           timeout=STEP_TIMEOUT)  # fmt: skip
    page.evaluate("window.kayaStatus = document.querySelector('.kaya-status')")
    assert page.evaluate("document.querySelector('.kaya-error').getAttribute('role')") == "alert"
    told: list[str] = []
    checked = False
    for _ in range(12):
        page.wait_for_selector("button.kaya-bid:not([disabled])", timeout=STEP_TIMEOUT)
        status = page.inner_text(".kaya-status")
        if told and page.locator("button.kaya-check:not([disabled])").count():
            assert focused_action(page), "focus should come back to the actions after the move"
        if told and "loses the round" not in told[-1] and \
                page.locator("button.kaya-check:not([disabled])").count():  # fmt: skip
            tab_to(page, "kaya-check")
            told.append(status_after(page, "Enter", status))  # sprawdzam!
            checked = True
            break
        tab_to(page, "kaya-bid-param")
        label = page.inner_text("button.kaya-bid")
        page.keyboard.press("ArrowDown")  # the next rank, e.g. pair 10 instead of pair 9
        page.wait_for_function(  # the Bid button names the bid it makes
            "old => document.querySelector('button.kaya-bid').innerText !== old",
            arg=label, timeout=STEP_TIMEOUT)  # fmt: skip
        tab_to(page, "kaya-bid")
        bid = page.inner_text("button.kaya-bid").split(":", 1)[1].strip()
        told.append(status_after(page, "Enter", status))
        assert f"Player 1 (you) bids {bid}." in told[-1], told
        assert f"Player 1 (you) bids {bid}" in page.inner_text(".kaya-log")
    assert checked, told
    page.wait_for_selector(".kaya-reveal-panel", timeout=STEP_TIMEOUT)
    said = told[-1]
    assert "Player 1 (you) says “sprawdzam!”" in said and "loses the round" in said, told
    assert "Cards:" in said  # the cards laid open, in words
    assert "sprawdzam" in page.inner_text(".kaya-log")
    # the same element, so a screen reader announced each new text
    assert page.evaluate("window.kayaStatus === document.querySelector('.kaya-status')")
    assert page.evaluate("document.querySelector('.kaya-error').getAttribute('role')") == "alert"


#: the Kaya decisions a keyboard makes: the first visible, enabled button of each kind
KAYA_PLAY = "button.kaya-play-card:visible:not([disabled])"
KAYA_POWERS = ["kaya-take-back", "kaya-keep", "kaya-steal", "kaya-decline"]


LANDED_STYLE = """() => Array.from(document.querySelectorAll('.kaya-landed')).map(e => {
    const s = getComputedStyle(e, '::after'); return [s.animationName, s.borderTopColor,
                                                      s.opacity, s.visibility]; })"""
#: what the page's running animations change: a property that is drawn anew at every frame while
#: it changes (an opacity, a colour) would slow every click made meanwhile on a computer without a
#: graphics card, so only ones that change once (visibility) are allowed
ANIMATED = """() => [...new Set(document.getAnimations().flatMap(a => a.effect.getKeyframes()
    .flatMap(k => Object.keys(k).filter(p => !['offset', 'computedOffset', 'easing',
                                                'composite'].includes(p)))))]"""


def test_a_whole_kaya_turn_with_the_keyboard_only(voila_server, page) -> None:
    """From your card played to your next card: the challenge windows (one challenge, the
    rest passed), the showdown and any power, with Tab, Enter and Space alone. The live status
    line says each move, the showdown and where the cards went, in words. The challenge is
    lost: the four cards that moved are framed for a moment (by their visibility alone), or
    still for a reader who asked for less motion."""
    open_app(page, voila_server, "play-aku-paling-kaya.ipynb", "seed=3&speed=instant",
             KAYA_PLAY)  # fmt: skip
    status = page.inner_text(".kaya-status")
    tab_to(page, "kaya-play-card")
    told = [status_after(page, "Enter", status)]
    assert "Player 1 (you) · green plays green 1" in told[0], told
    assert "Player 1 (you) · green plays green 1" in page.inner_text(".kaya-log")
    challenged = False
    for _ in range(12):
        page.wait_for_selector(f"{KAYA_PLAY}, button.kaya-pass:visible, "
                               + ", ".join(f"button.{p}:visible" for p in KAYA_POWERS),
                               timeout=STEP_TIMEOUT)  # fmt: skip
        status = page.inner_text(".kaya-status")
        if page.locator(KAYA_PLAY).count():
            break  # your next turn: the turn is over
        if page.locator("button.kaya-pass:visible").count():
            tab_to(page, "kaya-pass" if challenged else "kaya-challenge")
            told.append(status_after(page, " " if challenged else "Enter", status))
            if not challenged:  # lost: the cards go to red and away
                assert_landed_cards_framed(page)
            challenged = True
            continue
        power = next(p for p in KAYA_POWERS if page.locator(f"button.{p}:visible").count())
        tab_to(page, power)
        told.append(status_after(page, "Enter", status))
    said = " ".join(told)
    assert challenged and "Player 1 (you) · green challenges" in said and "Showdown:" in said, told
    assert page.locator(KAYA_PLAY).count(), "the turn did not come back to you"


def assert_landed_cards_framed(page) -> None:
    """The four cards a lost challenge moved: framed by an animation of their visibility only,
    and, for less motion, framed still."""
    styles = page.evaluate(LANDED_STYLE)
    assert len(styles) == 4 and all(name == "kaya-landed" for name, *_ in styles), styles
    assert set(page.evaluate(ANIMATED)) <= {"visibility"}
    page.emulate_media(reduced_motion="reduce")
    styles = page.evaluate(LANDED_STYLE)
    assert all(name == "none" and colour == "rgb(180, 83, 9)" and opacity == "1"
               and shown == "visible"
               for name, colour, opacity, shown in styles), styles  # fmt: skip
    page.emulate_media(reduced_motion="no-preference")
