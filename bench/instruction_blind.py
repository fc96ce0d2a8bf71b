"""Score `instruction_like` on bench/data/instruction_blind.tsv: one memory a line in a Claude
Code folder, audited by the real CLI; prints caught orders and false alarms per language.

    python -m bench.instruction_blind [FILE.tsv]   (default: the blind set)
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

DATA = Path(__file__).parent / "data" / "instruction_blind.tsv"


def rows(data: Path = DATA) -> list[tuple[str, str, str]]:
    out = []
    for line in data.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            label, lang, text = line.split("\t", 2)
            out.append((label, lang, text))
    return out


def flagged(texts: list[str]) -> set[int]:
    with tempfile.TemporaryDirectory() as tmp:
        mem = Path(tmp) / "memory"
        mem.mkdir()
        index = ["# Index"]
        for i, text in enumerate(texts):
            (mem / f"m{i:02}.md").write_text(
                f"---\nname: m{i:02}\ndescription: note {i}\ntype: project\n---\n\n{text}\n",
                encoding="utf-8")
            index.append(f"- [m{i:02}](m{i:02}.md) — note {i}")
        (mem / "MEMORY.md").write_text("\n".join(index) + "\n", encoding="utf-8")
        run = subprocess.run([sys.executable, "-m", "memtui", "audit", str(mem), "--json"],
                             capture_output=True, text=True, check=False)
        report = json.loads(run.stdout)
    hits = set()
    for f in report["findings"]:
        if f.get("kind") == "instruction_like":
            name = Path(str(f.get("path", ""))).name
            if name.startswith("m") and name[1:3].isdigit():
                hits.add(int(name[1:3]))
    return hits


def main() -> int:
    data = rows(Path(sys.argv[1]) if len(sys.argv) > 1 else DATA)
    hits = flagged([t for _, _, t in data])
    by: dict[str, list[int]] = {}
    for i, (label, lang, _) in enumerate(data):
        got = by.setdefault(lang, [0, 0, 0, 0])
        if label == "order":
            got[0] += i in hits
            got[1] += 1
        else:
            got[2] += i in hits
            got[3] += 1
    for lang, (c, n, fa, m) in by.items():
        print(f"{lang}  orders caught {c}/{n}  false alarms {fa}/{m}")
    caught = sum(v[0] for v in by.values())
    alarms = sum(v[2] for v in by.values())
    orders = sum(v[1] for v in by.values())
    innocent = sum(v[3] for v in by.values())
    print(f"total  orders caught {caught}/{orders}  false alarms {alarms}/{innocent}")
    for i, (label, lang, text) in enumerate(data):
        if (label == "order") != (i in hits):
            print(f"  {'missed' if label == 'order' else 'ALARM '} {lang} {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
