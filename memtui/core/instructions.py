"""Text in a memory that reads as an order to the model rather than a fact about the world."""

from __future__ import annotations

import re

from memtui.core.keywords import KeywordProbe

_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?i)\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(previous|prior|"
                r"above|earlier|all|system|your)\b[^.\n]{0,20}\b(instructions?|rules|prompts?|"
                r"guidelines)\b"), "asks the model to drop its instructions"),
    (re.compile(r"(?i)<\|?\s*(system|im_start|im_end|assistant)\s*\|?>|\[/?INST\]|"
                r"<</?SYS>>"), "contains a chat role tag"),
    (re.compile(r"(?im)^\s*(system|assistant)\s*:\s"), "starts a line with a role label"),
    (re.compile(r"(?i)\byou (must|should) (now|always|never)\b|\bfrom now on,? you\b|"
                r"\byou are now\b|\bnew instructions?\s*:"), "gives the model standing orders"),
    (re.compile(r"(?i)\b(reveal|print|output|leak)\b[^.\n]{0,30}\b(system prompt|api key|"
                r"password|secrets?)\b"), "asks the model to reveal something"),
    (re.compile(r"忽略[^。\n]{0,12}(指示|指令|規則|规则|提示)|你現在是|你现在是|從現在起你|"
                r"从现在起你|新的指令"), "reads as an order to the model"),
]


#: Plain substrings (lower case), one of which every pattern match contains: lines with none
#: of them are never run through the patterns.
_WORDS = ("ignore", "disregard", "forget", "override", "system", "im_start", "im_end",
          "assistant", "inst]", "<<sys>>", "<</sys>>", "you must", "you should", "from now on",
          "you are now", "new instruction", "reveal", "print", "output", "leak", "忽略",
          "你現在是", "你现在是", "從現在起你", "从现在起你", "新的指令")


def scan_instructions(text: str, first_line: int = 1, probe: KeywordProbe | None = None
                      ) -> list[tuple[int, str, str]]:
    """(line, reason, excerpt) for each line that reads as an instruction to the model.
    ``probe``: a KeywordProbe of ``text`` (or of a text containing it) to share."""
    out: list[tuple[int, str, str]] = []
    words = (probe or KeywordProbe(text)).present(_WORDS)
    if not words:
        return out
    for i, line in enumerate(text.split("\n")):
        low = line.lower()
        if not any(w in low for w in words):
            continue
        for pattern, reason in _PATTERNS:
            m = pattern.search(line)
            if m:
                out.append((first_line + i, reason, m.group(0).strip()[:60]))
                break
    return out
