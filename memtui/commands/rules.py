"""``memtui rules``: every rule (id, severity, summary); ``memtui rules ID``: one in full."""

from __future__ import annotations

import argparse
import sys

from memtui.commands.parser import fail
from memtui.core.checks.rules import BY_ID, RULES, Rule, silence


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("id", nargs="?", metavar="ID", help="one rule, printed in full")


#: An example file longer than this is shown by its first 3 lines; a shorter one whole, since
#: its last lines may be what makes the rule fire (missing_why's label, newuser23 #25).
WHOLE_LINES = 20


def _example(files: tuple[tuple[str, str | bytes], ...]) -> list[str]:
    out: list[str] = []
    for path, text in files:
        body = text.decode("utf-8", "backslashreplace") if isinstance(text, bytes) else text
        lines = body.splitlines()
        if len(lines) > WHOLE_LINES:
            lines = [*lines[:3], f"… ({len(lines) - 3} more lines)"]
        out.append(f"    {path}:")
        out += [f"      {ln}" for ln in lines]
    return out


def full(rule: Rule) -> str:
    lines = [f"{rule.id} ({rule.severity}): {rule.title}", "", rule.summary, "",
             rule.explanation, "", "Fires on:", *_example(rule.example_fires), "",
             "Quiet on:", *_example(rule.example_quiet), "", f"Fix: {rule.fix}",
             "", silence(rule)]
    return "\n".join(lines) + "\n"


def run(ns: argparse.Namespace) -> int:
    if ns.id is None:
        width = max(len(r.id) for r in RULES)
        for r in RULES:
            sys.stdout.write(f"{r.id:<{width}}  {r.severity:<7}  {r.summary}\n")
        return 0
    rule = BY_ID.get(ns.id)
    if rule is None:  # the closest id, as inline ignores and fix names say (newuser26 #33)
        import difflib

        close = difflib.get_close_matches(ns.id.lower(), BY_ID, n=1)
        if close:
            return fail("memtui rules", f"no rule {ns.id!r} (did you mean {close[0]}? "
                        "memtui rules lists them)")
        return fail("memtui rules", f"no rule {ns.id!r} (memtui rules lists them: "
                    f"{', '.join(BY_ID)})")
    sys.stdout.write(full(rule))
    return 0
