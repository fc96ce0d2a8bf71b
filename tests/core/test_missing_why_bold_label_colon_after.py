"""real33: a bold label alone followed by text holding a colon was no label.

``**How to apply** — when wiring secrets/env into a Vercel app:`` then a list: the label is
the bold phrase (the shape ``**Why** — …`` the rule reads), but the colon closing the
sentence after it was taken for the label's, the "label" ran past its eight words, and the
memory was reported without its **How to apply:** line.
"""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit

FEEDBACK = "---\nname: {n}\ndescription: about {n}\ntype: feedback\n---\n{body}"


def test_a_bold_label_whose_sentence_ends_in_a_colon_is_a_label(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "memory", {
        "MEMORY.md": "- [Env vars](env.md) — set them first\n- [Deploys](deploys.md) — canary\n"
                     "- [Logs](logs.md) — keep them\n",
        "env.md": FEEDBACK.format(n="env", body=(
            "Vercel env vars apply to new deployments only.\n\n"
            "**Why:** a pushed route read an empty variable for an hour.\n\n"
            "**How to apply** — when wiring secrets/env into a Vercel app:\n"
            "- set the variable first, then redeploy\n")),
        "deploys.md": FEEDBACK.format(n="deploys", body=(
            "Canary before bulk writes.\n\n**Why:** a bulk run failed at record 40.\n\n"
            "**How to apply:** run five records first.\n")),
        "logs.md": FEEDBACK.format(n="logs", body=(
            "Keep the run logs.\n\n**Why** — the last incident needed them: all of them.\n")),
    })
    result = run_audit(ws)
    assert [(f.path, f.message.split(" without ")[1].split(" line")[0])
            for f in result.findings if f.kind == "missing_why"] == [
        ("logs.md", "a **How to apply:**")]
