"""What markdown-it's link parse costs per shape of text, against the work
`memtui.core.scanner.links.parse_cut` estimates for it (issue 31 §4): seconds of CPU, estimated
units, and microseconds a unit, for 256 KiB of each shape (one line, and one per line).

    python -m bench.link_cost

The allowance (`WORK_PER_CHAR` units a character) times the worst microseconds a unit
here is the most the parse of any text costs a character.
"""

from __future__ import annotations

import time

from memtui.core.scanner.links import _markdown_links, parse_work

SHAPES = ["[a](", "[a](" + "x" * 60, "[a][", "[a](b) ", "![](", "[a](<", "a[b](c(", "[a](\\(",
          "[]( ", "[a]: ", "*a", "_a", "[", "![", "- [Title](memory/x.md) — hook text here",
          "[x](y) *a* _b_ [c][d]", "[[(<]:", "[](" + "x" * 30]


def main() -> None:
    for unit in SHAPES:
        for lines in (False, True):
            # a text without "](" is never parsed: each shape gets one
            u = unit + ("\n" if lines else "") + ("](" if "](" not in unit else "")
            text = u * ((1 << 18) // len(u))
            work = parse_work(text)
            start = time.process_time()
            _markdown_links("m.md", text, 1, None)
            spent = time.process_time() - start
            print(f"{unit[:16]!r:18} {'per line' if lines else 'one line':8} {spent:6.2f} s "
                  f"{work / 1e6:6.2f} M units {spent * 1e6 / work:5.2f} µs a unit")


if __name__ == "__main__":
    main()
