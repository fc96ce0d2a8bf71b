"""newuser32 #16, #17: README, SECURITY.md and the program disagreed. SECURITY.md said an
archive folder's credential "is not scanned", README that it is "counted as suppressed by
`exclude`", while the program reports it as an unsuppressed error
(tests/core/test_archives.py::test_a_credential_in_an_archive_folder_is_reported); and
SECURITY.md's "Not defended" said redaction leaves the chat history and transcripts, which
it scrubs (tests/agent/test_redact_chat_state.py). The documents now say what runs, and
name the tests that show it."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def words(name: str) -> str:
    return " ".join((ROOT / name).read_text(encoding="utf-8").split())


def test_archive_credentials_are_said_to_be_reported() -> None:
    security, readme = words("SECURITY.md"), words("README.md")
    assert "what they hold is not scanned, a credential included" not in security
    assert "a credential there is counted as suppressed by `exclude`" not in readme
    assert "a credential there is an unsuppressed `secret` error" in security
    assert "a credential there is reported as an unsuppressed `secret` error" in readme
    assert "test_a_credential_in_an_archive_folder_is_reported" in security.replace(":: ", "::")
    assert "def test_a_credential_in_an_archive_folder_is_reported" in \
        (ROOT / "tests/core/test_archives.py").read_text(encoding="utf-8")


def test_redaction_of_chat_state_is_said_once() -> None:
    security = words("SECURITY.md")
    elsewhere = security.split("**Secrets elsewhere**", 1)[1].split(" - ", 1)[0]
    assert "purges memtui's own journal and its chat state" in elsewhere
    assert "not git history, editor backups, or a sync tool's copies" in elsewhere
    assert (ROOT / "tests/agent/test_redact_chat_state.py").is_file()
