"""The footer is one widget drawing its keys (issue 32 item 17: a widget per key cost a view
switch 10–30 ms of CPU), it redraws only when the keys it shows would change (issue 21,
freezes: Textual's footer recomposes on every change of bindings, which at start-up came
to 15 times in a second), and a click on a key presses it."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.tui.conftest import wait_for


async def test_the_footer_draws_the_keys_of_the_view_without_a_widget_each(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.pause()
        footer = app.query_one(FittingFooter)
        assert not footer.children
        before = footer.shown
        drawn = footer.render().plain
        assert all(k.text.plain in drawn for k in before)
        assert drawn.startswith(before[0].text.plain) and drawn.rstrip().endswith("palette")
        await footer.recompose()  # the same keys: nothing placed again
        assert footer.shown == before
        words = [k.description for k in before]
        await pilot.press("2")  # another view: other keys
        await wait_for(pilot, lambda: [k.description for k in footer.shown] != words)
        await pilot.pause()
        specs = footer._specs()
        assert [k.spec for k in footer.shown] == specs  # all fit at 160 columns
        assert not footer.children
        await pilot.press("1")  # and back: the Index view's own keys again
        await wait_for(pilot, lambda: [k.description for k in footer.shown] == words)


async def test_a_key_that_only_changes_state_is_drawn_dimmed(workspace: Path,
                                                            monkeypatch: object) -> None:
    """The same keys in the same order with another state (a binding disabled, as a view
    switch mostly does) are drawn again with it: dimmed, the key a click on rings the bell."""
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.pause()
        footer = app.query_one(FittingFooter)
        target = next(k for k in footer.shown if k.enabled and not k.spec.palette
                      and k.action not in ("help", "quit"))
        owner = next(node for node, binding, _, _ in app.screen.active_bindings.values()
                     if binding.action == target.action)  # whose check_action decides
        check = type(owner).check_action

        def disabled(self: object, action: str, parameters: tuple[object, ...]) -> bool | None:
            return None if action == target.action else check(self, action, parameters)

        monkeypatch.setattr(type(owner), "check_action", disabled)  # type: ignore[attr-defined]
        app.refresh_bindings()
        await wait_for(pilot, lambda: any(k.action == target.action and not k.enabled
                                          for k in footer.shown))
        shown = next(k for k in footer.shown if k.action == target.action)
        assert any(span.start == 0 and span.end == len(shown.text)
                   and span.style.dim for span in shown.text.spans)  # type: ignore[union-attr]
        bells: list[int] = []
        monkeypatch.setattr(app, "bell", lambda: bells.append(1))  # type: ignore[attr-defined]
        await pilot.click(FittingFooter, offset=(shown.x, 0))
        assert bells == [1]


async def test_a_click_on_a_key_presses_it(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.pause()
        footer = app.query_one(FittingFooter)
        shown = next(k for k in footer.shown if k.action == "help")
        await pilot.hover(FittingFooter, offset=(shown.x + 1, 0))
        assert footer.tooltip == (shown.spec.tooltip or None)
        await pilot.click(FittingFooter, offset=(shown.x + shown.width - 1, 0))
        await wait_for(pilot, lambda: len(app.screen_stack) > 1)  # the help screen
        assert type(app.screen).__name__ == "HelpScreen"


async def test_compact_keys_narrow_the_footer(workspace: Path) -> None:
    """At 80 columns the keys are compact ("/ Filter", a cell between keys), from 120 each
    is padded (" / Filter "), as Textual's footer draws them."""
    for size, compact in (((120, 40), False), ((80, 24), True)):
        await compact_at(workspace, size, compact)


async def compact_at(workspace: Path, size: tuple[int, int], compact: bool) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.pause()
        footer = app.query_one(FittingFooter)
        assert footer.compact is compact
        first, second = footer.shown[:2]
        assert first.text.plain == ("/ Filter" if compact else " / Filter ")
        assert second.x == first.width + (1 if compact else 0)


async def test_a_view_switch_reads_the_bindings_for_its_keys_three_times_not_four(
        workspace: Path) -> None:
    """Its own keys in the switch's frame, then for the bindings' changes after it: a
    change while one is asked for and not yet made asks for none more (Textual's footer
    asked after each of three: ~1 ms each), and the keys are still the new view's."""
    from tests.tui.test_app import switch

    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        for key in "231":
            await switch(pilot, app, key)
        await pilot.pause(0.3)
        footer = app.query_one(FittingFooter)
        update_keys = footer.update_keys
        calls: list[str] = []

        def counted() -> None:
            calls.append(app.active_view.id or "")
            update_keys()

        footer.update_keys = counted  # type: ignore[method-assign]
        for key in "2312":
            calls.clear()
            await switch(pilot, app, key)
            await pilot.pause(0.3)
            assert 1 <= len(calls) <= 3, calls
            assert [k.spec for k in footer.shown] == footer._specs()[:len(footer.shown)]
