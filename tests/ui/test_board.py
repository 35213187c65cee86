"""The play pages' one widget: a page is given its whole tree when it loads, then one patch per
change that turns the tree it has into the next; a page that missed one is sent the whole tree
again; what the page says back reaches only the controls it shows, and only as they allow."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kayalib.ui import BlefApp, KayaApp
from kayalib.ui.board import pack, unpack
from kayalib.ui.tree import apply, diff, h
from tests.ui.page import choose, press


def test_every_patch_sent_turns_the_pages_tree_into_the_kernels() -> None:
    """A page that applies each patch it is sent, in order, from the tree it was given, has the
    kernel's tree at every step of a whole game (both games, moves chosen at random)."""
    for app in (BlefApp(seed=2, delay=0, opponents=["odds", "random"], hint=True),
                KayaApp(seed=2, delay=0, opponents=["counter", "random"], hint=True)):  # fmt: skip
        board = app.widget
        page = unpack(board.get_state()["scene"]["packed"])
        rng = random.Random(3)
        for _ in range(400):
            before = len(board.sent)
            screen = app.screen()
            if screen.view.is_terminal:
                break
            app.human_act(rng.choice(screen.view.legal_actions()))
            for message in board.sent[before:]:
                assert message["base"] == page["rev"]
                page["tree"] = apply(page["tree"], message["ops"])
                page["rev"] = message["rev"]
            assert page["tree"] == board.tree and page["rev"] == board.rev
        assert app.screen().view.is_terminal


def test_a_click_is_one_message_and_a_page_that_missed_some_is_sent_the_whole_tree() -> None:
    """While the browser builds a page's widgets it drops their messages: once it has drawn the
    page it says which tree it has ("hello"), and one that is behind is sent the whole tree."""
    app = BlefApp(seed=5, delay=0, lang="id")
    board = app.widget
    shown = board.rev
    sent = len(board.sent)
    board.receive({"hello": shown})  # up to date: nothing to send
    assert len(board.sent) == sent
    press(app, app.bid_button)  # the bots answer too: still one message
    assert len(board.sent) == sent + 1 and board.rev == shown + 1
    press(app, app.shell.hint_toggle)
    board.receive({"hello": shown})  # a page that missed both patches
    whole = board.sent[-1]
    assert whole["snapshot"] == board.rev and whole["tree"] == board.tree
    assert set(whole["sprites"]) == set(board.sprites)
    assert unpack(board.get_state()["scene"]["packed"])["tree"] == board.tree


def test_what_a_page_says_reaches_only_the_controls_it_shows_as_they_allow() -> None:
    app = BlefApp(seed=5, delay=0)
    board = app.widget
    tree, state = board.tree, app.owner.state
    for message in (None, "click", [1], {"ctl": 7}, {"ctl": "nothing", "do": "click"},
                    {"ctl": "bid-kind", "value": "99"}, {"ctl": "bid-kind", "value": -1},
                    {"ctl": "bid-kind", "value": "1e3"}, {"ctl": "seed", "value": 12},
                    {"ctl": "hint-bluff", "value": "nan"}, {"ctl": "hint-bluff", "value": 7},
                    {"ctl": "undo", "do": "click"}):  # fmt: skip
        board.receive(message)  # undo: disabled (nothing to undo yet)
    assert board.tree == tree and app.owner.state is state and app.shell.error.text == ""
    app.check_button.disabled = True  # a page that still shows an old, enabled button
    board.receive({"ctl": "check", "do": "click"})
    assert app.owner.state is state
    choose(app, app.shell.seed_field, "x" * 10_000)  # a field takes so much and no more
    assert len(app.shell.seed_field.value) == 200


WORDS = st.text(alphabet="ab<>&\"'", max_size=3)
NODES = st.recursive(
    WORDS,
    lambda inner: st.builds(lambda tag, cls, kids: h(tag, *kids, cls=cls),
                            st.sampled_from(["div", "span", "li"]), st.sampled_from(["", "x", "y"]),
                            st.lists(inner, max_size=4)),  # fmt: skip
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(NODES, NODES)
def test_a_patch_turns_any_tree_into_any_other(old, new) -> None:
    tree_a, tree_b = h("div", old), h("div", new)
    assert apply(tree_a, diff(tree_a, tree_b)) == tree_b
    assert unpack(pack(diff(tree_a, tree_b))) == diff(tree_a, tree_b)
