"""The words a Hermes entry is compared by (newuser30 #24): a spaced script's words, and in
a script written without spaces between words — Chinese, Japanese, Korean syllables (as the
memory files' sketch reads them), Thai, Lao, Myanmar, Khmer — each run's overlapping
character pairs (or triples in the four alphabets, whose pairs are too common to tell two
texts apart), since such a run is one ``\\w+`` match however many words it holds."""

from __future__ import annotations

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Chinese, Japanese (kana, ideographs) and Korean syllables: read as character pairs.
_PAIRED = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af"
#: Thai, Lao, Myanmar and Khmer: read as character triples.
_TRIPLED = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_RUN = lazy_pattern("([" + _PAIRED + "]+)|([" + _TRIPLED + "]+)|((?:(?![" + _PAIRED
                    + _TRIPLED + r"])\w)+)")


def entry_words(text: str) -> frozenset[str]:
    """The set of words (spaced scripts) and character n-grams (unspaced ones) of ``text``,
    casefolded."""
    out: set[str] = set()
    for paired, tripled, word in _RUN.findall(text.casefold()):
        if word:
            out.add(word)
            continue
        run, n = (paired, 2) if paired else (tripled, 3)
        if len(run) <= n:
            out.add(run)
        else:
            out.update(run[i:i + n] for i in range(len(run) - n + 1))
    return frozenset(out)
