"""The footer recomposes only when the keys it shows would change (issue 21, freezes):
Textual's footer recomposes on every change of bindings, which at start-up came to 15
times in a second."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.footer_key import FooterKey
from tests.tui.conftest import wait_for


async def test_a_recompose_that_would_give_the_same_keys_keeps_them(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.pause()
        footer = app.query_one(FittingFooter)
        before = list(footer.query_children(FooterKey))
        await footer.recompose()
        assert list(footer.query_children(FooterKey)) == before  # the same widgets
        words = [k.description for k in before]
        await pilot.press("2")  # another view: other keys
        await wait_for(pilot, lambda: [k.description for k in
                                       footer.query_children(FooterKey)] != words)
        # the key widgets are reused (issue 32 item 17), each showing what the view offers
        after = list(footer.query_children(FooterKey))
        assert after[0] is before[0]
        await pilot.pause()
        assert [(k.key, k.key_display, k.description, k.action, k.enabled) for k in after] \
            == [(s.key, s.key_display, s.description, s.action, s.enabled)
                for s in footer._specs()]
        await pilot.press("1")  # and back: the Index view's own keys again
        await wait_for(pilot, lambda: [k.description for k in
                                       footer.query_children(FooterKey)] == words)


async def test_new_keys_are_born_in_the_footers_style(workspace: Path,
                                                    monkeypatch: object) -> None:
    """A wide footer is not compact: its new keys are made so, not made compact and then
    restyled one by one (~2 ms each, 15–30 keys a view change)."""
    restyled: list[bool] = []
    watch = FooterKey.watch_compact

    def counted(self: FooterKey, compact: bool) -> None:
        # (data_bind calls the watcher once whatever the value: a restyle is a change)
        if self.has_class("-compact") is not compact:
            restyled.append(compact)
        watch(self, compact)

    monkeypatch.setattr(FooterKey, "watch_compact", counted)  # type: ignore[attr-defined]
    for size, compact in (((160, 50), False), ((80, 24), True)):
        await keys_born_in_style(workspace, size, compact, restyled)


async def keys_born_in_style(workspace: Path, size: tuple[int, int], compact: bool,
                             restyled: list[bool]) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        footer = app.query_one(FittingFooter)
        assert footer.compact is compact
        restyled.clear()
        await pilot.press("2")  # another view: new keys
        await wait_for(pilot, lambda: footer.query_children(FooterKey).first().action
                       != "app.fold")
        await pilot.pause()
        keys = [k for k in footer.query_children(FooterKey)
                if not k.has_class("-command-palette")]
        assert keys and all(k.compact is compact and k.has_class("-compact") is compact
                            for k in keys)
        assert restyled == []


async def test_a_key_that_only_changes_state_is_updated_in_place(workspace: Path,
                                                                monkeypatch: object) -> None:
    """The same keys in the same order with another state (a binding disabled, as a view
    switch mostly does) keep their widgets: no key is removed and mounted again (issue 32
    item 17, a view switch's CPU)."""
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.pause()
        footer = app.query_one(FittingFooter)
        before = list(footer.query_children(FooterKey))
        target = next(k for k in before if k.enabled and not k.has_class("-command-palette")
                      and k.action not in ("help", "quit"))
        owner = next(node for node, binding, _, _ in app.screen.active_bindings.values()
                     if binding.action == target.action)  # whose check_action decides
        check = type(owner).check_action

        def disabled(self: object, action: str, parameters: tuple[object, ...]) -> bool | None:
            return None if action == target.action else check(self, action, parameters)

        monkeypatch.setattr(type(owner), "check_action", disabled)  # type: ignore[attr-defined]
        app.refresh_bindings()
        await wait_for(pilot, lambda: any(k.action == target.action and not k.enabled
                                          for k in footer.query_children(FooterKey)))
        assert list(footer.query_children(FooterKey)) == before  # the same widgets
        assert target.has_class("-disabled")
