"""The app's live path: ``Auditor.run(changed=...)`` in process, after one memory gained a
wikilink, after one memory's body changed (its links and names the same: the common edit),
and with nothing changed (public API only, so an earlier commit's tree runs it too).

    PYTHONPATH=TREE python bench/reaudit.py WS [--repeat 7] [--json]

WS must be a ``bench/generate.py`` workspace (it edits ``memory/note_00005.md`` and puts it
back). CPU ms, median of ``--repeat``; ``--json`` prints them as one JSON object
(``one_file``, ``one_body``, ``nothing``; ``bench/goals.py`` reads it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.workspace import open_workspace


def measure(path: str, repeat: int) -> dict[str, float]:
    """CPU ms of the re-audits (see the module), medians of ``repeat``."""
    ws = open_workspace(path)
    auditor = Auditor(ws, AuditOptions(file_tokens=False), autosave=False)
    auditor.run()
    rel = "memory/note_00005.md"
    target = ws.root / rel
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    ns = parser.parse_args()
    got = measure(ns.path, ns.repeat)
    if ns.json:
        print(json.dumps(got))
        return
    print(f"one file changed {got['one_file']:.0f} ms; "
          f"one body changed {got['one_body']:.0f} ms; "
          f"nothing changed {got['nothing']:.0f} ms")


if __name__ == "__main__":
    main()
