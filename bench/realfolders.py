"""Real memory folders nobody tuned for: rebuild them, and score a memtui checkout against labels.

    python -m bench.realfolders rebuild DEST [--mirror DIR]
    python -m bench.realfolders score DEST LABELS [--checkout DIR]

The sources (repository, commit, path; no text) are in ``bench/realfolders.json``. ``rebuild``
extracts each folder from the ``fetch`` snapshots under ``/work/.mirror`` with
``git archive COMMIT PATH | tar -x`` into ``DEST/OWNER__REPO__SLUG`` (made a git repository
of one commit dated as COMMIT when the source says ``"repository": true``, so that memtui
finds the project and its history as in a ``git clone --depth 1``) and writes
``DEST/README.txt``; the folders' text stays out of this repository, and so do the labels
(they quote the credentials they list).

``score`` runs ``python -m memtui audit DIR --json`` of the checkout (default: this one, put
first on ``PYTHONPATH``) on each folder and prints, per folder and per rule, how many of the
``error`` findings are true, false, missed or not labelled yet, and for credentials how many
are found (true), how many ``secret`` findings point at no credential (false) and how many
credentials have no finding (missed); then the text report's lines and widest line at
``COLUMNS=100`` and ``COLUMNS=80`` (stdout piped, as in a script).

The labels file (JSON) maps each folder name to
``{"errors": [{"kind", "path", "line", "target_or_message", "verdict": "true"|"false", "why"}],
"credentials": [{"path", "line", "value", "form", "lang"}]}``: ``errors`` judges every
``error``-severity finding current main reports; ``credentials`` lists every credential a
reader found in the folder, reported or not. A ``secret`` finding is judged by the credential
list alone: on a credential's line it is true, elsewhere false.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path

from bench import snapshots

ROOT = Path(__file__).resolve().parents[1]
SOURCES = Path(__file__).with_name("realfolders.json")
MIRROR = snapshots.MIRROR
TIMEOUT = 600


def load_sources(path: Path = SOURCES) -> list[dict[str, str]]:
    return json.loads(path.read_text(encoding="utf-8"))


def folder_name(source: dict[str, str]) -> str:
    owner, repo = source["repo"].split("/", 1)
    slug = source["path"].lstrip(".").strip("/").replace("/", "_")
    return f"{owner}__{repo}__{slug}"


def audit_dir(dest: Path, source: dict[str, str]) -> Path:
    return dest / folder_name(source) / source["path"]


def rebuild(dest: Path, mirror: Path, sources: Path = SOURCES) -> int:
    # "context": files outside the memory folder its links lead to, taken too so that such a
    # link finds what it finds in the repository; "include": the pathspecs to take instead
    # of "path" (an agent's workspace: its top-level *.md and memory/, as agentfolders does)
    folders = [snapshots.Folder(
        name=folder_name(source), repo=source["repo"], commit=source["commit"],
        specs=(*(source.get("include") or [source["path"]]), *source.get("context", [])),
        inner=source["path"],
        row=(f"{folder_name(source)} | {source['repo']} | {source['commit']} | "
             f"{source['path']}"))
        for source in load_sources(sources)]
    header = ["Public agent memory folders for issue 30 (real-folder measurement).",
              "Rebuilt by: python -m bench.realfolders rebuild DEST",
              "Hand labels (they quote the credentials): labels.json beside this file, if kept.",
              "", "folder | repo | commit | path"]
    code = snapshots.rebuild(dest, mirror, folders, header, "realfolders")
    # "repository": the folder is kept in its repository (``.claude/memory``), whose project
    # memtui finds by the ``.git`` beside it, as in a clone (`memtui.core.checks.
    # repository_kept`): a repository stands for it, so that a link to a project file taken
    # as "context" is the project's, as it is in a checkout (real33); it holds one commit of
    # what was extracted, dated as the source commit, the history of ``git clone --depth
    # 1``: an empty one had none, and stale_reference then took every backticked name the
    # project's text lacks (another memory's name) for a gone one (real34)
    for source in load_sources(sources):
        top = dest / folder_name(source)
        if source.get("repository") and top.is_dir() and not (top / ".git").exists():
            as_cloned(top, mirror / source["repo"].replace("/", "+", 1) / "repo",
                      source["commit"])
    return code


def as_cloned(top: Path, git_dir: Path, commit: str) -> None:
    """Make ``top`` a git repository of one commit holding its files, authored and committed
    when the source ``commit`` of the snapshot ``git_dir`` was."""
    date = subprocess.run(["git", f"--git-dir={git_dir}", "log", "-1", "--format=%cI", commit],
                          capture_output=True, text=True, check=False,
                          timeout=TIMEOUT).stdout.strip()
    env = dict(os.environ, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date) if date else None
    git = ["git", "-C", str(top), "-c", "user.name=bench", "-c", "user.email=bench@localhost",
           "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q", str(top)], check=False, timeout=TIMEOUT)
    subprocess.run([*git, "add", "-A", "-f", "."], capture_output=True, check=False,
                   timeout=TIMEOUT)
    subprocess.run([*git, "commit", "-q", "--no-verify", "-m", f"snapshot of {commit}"],
                   capture_output=True, check=False, timeout=TIMEOUT, env=env)


def run_audit(checkout: Path, folder: Path, *, json_out: bool,
              columns: int = 100) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(checkout), COLUMNS=str(columns))
    cmd = [sys.executable, "-m", "memtui", "audit", str(folder)] + (["--json"] if json_out else [])
    return subprocess.run(cmd, cwd=checkout, env=env, capture_output=True, text=True,
                          check=False, timeout=TIMEOUT)


def display_width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def report_shape(checkout: Path, folder: Path, columns: int) -> tuple[int, int]:
    out = run_audit(checkout, folder, json_out=False, columns=columns).stdout.splitlines()
    return len(out), max((display_width(line) for line in out), default=0)


def score_folder(findings: list[dict], label: dict) -> dict[str, Counter]:
    """Per rule: Counter of true/false/missed/unlabelled; rule ``credential`` for secrets.

    An ``error`` finding takes the first unused label of the same kind, path and line whose
    ``target_or_message`` occurs in the finding's message (two broken links on one line are
    two labels). A labelled true error the checkout no longer reports is missed.
    """
    rules: dict[str, Counter] = {}
    labels = [e for e in label.get("errors", []) if e["kind"] != "secret"]
    used = [False] * len(labels)
    creds = {(c["path"], int(c["line"])) for c in label.get("credentials", [])}
    secret_lines: set[tuple[str, int]] = set()
    for f in findings:
        kind, path, line = f["kind"], f.get("path") or "", int(f.get("line") or 0)
        if kind == "secret":
            secret_lines.add((path, line))
            continue
        if f.get("severity") != "error":
            continue
        verdict = "unlabelled"
        for i, e in enumerate(labels):
            if (not used[i] and e["kind"] == kind and e["path"] == path
                    and int(e["line"] or 0) == line and e["target_or_message"] in f["message"]):
                used[i], verdict = True, e["verdict"]
                break
        rules.setdefault(kind, Counter())[verdict] += 1
    for i, e in enumerate(labels):
        if e["verdict"] == "true" and not used[i]:
            rules.setdefault(e["kind"], Counter())["missed"] += 1
    cred = rules.setdefault("credential", Counter())
    cred["true"] = len(creds & secret_lines)
    cred["missed"] = len(creds - secret_lines)
    cred["false"] = len(secret_lines - creds)
    return rules


def score(dest: Path, labels_path: Path, checkout: Path, sources: Path = SOURCES) -> int:
    try:
        labels = json.loads(labels_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"realfolders: cannot read the labels {labels_path}: {exc}", file=sys.stderr)
        return 2
    totals: dict[str, Counter] = {}
    print(f"checkout: {checkout}")
    print("| folder | rule | true | false | missed | unlabelled |")
    print("|---|---|---:|---:|---:|---:|")
    shapes = []
    for source in load_sources(sources):
        name = folder_name(source)
        folder = audit_dir(dest, source)
        if not folder.is_dir():
            print(f"realfolders: {folder} is missing (run rebuild first)", file=sys.stderr)
            return 2
        proc = run_audit(checkout, folder, json_out=True)
        try:
            findings = json.loads(proc.stdout)["findings"]
        except (ValueError, KeyError):
            print(f"realfolders: no JSON from the audit of {name}: {proc.stderr.strip()[:200]}",
                  file=sys.stderr)
            return 2
        rules = score_folder(findings, labels.get(name, {}))
        for rule in sorted(rules):
            c = rules[rule]
            totals.setdefault(rule, Counter()).update(c)
            print(f"| {name} | {rule} | {c['true']} | {c['false']} | {c['missed']} | "
                  f"{c['unlabelled']} |")
        shapes.append((name, report_shape(checkout, folder, 100),
                       report_shape(checkout, folder, 80)))
    print()
    print("| all folders | rule | true | false | missed | unlabelled |")
    print("|---|---|---:|---:|---:|---:|")
    for rule in sorted(totals):
        c = totals[rule]
        print(f"| total | {rule} | {c['true']} | {c['false']} | {c['missed']} | "
              f"{c['unlabelled']} |")
    cred = totals.get("credential", Counter())
    found, false, missed = cred["true"], cred["false"], cred["missed"]
    if found + missed:
        print(f"\ncredentials: recall {found}/{found + missed} = "
              f"{100 * found / (found + missed):.1f} %", end="")
        if found + false:
            print(f", precision {found}/{found + false} = {100 * found / (found + false):.1f} %")
        else:
            print()
    print()
    print("| folder | lines (100 col) | widest | lines (80 col) | widest |")
    print("|---|---:|---:|---:|---:|")
    for name, (l100, w100), (l80, w80) in shapes:
        print(f"| {name} | {l100} | {w100} | {l80} | {w80} |")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.realfolders")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_rebuild = sub.add_parser("rebuild", help="extract every folder from the snapshots")
    p_rebuild.add_argument("dest", type=Path)
    p_rebuild.add_argument("--mirror", type=Path, default=MIRROR)
    p_rebuild.add_argument("--sources", type=Path, default=SOURCES)
    p_score = sub.add_parser("score", help="score a checkout against the labels")
    p_score.add_argument("dest", type=Path)
    p_score.add_argument("labels", type=Path)
    p_score.add_argument("--checkout", type=Path, default=ROOT)
    p_score.add_argument("--sources", type=Path, default=SOURCES)
    args = parser.parse_args(argv)
    if not args.sources.is_file():
        print(f"realfolders: no sources file at {args.sources}", file=sys.stderr)
        return 2
    if args.cmd == "rebuild":
        return rebuild(args.dest, args.mirror, args.sources)
    if not args.labels.is_file():
        print(f"realfolders: no labels file at {args.labels}", file=sys.stderr)
        return 2
    if not (args.checkout / "memtui").is_dir():
        print(f"realfolders: {args.checkout} is not a memtui checkout", file=sys.stderr)
        return 2
    return score(args.dest, args.labels, args.checkout.resolve(), args.sources)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
