"""Issue 35's table, the growth table and the growth plot, from a ``bench/goals.py`` run.

    python bench/goals_doc.py RESULTS.json [--svg OUT.svg] [--doc docs/performance.md]

Prints the markdown (what docs/performance.md and bench/RESULTS.md show); ``--svg`` writes
the plot of CPU against workspace size (cold, warm, the floor; log–log), a hand-written SVG
with no dependency; ``--doc`` puts the markdown into that page between its two markers
(``<!-- goals.py: begin -->`` and ``<!-- goals.py: end -->``), leaving the rest as it is.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

BEGIN, END = "<!-- goals.py: begin -->", "<!-- goals.py: end -->"
SERIES = (("cold", "cold (empty cache)", "#c0392b", ""),
          ("warm", "warm (cache filled)", "#2471a3", ""),
          ("floor", "floor (read every file, build the tokenizer)", "#555555", "6 4"))


def times(ratio: float) -> str:
    return f"{ratio:.2f}×" if ratio >= 0.1 else f"{ratio:.3f}×"


def yes(ok: bool) -> str:
    return "yes" if ok else "**no**"


def load_of(results: dict, group: str) -> str:
    got = results.get("load", {}).get(group)
    return f"{got['before']} → {got['after']}" if got else ""


def peer_row(results: dict, group: str, label: str, floor_goal: float | None) -> dict:
    """With ``floor_goal`` (the seed shape): ahead of every peer and within that many times
    the floor; without: at most 1× every peer."""
    g = results["groups"][group]
    named = [p for p in g["ratio"] if p not in ("floor", "memtui-base")]
    missing = sorted(p for p, info in results.get("peers", {}).items() if "missing" in info)
    parts = [f"{times(g['ratio'][p])} {p}" for p in sorted(named, key=g["ratio"].get)]
    figure = (f"{g['cpu']['memtui']:.2f} s; " + ", ".join(parts) +
              f"; {times(g['ratio']['floor'])} floor ({g['cpu']['floor']:.2f} s)")
    if missing:
        figure += f" (not measured: {', '.join(missing)})"
    if "memtui-base" in g["ratio"]:  # ``--base``: the same rounds with another memtui
        figure += (f"; {times(g['ratio']['memtui-base'])} the base "
                   f"({g['cpu']['memtui-base']:.2f} s)")
    if floor_goal is None:
        ok = bool(named) and all(g["ratio"][p] <= 1 for p in named)
        goal = "≤ 1× every peer"
    else:
        ok = bool(named) and all(g["ratio"][p] < 1 for p in named)
        goal = "ahead of every peer"
        ok = ok and g["ratio"]["floor"] <= floor_goal
        goal += f"; ≤ {floor_goal:g}× floor"
    return {"row": f"cold {g['files']:,}, {label}", "figure": figure, "goal": goal,
            "holds": ok, "load": load_of(results, group)}


def rows(results: dict) -> list[dict]:
    """Issue 35's table: row, figure, goal, whether it holds, the load around it."""
    groups = results["groups"]
    out: list[dict] = []
    if "seed" in groups:
        out.append(peer_row(results, "seed", "seed-shaped (wikilinks by `name:`)", 1.2))
    if "stem" in groups:
        out.append(peer_row(results, "stem", "stem-linked", None))
    if "scale" in groups:
        sc = groups["scale"]
        sizes = sorted(sc, key=int)
        for n in sizes[-2:]:
            s = sc[n]
            out.append({"row": f"cold {int(n):,}",
                        "figure": f"{s['cpu']['cold']:.2f} s; {times(s['cold_floor'])} the "
                                  f"floor ({s['cpu']['floor']:.2f} s)",
                        "goal": "≤ 2× floor", "holds": s["cold_floor"] <= 2,
                        "load": load_of(results, "scale")})
        s = sc[sizes[-1]]
        out.append({"row": f"warm {int(sizes[-1]):,}",
                    "figure": f"{s['cpu']['warm']:.2f} s; {times(s['warm_floor'])} the floor",
                    "goal": "≤ 1× floor", "holds": s["warm_floor"] <= 1,
                    "load": load_of(results, "scale")})
    if "reaudit" in groups:
        r = groups["reaudit"]
        out.append({"row": f"re-audit after one file changes, {r['files']:,}",
                    "figure": f"{r['ms']['one_file']:.0f} ms (a body edit "
                              f"{r['ms']['one_body']:.0f} ms, nothing changed "
                              f"{r['ms']['nothing']:.0f} ms; CPU, median of {r['repeat']})",
                    "goal": "≤ 25 ms", "holds": r["ms"]["one_file"] <= 25,
                    "load": load_of(results, "reaudit")})
    if "app" in groups:
        a = groups["app"]
        stalls = {(n, run): figures["cpu_stall_counting"] * 1000
                  for n, by_run in a.items() for run, figures in by_run.items()}
        worst = max(stalls.values())
        detail = ", ".join(f"{int(n):,} {run} {ms:.0f}" for (n, run), ms in stalls.items())
        out.append({"row": "app: worst freeze while counting",
                    "figure": f"{worst:.0f} ms of CPU between heartbeats ({detail})",
                    "goal": "< 50 ms", "holds": worst < 50, "load": load_of(results, "app")})
        biggest = max(a, key=int)
        peak = max(figures["peak_mib"] * 1.048576 for figures in a[biggest].values())
        out.append({"row": f"app peak RSS, {int(biggest):,}",
                    "figure": f"{peak:.0f} MB (the app process; its counting child apart)",
                    "goal": "≤ 200 MB", "holds": peak <= 200, "load": load_of(results, "app")})
    if "scale" in groups:
        n = max(groups["scale"], key=int)
        p = groups["scale"][n]["peak_mb"]
        cli = max(p["cold"], p["warm"])
        out.append({"row": f"CLI peak RSS, {int(n):,}",
                    "figure": f"{cli:.0f} MB (cold {p['cold']:.0f}, warm {p['warm']:.0f}; "
                              f"floor {p['floor']:.0f}): {times(cli / p['floor'])} the floor",
                    "goal": "≤ 2× floor", "holds": cli <= 2 * p["floor"],
                    "load": load_of(results, "scale")})
    if "git" in groups:
        g = groups["git"]
        parts = [f"tracked {times(g['ratio']['tracked'])}",
                 f"untracked {times(g['ratio']['untracked'])}"]
        if "checkout" in g["ratio"]:
            parts.append(f"untracked in memtui's checkout ({g['checkout_commits']} commits) "
                         f"{times(g['ratio']['checkout'])}")
        out.append({"row": f"a {g['files']}-file workspace inside a git repository of "
                           f"{g['commits']} commits",
                    "figure": "; ".join(parts) + f" outside ({g['cpu']['outside']:.2f} s; "
                              f"{g['dated_by_git']} files dated by git when tracked)",
                    "goal": "≤ 1.1× outside",
                    "holds": all(r <= 1.1 for r in g["ratio"].values()),
                    "load": load_of(results, "git")})
    if "fleet" in groups:
        f = groups["fleet"]
        out.append({"row": f"fleet {f['workspaces']:,} × {f['files']} inside a repository",
                    "figure": f"{times(f['ratio'])} outside ({f['cpu']['inside']:.1f} s vs "
                              f"{f['cpu']['outside']:.1f} s CPU, --jobs {f['jobs']})",
                    "goal": "≤ 1.2× outside", "holds": f["ratio"] <= 1.2,
                    "load": load_of(results, "fleet")})
    return out


