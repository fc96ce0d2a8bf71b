"""A value bound by the exchange it is given in, not by a label on its own line.

Issue 32, point 1 (session 42, set31): a chat copied into a memory (``Mum: the Netflix
password changed`` / ``Me: to what?`` / ``Mum: Bacalhau#Natal23``), a question and its answer
(``Q: what's the gate code?`` / ``A: 4471``), an export with times (``[19:05] Sri: …``). No
label stands beside the value; the turn before it names the slot. The model:

- **turns**: consecutive lines each opened by a speaker (a name of one to three words, no
  digit, no label word of the lexicon: ``Mum:``, ``Bu Sri:``, ``Q :``, ``엄마:``), maybe after a
  time stamp (``[10:42]``, ``12/03/2026, 18:41 -``) or a quote mark; a block of them is a
  dialogue when a speaker speaks twice or a turn asks something (a key/value list or a
  front matter does neither), or a question line (ending ``?``) and the line under it;
- **a slot**: a turn naming a credential (`lexicon.label`, in any language the lexicon reads)
  without giving its value opens the slot;
- **the answer**: the next turn that asks nothing (the turns between may only ask back:
  ``to what?``), when its first sentence is short and holds nothing but a value and filler
  (a word or two may open it: ``no, no, …``), is read as if the slot's label stood before
  it (``senha: Bacalhau#Natal23``): the labelled readers decide whether it is a value
  (``later``, ``ask Dad``, a time are none; digits in groups of three or more are dialled),
  read digits in groups or in words (`spelled`) and find where it ends;
- **a correction or a repeat**: a turn that gives its value opens its slot too, so the value
  given again after ``3380?`` inherits it;
- **a chat in a code block**: a turn's words are prose, read as a line outside the block.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from memtui.core.creds import lexicon
from memtui.core.creds.reading import Labelled
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A turn's line: a quote mark or a time stamp, the speaker (one to three words of letters,
#: no digit), the colon and the turn's words.
_NAME = r"[^\s\d:：\[\](){}*#`>|/\\=,.;!?？؟\"'«»“”「」_@&%$+~<]+"
_TURN = lazy_pattern(
    r"^(?P<lead>[ \t>]*(?:\[[0-9:.\sAaPpMm]{3,12}\][ \t]*|\d{1,4}[./-]\d{1,2}[./-]\d{2,4},?"
    r"[ \t]+\d{1,2}:\d{2}(?:[ \t]*[AaPp]\.?[Mm]\.?)?[ \t]*[-–—][ \t]*)?)"
    r"(?P<s>" + _NAME + r"(?:[ \t]" + _NAME + r"){0,2})[ \t]*[:：][ \t]+(?P<b>\S.*?)[ \t]*$")
#: Digits in groups of two or more, one of three or more (a phone's or a booking's number).
_DIALLED = lazy_pattern(r"(?=[\d \t./-]*\d{3})\d+(?:[ \t./-]+\d+)+[ \t]*")
_ASKS = ("?", "？", "؟", ";")  # (``;`` is Greek's question mark)
#: What an answer may hold: a few words (the value, then filler), no more.
_MAX_ANSWER = 64
_MAX_WORDS = 8
#: What may open an answer before its value: a quote mark, one or two words of letters.
_OPENING = lazy_pattern(r"[ \t\"'`«“„「*]*(?:[^\W\d_]+[,!]?[ \t]+){0,2}[\"'`«“„「*]*")
_SENTENCE_END = lazy_pattern(r"(?<=\S)[.!。！](?=\s|$)")
#: Turns after the slot's the answer may come in (the others asking back).
_REACH = 3


class _Turn:
    __slots__ = ("body", "fenced", "line", "speaker", "start")

    def __init__(self, line: int, speaker: str, start: int, body: str,
                 fenced: bool = False) -> None:
        self.line, self.speaker, self.start, self.body = line, speaker, start, body
        self.fenced = fenced


def may_hold(text: str) -> bool:
    """A cheap look: two lines or more opened by a speaker's colon, or a question ended."""
    return text.count(": ") + text.count("：") >= 2 or any(a + "\n" in text for a in _ASKS[:3])


def _asks(body: str) -> bool:
    return body.rstrip(" \t)）").endswith(_ASKS)


def _speaker(name: str) -> bool:
    """A name that may speak: no label word (``Password:``, ``User:``, ``SSID:``), no key of
    a file's (``name:``, ``image:``: small ASCII letters) and no level of a log's (``INFO:``,
    ``NOTE:``: capitals)."""
    if name.isascii() and (name.islower() or (len(name) > 1 and name.isupper())):
        return False
    return not lexicon.words(name) and not lexicon.network_names(name)


