"""What a workspace's writer controls never hides a credential from the verdict, round five
(redteam37): a file put in memtui's own state folder (``.memtui/``, skipped by every walk),
and a credential written with characters a reader reads through (a default-ignorable
character between its characters, a line separator or form feed between a label and its
value, full-width punctuation, mathematical letters).

Each test builds a real workspace in a temporary folder and runs the real ``memtui audit``
in a child process (the state folder's bound: its lister over real files). One mechanism a
class: every profile's state folder is read for credentials as memtui's own files are
(`memtui.core.scanner.state_files`); a text is read as its reader sees it before the
credential check (`memtui.core.creds.as_seen`, its compiled look `memtui_native.disguise`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core.scanner import state_files as state
from memtui.core.workspace import open_workspace
from tests.core.helpers import make_ws, memory

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_Q7m2Xv9Lr4Tb8Nc1Kz6Wd3Hp5Fs0Gj2Ya7Ue"
PASSWORD = "Xk9#mQ2vLp7!Rt4Wz"
FLAT_INDEX = "# Index\n\n- [Deploy](deploy.md) — how we deploy\n"
ITEM_INDEX = "- [Deploy](memory/deploy.md) — how we deploy\n"


def _memtui(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
            "COLUMNS": "100", **(env or {})}
    return subprocess.run([sys.executable, "-m", "memtui", *args], env=full, text=True,
                          capture_output=True, timeout=180, cwd=ROOT)


def _guarded(ws: Path) -> list[tuple[str, str]]:
    """The guarded findings ``memtui audit --json`` reports, after checking that it fails."""
    run = _memtui("audit", "--json", str(ws))
    assert run.returncode == 1, (run.stdout[-2000:], run.stderr)
    assert "Traceback" not in run.stderr
    found = json.loads(run.stdout)["findings"]
    return sorted((str(f["path"]), str(f["kind"]))
                  for f in found if f["kind"] in ("secret", "unchecked_text"))


# 1. memtui's state folder


@pytest.mark.parametrize(("files", "where"), [
    ({"MEMORY.md": FLAT_INDEX, "deploy.md": memory("deploy"),
      ".memtui/notes.md": f"Deploy with {TOKEN}.\n"}, ".memtui/notes.md"),
    ({"MEMORY.md": ITEM_INDEX, "memory/deploy.md": memory("deploy"),
      ".memtui/sub/x.json": json.dumps({"token": TOKEN})}, ".memtui/sub/x.json"),
    ({"AGENTS.md": "# Agents\n", "SOUL.md": "# Soul\n", "memory/2026-01-01.md": "notes\n",
      ".memtui/journal/000009.json": f'{{"before": "token {TOKEN}"}}\n'},
     ".memtui/journal/000009.json"),
], ids=["flat", "item", "openclaw, a journal-named file"])
def test_a_file_in_memtuis_state_folder_is_read_for_credentials(
        tmp_path: Path, files: dict[str, str], where: str) -> None:
    """A credential in a file of the workspace's ``.memtui/`` (``git add -f`` commits one;
    the agent's file tools open it): exit 0 on integ, the folder skipped by every walk."""
    ws = make_ws(tmp_path / "ws", files)
    assert _guarded(ws) == [(where, "secret")]


def test_a_link_out_of_the_state_folder_is_unchecked(tmp_path: Path) -> None:
    """``.memtui/o`` leading to a folder outside the workspace: the agent follows it, the
    audit never does, so it is an ``unchecked_text`` error (exit 0 on integ)."""
    outside = make_ws(tmp_path / "outside", {"k.md": f"token {TOKEN}\n"})
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": FLAT_INDEX, "deploy.md": memory("deploy")})
    (ws / ".memtui").mkdir()
    (ws / ".memtui" / "o").symlink_to(outside)
    assert _guarded(ws) == [(".memtui/o", "unchecked_text")]


