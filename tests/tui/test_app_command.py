"""``memtui [PATH]``: argument errors are one line on stderr and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.cli import main


@pytest.mark.parametrize(("argv", "message"), [
    (["/no/such/folder"], "memtui: /no/such/folder: no such file or folder\n"),
    (["--theme", "nope", "."], "memtui: unknown theme 'nope' (choose from "),
    (["--demo", "."], "memtui: give a PATH or --demo, not both\n"),
    (["--system-prompt", "/no/such/prompt.txt", "."],
     "memtui: /no/such/prompt.txt: no such file (--system-prompt)\n"),
    (["--num-ctx", "0", "."], "memtui: error: argument --num-ctx: must be above zero: '0' "
                              "(see memtui --help)\n"),
    (["--host", "http://127.0.0.1:99999", "."],
     "memtui: Ollama host 'http://127.0.0.1:99999' is not a usable URL "
     "(Port out of range 0-65535)\n"),
])
def test_bad_arguments_exit_2_with_one_line(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(argv))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert err.count("\n") == 1


def test_a_file_that_is_not_an_index_is_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    note = tmp_path / "note.md"
    note.write_text("x", encoding="utf-8")
    assert main([str(note)]) == 2
    assert capsys.readouterr().err == f"memtui: {note}: not a folder or a MEMORY.md\n"


def test_options_reach_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The launcher hands the audit options, agent settings and theme to the app."""
    seen: dict[str, object] = {}

    def fake_run(self: object) -> None:
        seen.update(vars(self))

    monkeypatch.setattr("memtui.tui.app.MemtuiApp.run", fake_run)
    prompt = tmp_path / "prompt.txt"
    prompt.write_text("be brief", encoding="utf-8")
    assert main([str(tmp_path), "--theme", "memtui-paper", "--num-ctx", "8192",
                 "--model", "qwen3:14b", "--host", "localhost:1", "--system-prompt",
                 str(prompt), "--tool-prose", "--decoys", "--profile", "claude-code",
                 "--no-watch"]) == 0
    settings = seen["settings"]
    assert (settings.model, settings.host, settings.num_ctx, settings.system_prompt_file,
            settings.tool_prose, settings.decoys) == (
        "qwen3:14b", "localhost:1", 8192, prompt, True, True)
    options = seen["options"]
    assert (options.num_ctx, options.profile) == (8192, "claude-code")
    assert seen["_requested_theme"] == "memtui-paper"
    assert seen["watching"] is False
