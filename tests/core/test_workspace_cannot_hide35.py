"""What a workspace's writer controls never hides a credential from the verdict, round three
(redteam35): a credential written as a name (a memory's file name, a folder's, the target
MEMORY.md links), a folder the walk could not look into (past the system's path length), a
memory in UTF-32, the UTF-16 strings of a binary file.

Each test builds a real workspace in a temporary folder and runs the real ``memtui audit``
in a child process. One mechanism a class: a name is text the credential check reads
(`memtui.core.creds.named`, through `scan_text_bounded`; the walk's names as one text,
`memtui.core.scanner.names`); what the walk could not read is an ``unchecked_text`` error
no setting of the workspace accepts (`memtui.core.verdict`); a text is read in the
encoding its bytes say (`memtui.core.scanner.textfile.utf16`,
`memtui.core.scanner.readable.wide_runs`)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.core.helpers import make_ws, memory

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_Q7m2Xv9Lr4Tb8Nc1Kz6Wd3Hp5Fs0Gj2Ya7Ue"
CRED = f"Deploy with {TOKEN} when asked.\n"
INDEX = "- [Deploy](memory/deploy.md) — how we deploy\n"


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], env=env, text=True,
                          capture_output=True, timeout=180, cwd=ROOT)


def _guarded(ws: Path, *flags: str) -> list[tuple[str, str, int | None]]:
    """The guarded findings ``memtui audit --json`` reports, after checking that the text
    and JSON runs both fail."""
    text = _memtui("audit", str(ws), *flags)
    assert text.returncode == 1, (text.stdout[-2000:], text.stderr)
    run = _memtui("audit", "--json", str(ws), *flags)
    assert run.returncode == 1, run.stderr
    found = json.loads(run.stdout)["findings"]
    return sorted((str(f["path"]), str(f["kind"]), f.get("line"))  # type: ignore[misc]
                  for f in found if f["kind"] in ("secret", "unchecked_text"))


def _item(tmp: Path, files: dict[str, str | bytes]) -> Path:
    return make_ws(tmp / "ws", {"MEMORY.md": INDEX, "memory/deploy.md": memory("deploy"),
                                **files})


# 1. a credential as a name


@pytest.mark.parametrize(("files", "expected"), [
    ({f"memory/{TOKEN}.md": memory("tok")},
     [(f"memory/{TOKEN}.md", "secret", None)]),
    ({"MEMORY.md": INDEX + f"- [Tok](memory/{TOKEN}.md) — the token\n",
      f"memory/{TOKEN}.md": memory("tok")},
     [("MEMORY.md", "secret", 2), (f"memory/{TOKEN}.md", "secret", None)]),
    ({f"memory/{TOKEN}/note.md": memory("note")},
     [(f"memory/{TOKEN}", "secret", None)]),
    ({"MEMORY.md": INDEX + f"- [Tok](memory/{TOKEN}.md) — the token\n"},
     [("MEMORY.md", "secret", 2)]),
    ({"memory/deploy.md": memory("deploy", f"See [the key](../keys/{TOKEN}/use.md).\n")},
     [("memory/deploy.md", "secret", 7)]),
], ids=["a memory named by it", "a memory named by it, linked", "a folder named by it",
        "a link target in MEMORY.md", "a folder in a memory's link"])
def test_a_credential_written_as_a_name_is_reported(
        tmp_path: Path, files: dict[str, str], expected: list[tuple[str, str, int | None]]
        ) -> None:
    """A memory named ``ghp_….md``, a folder named by the token, or MEMORY.md's link to such
    a path: the agent sees the name (the index it loads every turn, a listing), yet a word
    with a file's extension reads as a path and the walk read no names (exit 0 on integ)."""
    ws = _item(tmp_path, files)
    assert _guarded(ws) == expected


