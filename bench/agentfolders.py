"""Real memory folders of other agents (issue 33): rebuild them, audit them, check their blocks.

    python -m bench.agentfolders rebuild DEST [--mirror DIR]
    python -m bench.agentfolders audit DEST [--checkout DIR]

The sources (repository, commit, path, profile; no text) are in ``bench/agentfolders.json``.
``rebuild`` extracts each folder from the ``fetch`` snapshots under ``/work/.mirror`` with
``git archive COMMIT PATHSPEC… | tar -x`` into ``DEST/OWNER__REPO__PROFILE__SLUG``: the
pathspecs are ``include`` when given (an OpenClaw workspace: its top-level ``*.md`` and
``memory/``, not the whole repository) else ``path``, plus ``context`` (files next to the
memory the agent reads too, such as Hermes' ``config.yaml``). The folders' text stays out of
this repository, and so do the hand labels (they quote it).

``audit`` runs ``python -m memtui audit DIR --json`` of a checkout (default: this one, first on
``PYTHONPATH``) on each folder and prints per folder the profile memtui chose, the expected
one, each finding kind by severity, and whether memtui's injected block is byte-equal to the
block computed here from the agent's own rule (``bench.agent_rules``, written from the
agents' sources, not from memtui). Exit code 1 when a folder gets another profile or a
block differs, 2 when a folder is missing or an audit gives no JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from bench import agent_rules, snapshots

ROOT = Path(__file__).resolve().parents[1]
SOURCES = Path(__file__).with_name("agentfolders.json")
MIRROR = snapshots.MIRROR
TIMEOUT = 900


def load_sources(path: Path = SOURCES) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))


def folder_name(source: dict) -> str:
    owner, repo = source["repo"].split("/", 1)
    slug = source["path"].strip("./").replace("/", "_") or "root"
    return f"{owner}__{repo}__{source['profile']}__{slug}"


def audit_dir(dest: Path, source: dict) -> Path:
    return (dest / folder_name(source) / source["path"]).resolve()


def rebuild(dest: Path, mirror: Path, sources: Path = SOURCES) -> int:
    folders = [snapshots.Folder(
        name=folder_name(source), repo=source["repo"], commit=source["commit"],
        specs=(*(source.get("include") or [source["path"]]), *source.get("context", [])),
        inner=source["path"],
        row=(f"{folder_name(source)} | {source['profile']} | {source['repo']} | "
             f"{source['commit']} | {source['path']}"))
        for source in load_sources(sources)]
    header = ["Public agent memory folders for issue 33 (Gemini, OpenClaw, Hermes, Codex).",
              "Rebuilt by: python -m bench.agentfolders rebuild DEST", "",
              "folder | profile | repo | commit | path"]
    return snapshots.rebuild(dest, mirror, folders, header, "agentfolders")


def run_audit(checkout: Path, folder: Path) -> dict | None:
    env = dict(os.environ, PYTHONPATH=str(checkout), COLUMNS="100")
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(folder), "--json"],
                          cwd=checkout, env=env, capture_output=True, text=True, check=False,
                          timeout=TIMEOUT)
    try:
        return json.loads(proc.stdout)
    except ValueError:
        print(f"agentfolders: no JSON from the audit of {folder}: {proc.stderr.strip()[:300]}",
              file=sys.stderr)
        return None


def block_text(checkout: Path, folder: Path) -> str | None:
    """memtui's injected block of ``folder`` (the JSON report carries its size, not its text)."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    code = ("import sys; from memtui.core.audit import audit; "
            "sys.stdout.buffer.write(audit(sys.argv[1]).block.text.encode('utf-8', "
            "'surrogatepass'))")
    proc = subprocess.run([sys.executable, "-c", code, str(folder)], cwd=checkout, env=env,
                          capture_output=True, check=False, timeout=TIMEOUT)
    if proc.returncode != 0:
        return None
    return proc.stdout.decode("utf-8", "surrogatepass")


def audit(dest: Path, checkout: Path, sources: Path = SOURCES) -> int:
    print(f"checkout: {checkout}")
    print("| folder | expected | profile | findings (kind:severity count) | block | chars |")
    print("|---|---|---|---|---|---:|")
    bad = 0
    for source in load_sources(sources):
        folder = audit_dir(dest, source)
        if not folder.is_dir():
            print(f"agentfolders: {folder} is missing (run rebuild first)", file=sys.stderr)
            return 2
        report = run_audit(checkout, folder)
        if report is None:
            return 2
        kinds = Counter(f"{f['kind']}:{f['severity']}" for f in report.get("findings", []))
        got = block_text(checkout, folder)
        want = agent_rules.expected_block(source["profile"], folder)
        same = "n/a" if want is None else ("equal" if got == want else "DIFFERS")
        if same == "DIFFERS" or report.get("profile") != source["profile"]:
            bad += 1
        shown = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "none"
        print(f"| {folder_name(source)} | {source['profile']} | {report.get('profile')} | "
              f"{shown} | {same} | {len(got) if got is not None else '-'} |")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.agentfolders")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_rebuild = sub.add_parser("rebuild", help="extract every folder from the snapshots")
    p_rebuild.add_argument("dest", type=Path)
    p_rebuild.add_argument("--mirror", type=Path, default=MIRROR)
    p_rebuild.add_argument("--sources", type=Path, default=SOURCES)
    p_audit = sub.add_parser("audit", help="audit every folder and check its injected block")
    p_audit.add_argument("dest", type=Path)
    p_audit.add_argument("--checkout", type=Path, default=ROOT)
    p_audit.add_argument("--sources", type=Path, default=SOURCES)
    args = parser.parse_args(argv)
    if not args.sources.is_file():
        print(f"agentfolders: no sources file at {args.sources}", file=sys.stderr)
        return 2
    if args.cmd == "rebuild":
        return rebuild(args.dest, args.mirror, args.sources)
    if not (args.checkout / "memtui").is_dir():
        print(f"agentfolders: {args.checkout} is not a memtui checkout", file=sys.stderr)
        return 2
    return audit(args.dest, args.checkout.resolve(), args.sources)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
