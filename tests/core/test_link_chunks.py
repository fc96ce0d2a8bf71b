"""markdown-it parses only the chunks of a text that can hold a link
(`memtui.core.scanner.link_chunks`, newuser22 #30): the links are the whole text's, line
for line, on texts made of every block that could make a chunk read otherwise, and a long
text of few links costs a fraction of the parse."""

from __future__ import annotations

import random
import time

from memtui.core.scanner.link_chunks import chunks
from memtui.core.scanner.links import markdown_links, markdown_links_cut

PIECES = [
    "", "", "", "plain words here", "a [link](a.md) in prose", "[x](b.md) at the start",
    "two [one](c.md) and [two](d.md)", "label over\nlines](e.md) after", "[open label",
    "](f.md) closes", "- item [l](g.md)", "  - nested [m](h.md)", "1. first [n](i.md)",
    "   ```", "```", "```py", "~~~", "  ```", "    ```", "\t```", "- ```", "> ```",
    "````", "``` has ` tick", "code [not](j.md) maybe", "    indented [k](k.md)",
    "> quoted [q](q.md)", ">", "<!--", "-->", "<div>", "</div>", "<pre>", "</pre>",
    "[ref]: r.md", "[multi\nlabel]: m.md", "- [ref2]: s.md", "see [ref] and [t][ref2]",
    "[esc\\]aped\nlabel]: u.md", "`inline [c](v.md)`", "  continued [w](w.md)", "# heading",
    "text\n===", "***", "|a|b|\n|-|-|\n|[t](t.md)|x|", "\ttabbed [y](y.md)",
    "  ~~~ ", "~~~~", "<https://example.com>", "[[wiki]] and [z](z.md)",
]


def _full(text: str) -> list[object]:
    """The whole text parsed (asking for its code spans too takes no chunks)."""
    return list(markdown_links("memory/m.md", text, 1, code_spans=[]))


def _chunked(text: str) -> list[object] | None:
    return None if chunks(text) is None else list(markdown_links("memory/m.md", text))


def test_chunks_give_the_whole_text_s_links() -> None:
    rng = random.Random(23)
    chunked = 0
    for _ in range(3000):
        text = "\n".join(rng.choice(PIECES) for _ in range(rng.randint(1, 40)))
        got = _chunked(text)
        if got is not None:
            chunked += 1
            assert got == _full(text), text
    assert chunked > 300  # the fallback is not all there is


def test_a_long_text_of_few_links_parses_a_fraction() -> None:
    body = "\n\n".join(f"- step {i}: run `tool --n {i}` on host{i}\n  and check it."
                       for i in range(3000))
    text = body + "\n\nSee [the runbook](docs/runbook.md).\n\n" + body
    whole = time.process_time()
    full = _full(text)
    whole = time.process_time() - whole
    part = time.process_time()
    got, cut = markdown_links_cut("memory/m.md", text)
    part = time.process_time() - part
    assert got == full and len(got) == 1 and cut is None
    assert part < whole / 5, (part, whole)