def growth(results: dict) -> list[str]:
    sc = results["groups"].get("scale")
    if not sc:
        return []
    lines = ["| files | cold | warm | floor | cold / floor | warm / floor | peak RSS cold | "
             "peak RSS floor |", "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sorted(sc, key=int):
        s = sc[n]
        lines.append(f"| {int(n):,} | {s['cpu']['cold']:.2f} s | {s['cpu']['warm']:.2f} s | "
                     f"{s['cpu']['floor']:.2f} s | {times(s['cold_floor'])} | "
                     f"{times(s['warm_floor'])} | {s['peak_mb']['cold']:.0f} MB | "
                     f"{s['peak_mb']['floor']:.0f} MB |")
    return lines


def markdown(results: dict) -> str:
    table = results.get("rows") or rows(results)
    peers = ", ".join(f"{name} {info['version']}" for name, info in
                      results.get("peers", {}).items() if "version" in info)
    lines = [f"`{results['command']}` at {results['commit']}, {results['started']}; "
             f"{results['machine']}" + (f"; peers: {peers}" if peers else "") + ".", "",
             "| row | figure | goal | holds | load (1 min, before → after) |",
             "|---|---|---|---|---|"]
    lines += [f"| {r['row']} | {r['figure']} | {r['goal']} | {yes(r['holds'])} | {r['load']} |"
              for r in table]
    more = growth(results)
    return "\n".join(lines + (["", *more] if more else []))


def svg(results: dict) -> str:
    """CPU seconds against files, log–log, one line per series."""
    sc = results["groups"]["scale"]
    sizes = sorted(int(n) for n in sc)
    values = [sc[str(n)]["cpu"][key] for n in sizes for key, *_ in SERIES]
    values += [2 * sc[str(n)]["cpu"]["floor"] for n in sizes]
    w, h, left, right, top, bottom = 640, 400, 64, 24, 40, 52
    x0, x1 = math.log10(sizes[0]), math.log10(sizes[-1])
    y0 = math.floor(math.log10(max(min(values), 1e-3)))
    y1 = math.ceil(math.log10(max(values)))
    if x1 == x0:
        x1 = x0 + 1

    def x(n: float) -> float:
        return round(left + (math.log10(n) - x0) / (x1 - x0) * (w - left - right), 1)

    def y(v: float) -> float:
        v = max(v, 10 ** y0)
        return round(h - bottom - (math.log10(v) - y0) / (y1 - y0) * (h - top - bottom), 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="14">memtui audit --json: CPU seconds by '
           f'workspace size ({results["started"]}, {results["commit"]})</text>']
    for e in range(y0, y1 + 1):
        label = f"{10 ** e:g} s"
        out.append(f'<line x1="{left}" y1="{y(10 ** e)}" x2="{w - right}" y2="{y(10 ** e)}" '
                   f'stroke="#dddddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(10 ** e) + 4}" text-anchor="end">{label}</text>')
    for n in sizes:
        out.append(f'<line x1="{x(n)}" y1="{top}" x2="{x(n)}" y2="{h - bottom}" '
                   f'stroke="#eeeeee"/>')
        out.append(f'<text x="{x(n)}" y="{h - bottom + 16}" text-anchor="middle">{n:,}</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 12}" text-anchor="middle">'
               f'memory files (log scale)</text>')
    goal = " ".join(f"{x(n)},{y(2 * sc[str(n)]['cpu']['floor'])}" for n in sizes)
    out.append(f'<polyline points="{goal}" fill="none" stroke="#999999" stroke-width="1" '
               f'stroke-dasharray="2 3"/>')
    ly = top + 8 + 18 * len(SERIES)
    out.append(f'<line x1="{left + 12}" y1="{ly}" x2="{left + 40}" y2="{ly}" stroke="#999999" '
               f'stroke-dasharray="2 3"/>')
    out.append(f'<text x="{left + 46}" y="{ly + 4}">2× the floor (the cold goal)</text>')
    for i, (key, label, colour, dash) in enumerate(SERIES):
        points = " ".join(f"{x(n)},{y(sc[str(n)]['cpu'][key])}" for n in sizes)
        style = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                   f'stroke-width="2"{style}/>')
        out += [f'<circle cx="{x(n)}" cy="{y(sc[str(n)]["cpu"][key])}" r="3" fill="{colour}"/>'
                for n in sizes]
        ly = top + 8 + 18 * i
        out.append(f'<line x1="{left + 12}" y1="{ly}" x2="{left + 40}" y2="{ly}" '
                   f'stroke="{colour}" stroke-width="2"{style}/>')
        out.append(f'<text x="{left + 46}" y="{ly + 4}">{label}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def into_doc(doc: Path, text: str) -> bool:
    """``text`` between ``doc``'s markers; False (nothing written) when it has not both."""
    page = doc.read_text(encoding="utf-8")
    start, end = page.find(BEGIN), page.find(END)
    if start < 0 or end < start:
        return False
    doc.write_text(page[:start + len(BEGIN)] + "\n" + text.strip() + "\n" + page[end:],
                   encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("--svg", type=Path)
    parser.add_argument("--doc", type=Path)
    ns = parser.parse_args(argv)
    try:
        results = json.loads(ns.results.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"goals_doc: cannot read {ns.results}: {exc}", file=sys.stderr)
        return 2
    text = markdown(results)
    print(text)
    if ns.doc is not None:
        try:
            placed = into_doc(ns.doc, text)
        except OSError as exc:
            print(f"goals_doc: cannot update {ns.doc}: {exc}", file=sys.stderr)
            return 2
        if not placed:
            print(f"goals_doc: {ns.doc} has no {BEGIN} … {END} markers", file=sys.stderr)
            return 2
    if ns.svg is not None:
        if "scale" not in results.get("groups", {}):
            print("goals_doc: no scale figures in this run to plot", file=sys.stderr)
            return 2
        ns.svg.write_text(svg(results), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
