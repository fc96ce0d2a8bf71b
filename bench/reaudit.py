"""The app's live path: ``Auditor.run(changed=...)`` in process, after one memory gained a
wikilink, after one memory's body changed (its links and names the same: the common edit),
and with nothing changed (public API only, so an earlier commit's tree runs it too).

    PYTHONPATH=TREE python bench/reaudit.py WS [--repeat 7] [--json] [--more]

WS must be a ``bench/generate.py`` workspace (it edits ``memory/note_00005.md`` and puts it
back). CPU ms, median of ``--repeat``; ``--json`` prints them as one JSON object
(``one_file``, ``one_body``, ``nothing``; ``bench/goals.py`` reads it). ``--more`` adds the
other edits a live auditor sees, each timed as made and as undone (the file put back):
``created`` / ``deleted`` (a new memory written, then removed), ``renamed`` (its ``name:``
changed), ``near_dup`` (its body made another memory's: a near-duplicate pair),
``no_why`` (its **Why:** and **How to apply:** labels dropped), ``retyped`` (its type
changed), ``indexed`` (a line linking it appended to MEMORY.md, issue 35).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.workspace import Workspace, open_workspace

REL = "memory/note_00005.md"  # the memory every re-audit edits


def audited(path: str) -> tuple[Workspace, Auditor, Path]:
    """The workspace at ``path``, an auditor that has run over it once, and `REL`'s path."""
    ws = open_workspace(path)
    auditor = Auditor(ws, AuditOptions(file_tokens=False), autosave=False)
    auditor.run()
    return ws, auditor, ws.root / REL


def measure(path: str, repeat: int) -> dict[str, float]:
    """CPU ms of the re-audits (see the module), medians of ``repeat``."""
    _, auditor, target = audited(path)
    rel = REL
    original = target.read_bytes()
    one, body, nothing = [], [], []
    try:
        for i in range(repeat):
            target.write_bytes(original + f"\nedit {i} [[note_0000{i % 10}]]\n".encode())
            t = time.process_time()
            auditor.run(changed={rel})
            one.append(time.process_time() - t)
        for i in range(repeat):  # the body alone: the same links and names
            target.write_bytes(original + f"\nedit {i}\n".encode())
            t = time.process_time()
            auditor.run(changed={rel})
            body.append(time.process_time() - t)
    finally:
        target.write_bytes(original)
    auditor.run(changed={rel})
    for _ in range(repeat):
        t = time.process_time()
        auditor.run(changed=set())
        nothing.append(time.process_time() - t)
    return {name: round(statistics.median(xs) * 1000, 1)
            for name, xs in (("one_file", one), ("one_body", body), ("nothing", nothing))}


def measure_more(path: str, repeat: int) -> dict[str, float]:
    """CPU ms of the other edits (see the module), medians of ``repeat``."""
    ws, auditor, target = audited(path)
    rel = REL
    original = target.read_text(encoding="utf-8")
    _, front, body = original.split("---\n", 2)
    other = (ws.root / "memory/note_00042.md").read_text(encoding="utf-8").split("---\n", 2)[2]
    edits = {
        "renamed": lambda i: original.replace("name: note_00005", f"name: renamed_{i}", 1),
        "near_dup": lambda i: f"---\n{front}---\n{other}\n{i}\n",
        "no_why": lambda i: f"---\n{front}---\n" + body.replace("**Why:**", f"W{i}")
        .replace("**How to apply:**", "H"),
        "retyped": lambda i: original.replace("type: project", "type: reference", 1)
        + f"\n{i}\n",
    }
    times: dict[str, list[float]] = {}

    def timed(name: str, changed: str) -> None:
        t = time.process_time()
        auditor.run(changed={changed})
        times.setdefault(name, []).append(time.process_time() - t)
    index = ws.root / "MEMORY.md"
    index_text = index.read_text(encoding="utf-8")
    try:
        for name, edit in edits.items():
            for i in range(repeat):
                target.write_text(edit(i), encoding="utf-8")
                timed(name, rel)
                target.write_text(original, encoding="utf-8")
                timed(f"{name}_undone", rel)
        for i in range(repeat):
            new = Path("memory") / f"zz_new_{i}.md"
            (ws.root / new).write_text(original.replace("note_00005", f"zz_new_{i}"),
                                       encoding="utf-8")
            timed("created", new.as_posix())
            (ws.root / new).unlink()
            timed("deleted", new.as_posix())
        for i in range(repeat):
            index.write_text(f"{index_text}- [note five, again {i}]({rel}) — a hook {i}\n",
                             encoding="utf-8")
            timed("indexed", "MEMORY.md")
            index.write_text(index_text, encoding="utf-8")
            timed("indexed_undone", "MEMORY.md")
    finally:
        target.write_text(original, encoding="utf-8")
        index.write_text(index_text, encoding="utf-8")
    return {name: round(statistics.median(xs) * 1000, 1) for name, xs in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--more", action="store_true",
                        help="time the other edits too (created, deleted, renamed, ...)")
    ns = parser.parse_args()
    got = measure(ns.path, ns.repeat)
    if ns.more:
        got.update(measure_more(ns.path, ns.repeat))
    if ns.json:
        print(json.dumps(got))
        return
    print(f"one file changed {got['one_file']:.0f} ms; "
          f"one body changed {got['one_body']:.0f} ms; "
          f"nothing changed {got['nothing']:.0f} ms")
    if ns.more:
        print("; ".join(f"{name} {ms:.0f} ms" for name, ms in got.items()
                        if name not in ("one_file", "one_body", "nothing")))


if __name__ == "__main__":
    main()
