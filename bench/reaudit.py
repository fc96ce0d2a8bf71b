"""The app's live path: ``Auditor.run(changed=...)`` in process, after one memory gained a
wikilink, after one memory's body changed (its links and names the same: the common edit),
and with nothing changed (public API only, so an earlier commit's tree runs it too).

    PYTHONPATH=TREE python bench/reaudit.py WS [--repeat 7]

WS must be a ``bench/generate.py`` workspace (it edits ``memory/note_00005.md`` and puts it
back). CPU ms, median of ``--repeat``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.workspace import open_workspace


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path")
    parser.add_argument("--repeat", type=int, default=7)
    ns = parser.parse_args()
    ws = open_workspace(ns.path)
    auditor = Auditor(ws, AuditOptions(file_tokens=False), autosave=False)
    auditor.run()
    rel = "memory/note_00005.md"
    path = ws.root / rel
    original = path.read_bytes()
    one, body, nothing = [], [], []
    try:
        for i in range(ns.repeat):
            path.write_bytes(original + f"\nedit {i} [[note_0000{i % 10}]]\n".encode())
            t = time.process_time()
            auditor.run(changed={rel})
            one.append(time.process_time() - t)
        for i in range(ns.repeat):  # the body alone: the same links and names
            path.write_bytes(original + f"\nedit {i}\n".encode())
            t = time.process_time()
            auditor.run(changed={rel})
            body.append(time.process_time() - t)
    finally:
        path.write_bytes(original)
    auditor.run(changed={rel})
    for _ in range(ns.repeat):
        t = time.process_time()
        auditor.run(changed=set())
        nothing.append(time.process_time() - t)
    print(f"one file changed {statistics.median(one) * 1000:.0f} ms; "
          f"one body changed {statistics.median(body) * 1000:.0f} ms; "
          f"nothing changed {statistics.median(nothing) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