def test_ordinary_names_are_no_credential(tmp_path: Path) -> None:
    """Names a real workspace holds — hashes, UUIDs, dated or long snake_case names, a
    PEM body's base64 (whose ``/`` is no folder) — are no credential (a guard)."""
    pem = "\n".join(["-----BEGIN CERTIFICATE-----",
                     "MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ/RTE",
                     "SMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYDVQQD/E",
                     "-----END CERTIFICATE-----", ""])
    ws = _item(tmp_path, {
        "memory/3f9a7c2e4b1d8f6a0c5e9b7d2a4f6c8e1b3d5f7a.md": memory("hash"),
        "memory/550e8400-e29b-41d4-a716-446655440000/notes.md": memory("uuid"),
        "memory/2026-03-01-quarterly-planning-meeting.md": memory("meeting"),
        "memory/feedback_integration_tests_hit_real_database.md": memory("feedback"),
        "memory/ca.md": memory("ca", "The public certificate:\n\n```\n" + pem + "```\n"
                               "See src/memtui/core/scanner/readable_walk_helpers.py and "
                               "/home/someone/projects/infrastructure-terraform/main.tf.\n"),
        # a lock file's Subresource Integrity values: ``sha512-`` then base64 with ``/``
        # (random ones: 100 false "written as a name" credentials in 400 before the lead's fix)
        # a URL's query whose value holds escapes and a dotted word (two false credentials
        # "written as a name" on a real folder's saved page list before the lead's fix)
        "memory/pages.md": memory("pages", "".join(
            f"- https://shop.example/products/{p}?utm_source=feed&utm_content={q}\n"
            for p, q in (("roof-rack-crossbar-60in", "Roof%20Rack%20Crossbar%2FRail%2060in.v2"),
                         ("wheel-spacer-5x120-15mm", "Wheel%20Spacer%205x120%2F15mm%20Kit.pdf")))),
        "memory/deps.md": memory("deps", "".join(
            f'"integrity": "sha512-{v}",\n' for v in (
                "8Oxtrrh/IDM8pw0NdL0kIv4aZezNn/TBnvCjsJ+0NiP35NUGdGpqubk/Eezd"
                "DEPbL16UtjNxHXC73VDCJ9Vnpw==",
                "DaX14f2MugqzpvQ7qoLGhQi9xiK5Bo2qk/1SwQsmYmseR0ufdHAd34c+Nkkt"
                "TN5iFP7F2C9bQJoTKxxSPxMLpw==",
                "jCr7F0zbKtSW2gIsRDTAjTre4oMp5bwxEvyZbSGEjr1p2o7pos3yPBdKlxtD"
                "tMB/hBHj9A0sKRFu7fAplK9eRQ==",
            ))),
    })
    run = _memtui("audit", "--json", str(ws))
    found = json.loads(run.stdout)["findings"]
    assert [f for f in found if f["kind"] in ("secret", "unchecked_text")] == []


# 2. what the walk could not look into