def _blocks(lines: list[str]) -> Iterator[list[_Turn]]:
    """Runs of consecutive turn lines (a blank line between turns does not end a run), the
    front matter left out."""
    start = 0
    if lines and lines[0].strip() == "---":
        start = next((i + 1 for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
    run: list[_Turn] = []
    fence = ""
    for i in range(start, len(lines)):
        line = lines[i]
        if not line.strip():
            continue
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            fence = "" if fence and stripped.startswith(fence) else fence or stripped[:3]
        m = _TURN.match(line) if len(line) < 400 else None
        if m and _speaker(m.group("s")):
            run.append(_Turn(i, m.group("s").strip().casefold(), m.start("b"), m.group("b"),
                             bool(fence)))
            continue
        if run:
            yield run
        run = []
    if run:
        yield run


def _dialogue(run: list[_Turn]) -> bool:
    speakers = [t.speaker for t in run]
    return len(run) >= 2 and (len(set(speakers)) < len(speakers) or any(
        _asks(t.body) for t in run)) and len(set(speakers)) <= max(2, len(run) // 2 + 1)


def _short(body: str) -> bool:
    return len(body) <= _MAX_ANSWER and len(body.split()) <= _MAX_WORDS


Reader = Callable[[str], list[tuple[int, int, str]]]


def _answer(turn: _Turn, slot: lexicon.Word, read: Reader) -> Labelled | None:
    """The value ``turn`` gives, read as if ``slot``'s label stood before it."""
    stop = _SENTENCE_END.search(turn.body)
    said = turn.body[:stop.end()] if stop else turn.body  # (its first sentence)
    if not _short(said) or _asks(said):
        return None
    head = slot.text + ": "
    for start, end, why in read(head + said):
        at = start - len(head)
        if at < 0 or not _OPENING.fullmatch(said[:at]):
            continue  # (a value where the answer opens, after a quote mark or a word or two
            # of letters: ``no, no, …``)
        rest = said[at + end - start:]
        if _DIALLED.fullmatch(turn.body[at:at + end - start]):
            continue  # ``5123 4567``: groups of digits are dialled, a PIN read out is one
            # run or its digits one by one
        if any(c.isdigit() for c in rest):
            continue  # a second number: a phone number's, a time's, not filler
        return Labelled(turn.line, turn.start + at, turn.start + at + end - start,
                        turn.body[at:at + end - start],
                        f"the answer to a turn naming \"{slot.text}\" ({why})")
    return None


def answered_values(lines: list[str], read: Reader, given: set[int]) -> Iterator[Labelled]:
    """Values given as the answer to a turn that names their slot (the module's doc).
    ``read``: the labelled readers on one line, (start, end, why) of each value; ``given``:
    the lines already holding a value (read again by none of these)."""
    for run in _blocks(lines):
        if _dialogue(run):
            yield from _exchange(run, read, given)
    yield from _question_lines(lines, read, given)


def _exchange(run: list[_Turn], read: Reader, given: set[int]) -> Iterator[Labelled]:
    for n, turn in enumerate(run):
        if turn.fenced and turn.line not in given:
            said = read(turn.body)  # a chat pasted in a code block: its words are prose
            for a, b, why in said:
                yield Labelled(turn.line, turn.start + a, turn.start + b, turn.body[a:b],
                               f"{why}, in a turn of a chat")
            if said:
                continue
        # (a turn giving its value opens its slot too: a repeat or a correction inherits it)
        slot = lexicon.label(turn.body)
        if slot is None or slot.kind not in lexicon.VALUE_KINDS:
            continue
        for later in run[n + 1:n + 1 + _REACH]:
            if _asks(later.body):
                if lexicon.label(later.body) is not None:
                    break  # a question of its own
                continue  # asking back (``to what?``)
            got = _answer(later, slot, read)
            if got is not None and later.line not in given:
                yield got
            break


def _question_lines(lines: list[str], read: Reader, given: set[int]) -> Iterator[Labelled]:
    """A question line naming a slot (maybe quoted: ``> what was the password?``), its
    answer on the next line."""
    for i in range(len(lines) - 1):
        line = lines[i].strip(" \t>")
        if not _asks(line) or i in given or _TURN.match(lines[i + 1]) or not lines[i + 1].strip():
            continue
        slot = lexicon.label(line)
        if slot is None:
            continue
        turn = _Turn(i + 1, "", len(lines[i + 1]) - len(lines[i + 1].lstrip(" \t>")),
                     lines[i + 1].strip(" \t>"))
        if i + 1 not in given:
            got = _answer(turn, slot, read)
            if got is not None:
                yield got