def test_the_state_folder_is_listed_within_a_bound(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `MAX_STATE_ENTRIES` names the lister stops and says where (the audit reports
    an ``unchecked_text`` error there, as every bound of the walk)."""
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": FLAT_INDEX, "deploy.md": memory("deploy"),
                                   **{f".memtui/f{i:02d}.txt": "x\n" for i in range(30)}})
    monkeypatch.setattr(state, "MAX_STATE_ENTRIES", 10)
    found = state.state_files(open_workspace(ws))
    assert len(found.files) == 10 and found.past == ".memtui/f10.txt"


def test_a_journal_memtui_wrote_is_no_credential(tmp_path: Path) -> None:
    """A guard: the state memtui itself writes (a rename's sealed journal record, the lock,
    the folder's ``.gitignore``) reports nothing."""
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": FLAT_INDEX, "deploy.md": memory("deploy")})
    env = {"MEMTUI_CONFIG_DIR": str(tmp_path / "config")}
    run = _memtui("fix", "rename", str(ws), "deploy.md", "shipping.md", env=env)
    assert run.returncode == 0, run.stderr
    assert (ws / ".memtui" / "journal").is_dir()
    run = _memtui("audit", "--json", str(ws), env=env)
    found = json.loads(run.stdout)["findings"]
    assert [f for f in found if f["kind"] in ("secret", "unchecked_text")] == []


# 2. a credential written with characters its reader reads through


def _spread(text: str, mark: str) -> str:
    return mark.join(text[i:i + 4] for i in range(0, len(text), 4))


def _wide(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _bold(text: str) -> str:
    return "".join(chr(0x1D41A + ord(c) - 97) if "a" <= c <= "z" else
                   chr(0x1D400 + ord(c) - 65) if "A" <= c <= "Z" else
                   chr(0x1D7CE + ord(c) - 48) if "0" <= c <= "9" else c for c in text)


@pytest.mark.parametrize("line", [
    f"token {_spread(TOKEN, chr(0xFE0F))}",
    f"token {_spread(TOKEN, chr(0xE0020))}",
    f"token {_spread(TOKEN, chr(0x34F))}",
    f"token {_wide(TOKEN)}",
    f"token {_bold(TOKEN)}",
    f"password:\u2028{PASSWORD}",
    f"password:\u0085{PASSWORD}",
    f"password:\x0c{PASSWORD}",
    f"password:\x0b{PASSWORD}",
    f"password:\x1e{PASSWORD}",
], ids=["variation selector", "tag space", "grapheme joiner", "full-width token",
        "mathematical bold token", "line separator", "NEL", "form feed", "vertical tab",
        "record separator"])
def test_a_credential_written_to_be_read_through_is_reported(tmp_path: Path,
                                                             line: str) -> None:
    """Each passed with exit 0 on integ: the check stopped at a character a reader (and the
    model) reads through — drawn as nothing, a blank no line ends at, a full-width ``＿``,
    a mathematical letter."""
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": FLAT_INDEX,
                                   "deploy.md": memory("deploy", f"Deploy.\n{line}\n")})
    assert _guarded(ws) == [("deploy.md", "secret")]


def test_ordinary_text_with_those_characters_is_no_credential(tmp_path: Path) -> None:
    """A guard: an emoji's variation selector, Japanese full-width punctuation, a formula's
    mathematical letters and a form feed between sections report nothing."""
    body = ("Shipped 👍️ and ❤️ after review.\n"
            "設定／確認は Ａ－Ｂ の順で行う＝完了。\n"
            "The loss is 𝐋 = 𝑥² + 𝑦², minimised over 𝜃.\n"
            "Section one.\x0cSection two.\n")
    ws = make_ws(tmp_path / "ws", {"MEMORY.md": FLAT_INDEX,
                                   "deploy.md": memory("deploy", body)})
    run = _memtui("audit", "--json", str(ws))
    found = json.loads(run.stdout)["findings"]
    assert [f for f in found if f["kind"] in ("secret", "unchecked_text")] == []
