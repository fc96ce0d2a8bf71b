"""No audited workspace accepts a guarded finding by itself, in every run that decides a
verdict (`memtui.core.verdict`): a text the credential check did not read is guarded like a
credential (newuser32 #19: a padded memory's own commit switched ``unchecked_text`` off),
and a fleet (`--discover`) does not let a workspace's own ``.memtui.toml`` hide its
credentials (newuser32 #23: "0 secrets, exit 0")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.verdict import GUARDED
from tests.core.helpers import memory

KEY = "The deploy password is `Zq8!vR2#pL9wX4`.\n"
#: More credentials than the check reads in one text: 100 ``secret`` errors and an
#: ``unchecked_text`` error for the rest (cheaper than a padded text's 5,001 lines).
PADDED = "".join(f"token{i}: ghp_{i:04d}Zq8vR2pL9wX4Yb6Nd3Ks7Tm1Hc5Jf\n" for i in range(101))


def _ws(root: Path, body: str, config: str | None = None) -> Path:
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [A](a.md) — about a\n")
    (root / "a.md").write_text(memory("a", body))
    if config is not None:
        (root / ".memtui.toml").write_text(config)
    return root


def test_the_rules_name_what_is_guarded() -> None:
    assert {"secret", "unchecked_text"} == GUARDED


@pytest.fixture(scope="module")
def padded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("padded")


@pytest.mark.parametrize("config", ['ignore = ["unchecked_text", "secret"]\n',
                                    '[severity]\nunchecked_text = "info"\nsecret = "info"\n'])
def test_unchecked_text_is_not_the_workspace_s_to_hide(
        padded: Path, config: str, capsys: pytest.CaptureFixture[str]) -> None:
    ws = _ws(padded / str(abs(hash(config))), PADDED, config)
    assert main(["audit", str(ws), "--json"]) == 1
    err = capsys.readouterr().err
    assert "exit 1: 100 credentials and 1 unchecked text (a.md:" in err
    assert "never the audited workspace's to accept" in err
    # the command line decides: a flag is not loosened, and `never` there is the operator's
    assert main(["audit", str(ws), "--json", "--fail-on", "never"]) == 0


def test_a_fleet_counts_what_a_workspace_hides_itself(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "fleet"
    _ws(root / "a", KEY, 'ignore = ["secret"]\nfail-on = "never"\n')
    _ws(root / "b", "Deploys go through CI.\n")
    assert main(["audit", str(root), "--discover", "--json", "--jobs", "1"]) == 1
    got = capsys.readouterr()
    rows = {Path(r["path"]).name: r for r in json.loads(got.out)["workspaces"]}
    assert (rows["a"]["secrets"], rows["a"]["exit"]) == (1, 1)
    assert (rows["b"]["secrets"], rows["b"]["exit"]) == (0, 0)
    assert "memtui audit: a: exit 1: 1 credential (a.md:7) kept from failing" in got.err
    assert main(["audit", str(root), "--discover", "--json", "--jobs", "1",
                 "--fail-on", "never"]) == 0