def test_a_folder_past_the_path_length_is_unchecked(tmp_path: Path) -> None:
    """A credential 2,100 folders deep under memory/ (a path past PATH_MAX: the walk's
    ``scandir`` fails with ENAMETOOLONG; ``grep -r``, opening folders relative to each other,
    reads it) was skipped without a word (exit 0 on integ): now an ``unchecked_text`` error."""
    ws = _item(tmp_path, {})
    fd = os.open(ws / "memory", os.O_RDONLY)
    try:
        for _ in range(2100):
            os.mkdir("d", dir_fd=fd)
            inner = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        out = os.open("x.md", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(out, CRED.encode())
        os.close(out)
    finally:
        os.close(fd)
    try:
        found = _guarded(ws)
        assert [kind for _path, kind, _line in found] == ["unchecked_text"]
        assert found[0][0].startswith("memory/d/d/")
    finally:
        subprocess.run(["rm", "-rf", str(ws)], check=False)  # (deeper than rmtree recurses)


# 3. encodings


def test_a_utf32_memory_is_read(tmp_path: Path) -> None:
    """A memory in UTF-32 with its byte order mark (whose first two bytes are UTF-16's) was
    read as UTF-16, a NUL between every two letters, and its token passed (exit 0 on integ)."""
    ws = _item(tmp_path, {"memory/deploy.md": memory("deploy", CRED).encode("utf-32")})
    assert _guarded(ws) == [("memory/deploy.md", "secret", 7)]


def test_the_utf16_strings_of_a_binary_file_are_read(tmp_path: Path) -> None:
    """A binary file under memory/ (a NUL in its first block) holding the token as UTF-16
    after binary bytes (a database's or a Windows program's strings, ``strings -el``): its
    runs of printable bytes are one letter each, so it passed (exit 0 on integ)."""
    blob = bytes(range(256)) * 40 + CRED.encode("utf-16-le")
    ws = _item(tmp_path, {"memory/store.bin": blob})
    assert _guarded(ws) == [("memory/store.bin", "secret", 41)]


@pytest.mark.parametrize("tagged", ["password: !!str Xk9#mQ2vLp7!",
                                    "password: !!binary WGs5I21RMnZMcDch"],
                         ids=["!!str", "!!binary"])
def test_a_value_behind_a_yaml_tag_is_read(tmp_path: Path, tagged: str) -> None:
    """A YAML tag between the label and the value in a memory's frontmatter (a YAML reader,
    and the model, read ``password: Xk9#…``; ``!!binary`` is base64 by the format) kept the
    label form from being seen (exit 0 on integ)."""
    ws = _item(tmp_path, {"memory/deploy.md": memory("deploy", "Deploy by hand.\n",
                                                     extra=tagged + "\n")})
    assert _guarded(ws) == [("memory/deploy.md", "secret", 6)]


# 4. a cache entry written while a folder was swapped


def _swap(ws: Path) -> None:
    """Exchange memory/sub and memory/clean by renames of the folders alone: no file in
    them changes (their stat keys, ctime included, stay as they were)."""
    mem = ws / "memory"
    os.rename(mem / "sub", mem / "tmp")
    os.rename(mem / "clean", mem / "sub")
    os.rename(mem / "tmp", mem / "clean")


@pytest.mark.parametrize("name", ["p.md", "p.txt"], ids=["a memory", "a file beside them"])
def test_a_file_read_while_its_folder_was_swapped_is_not_remembered_clean(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The audit lists memory/sub/p (the credential), then its folder is swapped for a twin
    whose p is clean, the clean one is read, and the folders are swapped back — a writer
    racing the audit (a real race reproduced it: 2 runs in 8 for a .txt, 5 in 8 for a
    memory). The cache kept "clean" under the credential file's own key, so the next
    audits, nothing writing, passed it (exit 0 on integ). Here the swap is made at the
    moment the file is read (the real renames, in the audit's own process), and the next
    audit is a plain one."""
    import memtui.core.audit as audit_module
    import memtui.core.scanner.readable as readable
    from memtui.cli import main

    head = "---\nname: p\ndescription: p\nmetadata:\n  type: project\n---\n"
    ws = _item(tmp_path, {f"memory/sub/{name}": head + CRED,
                          f"memory/clean/{name}": head + "Nothing secret here.\n"})
    old = 1_700_000_000
    for path in ws.rglob("*"):
        os.utime(path, (old, old))
    cache = tmp_path / "cache"
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(cache))
    monkeypatch.delenv("MEMTUI_NO_CACHE", raising=False)
    time.sleep(2.2)  # (their ctimes a clock tick in the past: keys the cache trusts)
    for module in (audit_module, readable):
        real = module.scan_file

        def swapped(full: str, rel: str, *args: object, _real: object = real,
                    **kwargs: object) -> object:
            if rel == f"memory/sub/{name}":
                _swap(ws)
                try:
                    return _real(full, rel, *args, **kwargs)  # type: ignore[operator]
                finally:
                    _swap(ws)
            return _real(full, rel, *args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(module, "scan_file", swapped)
    with contextlib.suppress(SystemExit):
        main(["audit", "--json", str(ws)])  # (it found nothing: the clean twin was read)
    assert f"{TOKEN[:6]}" in (ws / "memory/sub" / name).read_text()
    env = {**os.environ, "MEMTUI_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    env.pop("MEMTUI_NO_CACHE", None)
    run = subprocess.run([sys.executable, "-m", "memtui", "audit", "--json", str(ws)],
                         env=env, text=True, capture_output=True, timeout=180, cwd=ROOT)
    found = json.loads(run.stdout)["findings"]
    assert [(f["path"], f["kind"]) for f in found if f["kind"] == "secret"] == \
        [(f"memory/sub/{name}", "secret")], run.stderr
    assert run.returncode == 1
