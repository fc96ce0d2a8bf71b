"""Generate a deterministic memory workspace shaped like the measured real one (seed §4.1).

At the default 261 files: sizes 975 B to 33,159 B with a median near 3.2 KB; a 106-line
MEMORY.md with 98 hot lines (one memory each) and 8 packed lines (93 memories); 70 orphans
(some reachable through wikilinks, most not); types project 207, feedback 45, reference 7,
user 1 and one file without a type; mostly Traditional Chinese text. ``--files N`` keeps the
same proportions.

``--layout flat`` writes a Claude Code memory directory instead: the memories beside
MEMORY.md (no ``memory/`` folder), the index under a title and a heading for the packed lines
(110 lines at 261 files); ``--median-bytes`` moves the size distribution (the peer comparison
in bench/peers.py uses 2,900 B, the median of the measured flat directory).

``--link-style`` says how memories are named and linked: ``stem`` (the default) gives each
memory its file stem as ``name:`` and writes ``[[note_00042]]``; ``name`` gives each a
kebab-case ``name:`` of its own, as the seed's template asks (``name: <short-kebab-case-slug>``),
and writes wikilinks by that name (``[[etch-yield-drift]]``), which tools resolve only if
they read the frontmatter. The shape is the same in both (sizes, types, which memory links
which, what each index line links); only the random words differ.

    python bench/generate.py OUT [--files 261] [--seed 7] [--layout item|flat]
                                 [--median-bytes 3258] [--link-style stem|name]
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
from pathlib import Path

REAL_FILES = 261
MIN_BYTES, MEDIAN_BYTES, MAX_BYTES = 975, 3258, 33_159
HOT_SHARE = 98 / REAL_FILES
PACKED_SHARE = 93 / REAL_FILES
PACKED_LINES_SHARE = 8 / REAL_FILES
TYPE_SHARES = (("project", 207), ("feedback", 45), ("reference", 7), ("user", 1))

# Material for the text: Traditional Chinese phrases and the English terms that mix in.
ZH = ("蝕刻速率", "良率", "腔體", "管制界限", "批次", "晶圓", "量測", "漂移", "保養之後",
      "配方", "偏壓功率", "側壁角度", "顆粒", "邊環", "終點偵測", "資料來源", "週報", "客訴",
      "操作員", "交班", "規格", "異常", "根因", "改善", "驗證", "重新量測", "趨勢", "設定值",
      "使用者", "記憶", "索引", "確認", "先看", "不要", "每次", "之前", "之後", "所以",
      "因為", "但是", "已經", "還沒", "主要", "大約", "超過", "低於", "維持", "回到")
EN = ("Cpk", "OOC", "CD-SEM", "RF", "PM", "DOE", "MES", "recipe", "lot", "wafer", "endpoint",
      "bias", "chamber B", "SPC", "Ppk", "yield", "export", "KLA bin")
PUNCT = ("，", "，", "。", "、", "：")
#: Words the ``name`` link style builds memory names from.
SLUG_WORDS = ("etch", "rate", "yield", "chamber", "drift", "limit", "lot", "wafer", "metrology",
              "after-pm", "recipe", "bias", "power", "sidewall", "angle", "particle", "edge-ring",
              "endpoint", "source", "weekly", "report", "customer", "complaint", "operator",
              "handover", "spec", "alarm", "root-cause", "fix", "check", "remeasure", "trend",
              "setpoint", "user", "index", "spc", "cpk", "ooc", "cd-sem", "rf", "doe", "mes",
              "export", "kla-bin", "prefer", "avoid", "always", "never", "review", "baseline")
LINK_STYLES = ("stem", "name")


def sentence(rng: random.Random, length: int, english: float = 0.12) -> str:
    """A sentence of about ``length`` characters; ``english`` is the share of English terms."""
    parts: list[str] = []
    n = 0
    while n < length:
        word = rng.choice(EN) if rng.random() < english else rng.choice(ZH)
        if word in EN:
            word = f" {word} "
        if rng.random() < 0.08:
            word += str(rng.randint(2, 900))
        parts.append(word)
        n += len(word)
        if rng.random() < 0.18:
            parts.append(rng.choice(PUNCT))
            n += 1
    return "".join(parts).strip() + "。"


def target_sizes(rng: random.Random, n: int, median: int = MEDIAN_BYTES) -> list[int]:
    """File sizes (bytes): log-normal around the median, clipped, min and max included."""
    sigma = 0.62
    sizes = [int(min(MAX_BYTES, max(MIN_BYTES, rng.lognormvariate(math.log(median), sigma))))
             for _ in range(n)]
    if n >= 2:
        sizes[0], sizes[1] = MIN_BYTES, MAX_BYTES
    return sizes


def types_for(n: int, rng: random.Random) -> list[str | None]:
    out: list[str | None] = []
    for name, count in TYPE_SHARES:
        out.extend([name] * max(1 if name == "user" else 0, round(count / REAL_FILES * n)))
    out = [*out[: n - 1], None]
    while len(out) < n:
        out.insert(0, "project")
    rng.shuffle(out)
    return out


def memory_text(rng: random.Random, name: str, type_: str | None, size: int,
                links: list[str], day: int) -> str:
    desc = sentence(rng, 36)
    head = ["---", f"name: {name}", f'description: "{desc}"']
    if type_ is not None:
        head += ["metadata:", f"  type: {type_}"]
    if day % 3 == 0:
        head.append(f"modified: 2026-{1 + day % 7:02d}-{1 + day % 27:02d}")
    head.append("---")
    body: list[str] = []
    if type_ in ("feedback", "project"):
        body += [f"**Why:** {sentence(rng, 30)}", f"**How to apply:** {sentence(rng, 30)}", ""]
    if links:
        body.append("相關：" + " ".join(f"[[{t}]]" for t in links))
    text = "\n".join(head + body) + "\n"
    # Fill to the target size with paragraphs (CJK: ~3 bytes per character).
    while len(text.encode()) < size:
        text += sentence(rng, rng.randint(40, 160)) + "\n"
    return text


def slugs(files: int, seed: int) -> list[str]:
    """A distinct kebab-case name for each memory (from an rng of its own, so that the rest of
    the workspace is drawn exactly as in the ``stem`` style)."""
    rng = random.Random(f"slugs-{seed}")
    taken: set[str] = set()
    out: list[str] = []
    for _ in range(files):
        words = rng.sample(SLUG_WORDS, 3)
        while "-".join(words) in taken:
            words.append(rng.choice(SLUG_WORDS))
        name = "-".join(words)
        taken.add(name)
        out.append(name)
    return out


def generate(out: Path, files: int = REAL_FILES, seed: int = 7, layout: str = "item",
             median: int = MEDIAN_BYTES, link_style: str = "stem") -> Path:
    """Write the workspace into ``out`` (replacing it) and return ``out``."""
    if link_style not in LINK_STYLES:
        raise ValueError(f"link_style must be one of {LINK_STYLES}, not {link_style!r}")
    rng = random.Random(seed)
    if out.exists():
        shutil.rmtree(out)
    flat = layout == "flat"
    folder = out if flat else out / "memory"
    prefix = "" if flat else "memory/"
    folder.mkdir(parents=True)
    names = [f"{'feedback_' if i % 6 == 1 else ''}note_{i:05d}" for i in range(files)]
    # What each memory's frontmatter calls it, and so what a wikilink to it says.
    called = names if link_style == "stem" else slugs(files, seed)
    sizes = target_sizes(rng, files, median)
    types = types_for(files, rng)
    hot = round(HOT_SHARE * files)
    packed = round(PACKED_SHARE * files)
    packed_lines = max(1, round(PACKED_LINES_SHARE * files))
    order = list(range(files))
    rng.shuffle(order)
    hot_ids, packed_ids, orphan_ids = (order[:hot], order[hot:hot + packed],
                                       order[hot + packed:])
    linked = hot_ids + packed_ids
    # About 300 wikilinks per 261 files; a third of the orphans are reachable through one.
    outgoing: dict[int, list[str]] = {i: [] for i in range(files)}
    for k, orphan in enumerate(orphan_ids):
        if k % 3 == 0:
            outgoing[rng.choice(linked)].append(called[orphan])
    for _ in range(round(300 / REAL_FILES * files) - len(orphan_ids) // 3):
        src, dst = rng.randrange(files), rng.choice(linked)
        if rng.random() < 0.95:
            outgoing[src].append(called[dst])
        else:  # a memory not written yet
            outgoing[src].append(f"future_{dst}" if link_style == "stem"
                                 else f"{called[dst]}-followup")
    for i in range(files):
        text = memory_text(rng, called[i], types[i], sizes[i], outgoing[i], i)
        (folder / f"{names[i]}.md").write_text(text, encoding="utf-8")
    lines: list[str] = ["# Memory index", ""] if flat else []
    # The real index mixes far more English than the memories (1.27 bytes per character).
    for i in hot_ids:  # ~131 characters per hot memory
        lines.append(f"- [{sentence(rng, 14, 0.5)[:-1]}]({prefix}{names[i]}.md) — "
                     f"{sentence(rng, 78, 0.75)}")
    if flat:
        lines += ["", "## Cold, packed"]
    per_line = -(-len(packed_ids) // packed_lines)
    for j in range(packed_lines):
        chunk = packed_ids[j * per_line:(j + 1) * per_line]
        if chunk:  # ~49 characters per packed memory
            lines.append(f"- 冷記憶 {j + 1}：" + " · ".join(
                f"[{sentence(rng, 16, 0.75)[:-1]}]({prefix}{names[i]}.md)" for i in chunk))
    (out / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--files", type=int, default=REAL_FILES)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--layout", choices=("item", "flat"), default="item")
    parser.add_argument("--median-bytes", type=int, default=MEDIAN_BYTES)
    parser.add_argument("--link-style", choices=LINK_STYLES, default="stem")
    ns = parser.parse_args()
    generate(ns.out, ns.files, ns.seed, ns.layout, ns.median_bytes, ns.link_style)


if __name__ == "__main__":
    main()
