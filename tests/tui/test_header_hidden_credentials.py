"""newuser39 #23: the app's header said "1 credential" where the fleet's Secrets column and
the exit status counted 3 (two hidden by an inline ``memtui: ignore secret``), and a
workspace's ``.memtui.toml`` ``ignore = ["secret"]`` left them all counted: two rules in one
app. The header counts the credentials as the fleet does, the hidden ones too, and says how
many of them the workspace's own comment or config hides."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.tui.app import open_app
from tests.tui.test_app import header_text, started

TOKEN = "ghp_B1gF1leq2RwYb7NpJc4HsFd6GeUa1KoVZ9xk3"
OTHER = "ghp_Q8mT3vRb5LwXc2NpYd7HsKe4FgUa9JoZ1xV6"
THIRD = "ghp_Z7kP2nWq4RtYb8MvLc3HsJd5GeUa6KoXF1yT9"
IGNORE = " <!-- memtui: ignore secret -->"


def _workspace(root: Path, inline: bool, config: bool) -> Path:
    (root / "memory").mkdir(parents=True)
    lines = ["# M", ""]
    for i, (token, hide) in enumerate(((TOKEN, False), (OTHER, inline), (THIRD, inline))):
        (root / "memory" / f"deploy{i}.md").write_text(
            f"---\nname: deploy{i}\ndescription: how we deploy {i}\ntype: project\n---\n"
            f"Push with token {token} please.{IGNORE if hide else ''}\n", encoding="utf-8")
        lines.append(f"- [Deploy {i}](memory/deploy{i}.md) — deploys {i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if config:
        (root / ".memtui.toml").write_text('ignore = ["secret"]\n', encoding="utf-8")
    return root


@pytest.mark.parametrize("inline, config, hidden", [(True, False, 2), (False, True, 3),
                                                    (False, False, 0)])
async def test_the_header_counts_every_credential_and_says_how_many_are_hidden(
        tmp_path: Path, inline: bool, config: bool, hidden: int) -> None:
    app = open_app(_workspace(tmp_path / "ws", inline, config), watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await started(pilot, app)
        header = header_text(app)
        assert "3 credentials" in header, header
        if hidden:
            assert f"3 credentials ({hidden} hidden by the workspace)" in header, header
        else:
            assert "hidden" not in header, header
