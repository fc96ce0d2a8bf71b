"""The blind rule sets' projects as data: a git repository cannot be committed inside this
one, so each project's history is kept as JSON (`dump`: every commit oldest first, its
message, date and the files it wrote or deleted) and rebuilt as a real repository in a test's
temporary folder (`rebuild`).

    python -m tests.core.blind_rules.projects dump SET_FOLDER OUT.json   # once, when folding
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def _git(repo: Path, *args: str, env: dict[str, str] | None = None) -> str:
    import os

    return subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=blind", "-c", "user.email=blind@localhost",
         "-c", "commit.gpgsign=false", *args], check=True, capture_output=True,
        env={**os.environ, **(env or {})}).stdout.decode("utf-8")


def dump(repo: Path) -> list[dict]:
    """Every commit of ``repo`` (oldest first): message, date, files written and deleted."""
    out = []
    for sha in _git(repo, "rev-list", "--reverse", "HEAD").split():
        message = _git(repo, "log", "-1", "--format=%B", sha).rstrip("\n")
        date = _git(repo, "log", "-1", "--format=%aI", sha).strip()
        files: dict[str, str | None] = {}
        listing = _git(repo, "diff-tree", "--no-commit-id", "-r", "--root", "--no-renames",
                       "--name-status", "-z", sha).split("\0")
        for status, path in zip(listing[::2], listing[1::2], strict=False):
            files[path] = None if status == "D" else _git(repo, "show", f"{sha}:{path}")
        out.append({"message": message, "date": date, "files": files})
    return out


def rebuild(commits: list[dict], dest: Path) -> Path:
    """A git repository at ``dest`` with ``commits`` (as `dump` gave them)."""
    dest.mkdir(parents=True, exist_ok=True)
    _git(dest, "init", "-q")
    for c in commits:
        for path, text in c["files"].items():
            f = dest / path
            if text is None:
                f.unlink()
            else:
                f.parent.mkdir(parents=True, exist_ok=True)
                f.write_text(text, encoding="utf-8")
        _git(dest, "add", "-A")
        _git(dest, "commit", "-qm", c["message"], "--allow-empty",
             env={"GIT_AUTHOR_DATE": c["date"], "GIT_COMMITTER_DATE": c["date"]})
    return dest


def main() -> None:
    _, command, folder, out = sys.argv
    assert command == "dump"
    projects = {p.name: dump(p) for p in sorted((Path(folder) / "projects").iterdir())
                if (p / ".git").exists()}
    Path(out).write_text(json.dumps(projects, ensure_ascii=False, indent=1) + "\n",
                         encoding="utf-8")


if __name__ == "__main__":
    main()
