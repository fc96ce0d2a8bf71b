"""``feedback`` and ``project`` memories without their **Why:** or **How to apply:** line
(``missing_why``): without the reason a later reader cannot judge an edge case, without the
application nobody knows when the memory matters.

Only in a folder that follows the convention: where at least one feedback or project memory
holds one of the labels (in whatever language), the others lacking them are reported; a
folder that never writes them is not held to them (nearly every memory would be a finding).

A line counts when it starts (after a list marker, a quote mark, heading marks or bold) with
one of the labels below and a colon, or is a heading made of the label alone; the labels are
the folder's languages' (English, Chinese, Japanese, Korean, French, German, Spanish,
Portuguese, Italian, Russian), so a folder written in Korean is held to 이유 and 적용.
"""

from __future__ import annotations

import re

TYPES = ("feedback", "project")

_WHY = (r"why|reason|reasons|rationale|because|motivation|"
        r"为什么|為什麼|为何|為何|原因|理由|缘由|緣由|动机|動機|"
        r"なぜ|背景|"
        r"이유|왜|근거|"
        r"pourquoi|raison|warum|grund|begründung|por ?qu[ée]|porqu[ée]|raz[óo]n|motivo|"
        r"por qu[eê]|raz[ãa]o|perch[ée]|почему|причина")
_HOW = (r"how to apply|how to use(?: it)?|how it applies|when to apply|how to act|apply|"
        r"application|applies when|"
        r"如何应用|如何應用|如何套用|如何运用|如何運用|怎么用|怎麼用|应用方式|應用方式|应用|應用|"
        r"适用|適用|用法|做法|"
        r"適用方法|使い方|運用|対応方法|"
        r"적용 ?방법|적용|활용 ?방법|활용|"
        r"comment appliquer|application|anwendung|wie anwenden|umsetzung|c[óo]mo aplicar|"
        r"aplicaci[óo]n|como aplicar|aplica[çc][ãa]o|come applicare|applicazione|"
        r"как применять|применение")
_LEAD = r"^[ \t]*(?:[-*+>][ \t]*|\d+[.)][ \t]*|#{1,6}[ \t]*)*(?:\*\*|__)?[ \t]*"
#: Words or a parenthesis between the label and its colon: "**Why the feature exists:**",
#: "**Why(2026-07-09):**", "## How to apply (next session)".
_QUALIFIER = r"(?:[ \t]*[(（][^)）\n]{0,80}[)）]|[ \t]+[^:：*\n]{1,60})?"


def _label(words: str) -> re.Pattern[str]:
    return re.compile(r"(?im)" + _LEAD + r"(?:" + words + r")" + _QUALIFIER +
                      r"[ \t]*(?:\*\*|__)?[ \t]*[:：]|^#{1,6}[ \t]*(?:" + words +
                      r")(?![^\W\d_])[^\n]{0,80}$")


_WHY_RE = _label(_WHY)
_HOW_RE = _label(_HOW)


def missing(memory_type: str | None, body: str) -> list[str]:
    """The labels a memory of ``memory_type`` lacks (``Why``, ``How to apply``)."""
    if (memory_type or "").strip().lower() not in TYPES:
        return []
    out = []
    if _WHY_RE.search(body) is None:
        out.append("**Why:**")
    if _HOW_RE.search(body) is None:
        out.append("**How to apply:**")
    return out


def missing_message(memory_type: str, labels: list[str]) -> str:
    what = " and ".join(f"a {label} line" for label in labels)
    return (f"a {memory_type.strip().lower()} memory without {what}: a later reader cannot "
            "judge when it applies")


def missing_findings(labels: dict[str, tuple[str, int, tuple[bool, bool]]]
                     ) -> dict[str, tuple[str, int, str]]:
    """rel → (rel, line, message) of each memory lacking a label, given every feedback and
    project memory's (type, first body line, (has Why, has How)); none unless one of them
    holds a label."""
    if not any(why or how for _, _, (why, how) in labels.values()):
        return {}
    out = {}
    for rel, (kind, line, (why, how)) in labels.items():
        lacking = [label for label, has in (("**Why:**", why), ("**How to apply:**", how))
                   if not has]
        if lacking:
            out[rel] = (rel, line, missing_message(kind, lacking))
    return out
