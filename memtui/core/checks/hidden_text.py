"""Text a reader does not see but the model reads (``hidden_text``): invisible Unicode in a
memory or the index (zero-width characters, bidi controls, tag characters, runs of
variation selectors, Hangul fillers, line and paragraph separators), and HTML comments in
the index that read as orders.

What writing systems need is not reported: a zero-width joiner inside an emoji sequence or
between letters of a script that joins (Arabic, Indic), a zero-width non-joiner there too,
left-to-right and right-to-left marks on a line that holds right-to-left letters, the tag
characters of a subdivision flag (🏴 + tags + cancel tag), one variation selector after a
character (an emoji or ideographic variant).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import cache

from memtui.core.checks.instructions import scan_instructions
from memtui.core.scanner.anchored import AnchorsFn, bitmap, native_anchors
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Findings of invisible characters per file at most (one per line); past it, one more says so.
MAX_LINES = 20
#: HTML comments of the index looked at, at most.
MAX_COMMENTS = 200
#: Characters of a comment looked at.
COMMENT_CHARS = 2_000

_ALWAYS = {
    0x200B: "ZERO WIDTH SPACE", 0x2060: "WORD JOINER", 0xFEFF: "ZERO WIDTH NO-BREAK SPACE",
    0x180E: "MONGOLIAN VOWEL SEPARATOR", 0x2061: "FUNCTION APPLICATION",
    0x2062: "INVISIBLE TIMES", 0x2063: "INVISIBLE SEPARATOR", 0x2064: "INVISIBLE PLUS",
    0x3164: "HANGUL FILLER", 0xFFA0: "HALFWIDTH HANGUL FILLER",
    0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING",
    0x202C: "POP DIRECTIONAL FORMATTING", 0x202D: "LEFT-TO-RIGHT OVERRIDE",
    0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
    0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE",
    0x2069: "POP DIRECTIONAL ISOLATE",
}
#: Line and paragraph separators: the model reads a break where the reader sees none (an
#: editor shows one space or nothing; newuser26 #37: one written into MEMORY.md went
#: unreported). NEXT LINE (U+0085) and the C0 separators are reported as control characters.
_ALWAYS.update({0x2028: "LINE SEPARATOR", 0x2029: "PARAGRAPH SEPARATOR"})
_JOINERS = {0x200C: "ZERO WIDTH NON-JOINER", 0x200D: "ZERO WIDTH JOINER"}
_MARKS = {0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK",
          0x061C: "ARABIC LETTER MARK"}
#: C0 and C1 control characters but the tab, line breaks and form feed: a terminal acts on
#: them (an ESC [2J blanks the screen, an OSC 52 writes the clipboard) when the file is
#: shown, and nothing of them is seen (newuser23 #16: one copied into MEMORY.md went
#: unreported).
_CONTROLS = "\x00-\x08\x0b\x0e-\x1f\x7f-\x9f"
_CONTROL_NAMES = {0x1B: "ESCAPE", 0x07: "BELL", 0x00: "NULL", 0x08: "BACKSPACE",
                  0x7F: "DELETE", 0x9B: "CONTROL SEQUENCE INTRODUCER",
                  0x9D: "OPERATING SYSTEM COMMAND"}
_BMP_SUSPECT = (_CONTROLS + "\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u180e"
                "\u061c\u3164\uffa0\ufe00-\ufe0f")
_SUSPECT = lazy_pattern(f"[{_BMP_SUSPECT}\U000e0000-\U000e007f\U000e0100-\U000e01ef]")
#: ``_SUSPECT``'s characters of the Basic Multilingual Plane: ``re`` checks a class of them
#: by a table (~2 ns a character); the tag and variation characters beyond it make it test
#: range after range (~6 ns). Their UTF-8 all starts with the byte F3 (U+C0000-U+FFFFF, found by
#: ``memchr``; F3 A0, a two-byte search, is slower).
_SUSPECT_BMP = lazy_pattern(f"[{_BMP_SUSPECT}]")
_ASTRAL_UTF8 = b"\xf3"


def class_chars(body: str) -> str:
    """The characters of a character class's body made of characters and ranges (``a-z``),
    as ``_BMP_SUSPECT`` is written: every one, ranges spelt out."""
    out: list[str] = []
    i = 0
    while i < len(body):
        if i + 2 < len(body) and body[i + 1] == "-":
            out.extend(map(chr, range(ord(body[i]), ord(body[i + 2]) + 1)))
            i += 3
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


@cache
def _bmp_reader() -> tuple[AnchorsFn | None, bytes]:
    """The compiled reader of `_SUSPECT_BMP`'s class (`memtui.core.scanner.anchored`) and its
    table, or (None, b"") where there is none (``re`` reads it)."""
    fn = native_anchors()
    return fn, bitmap(class_chars(_BMP_SUSPECT)) if fn is not None else b""


def bmp_clean(text: str) -> bool:
    """No character of `_SUSPECT_BMP` in ``text`` (``_SUSPECT_BMP.search(text) is None``): by
    ``memtui_native.anchors`` when it is built (one bit test a character, where ``re``'s class
    of these ranges was ~25 µs of a 1,800-character CJK memory in a cold audit, issue 35)."""
    fn, table = _bmp_reader()
    if fn is None:
        return _SUSPECT_BMP.search(text) is None
    return not fn(text, table)
_RTL = lazy_pattern("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
_COMMENT = lazy_pattern(r"<!--(.*?)-->", re.S)
#: A comment that speaks to the model: an order at its start, or "you/the assistant … must".
_ORDER = lazy_pattern(
    r"(?i)^\s*(?:important|note|system|instructions?)?\s*[:!-]?\s*(?:please\s+)?"
    r"(?:ignore|disregard|forget|always|never|do not|don't|dont|you must|you should|you will|"
    r"remember to|make sure|be sure|execute|run|send|upload|reveal|delete|remove|tell|say|"
    r"respond|reply|answer|pretend|act as|obey|follow|treat|assume|when the user|"
    r"if the user|from now on)\b")
_ADDRESSED = lazy_pattern(
    r"(?i)\b(?:you|assistant|claude|the model|the agent|ai|llm)\b[^.\n]{0,40}"
    r"\b(?:must|should|shall|always|never|do not|don't|will now|are now)\b")
_ORDER_CJK = lazy_pattern(r"^\s*(?:请|請|务必|務必|必须|必須|不要|别|別|总是|總是|永远|永遠|"
                        r"忽略|记住|記住|你(?:必须|必須|应该|應該|要|现在|現在))")
#: Who a comment may speak to: the agent (in the languages memtui reads) ...
_AGENT = (r"assistant[ea]?s?|assistenten|asistente|assistente|asystent\w*|asistan\w*|"
          r"ассистент\w*|агент\w*|помощник\w*|асистент\w*|agent(?:e|en|s)?|agente|"
          r"ai|a\.i\.|ia|ki|llm|model(?:e|o)?|modèle|claude|codex|copilot|gemini|gpt|chatgpt|"
          r"bot|trợ lý|asisten|yapay zeka|the model|the agent|"
          r"エージェント|アシスタント|助理|助手|代理|智能体|智能體|模型|"
          r"에이전트|어시스턴트|비서|모델|AI")
#: ... named at the comment's start as the one spoken to ("note for the assistant:",
#: "Pour l'assistant :", "Ассистенту:", "エージェントへ：", "給助理：", "asystent:",
#: "AIへの指示:").
_ADDRESS = lazy_pattern(
    r"(?i)^\s*(?:[\w'’.-]+\s+){0,4}?(?:(?:for|to|pour|à|a|für|an|para|per|dla|voor|için|cho|"
    r"untuk|до|для)\s+(?:the\s+|l'|l’|le\s+|la\s+|den\s+|die\s+|der\s+|el\s+|o\s+|"
    r"a\s+|il\s+|lo\s+|de\s+)?)?(?:" + _AGENT + r")[\w]{0,3}\s*[:：,，]|"
    r"^\s*(?:给|給|致|对|對)?(?:" + _AGENT + r")(?:へ|に|에게|께|한테)?\s*[:：,，]|"
    # ... or a label addressed to it ("AIへの指示:", "给AI的说明：", "AI에게 주는 지시:"):
    # the one spoken to, its particle, a short noun, the colon
    r"^\s*(?:" + _AGENT + r")(?:へ|に)の\w{1,6}\s*[:：,，]|"
    r"^\s*(?:给|給|致)(?:" + _AGENT + r")的\w{1,6}\s*[:：,，]|"
    r"^\s*(?:" + _AGENT + r")(?:에게|께|한테)\s?\w{1,6}\s?\w{0,6}\s*[:：,，]")
#: ... or the one spoken to is "you", or the order concerns what to do with "the user".
_YOU_OR_USER = lazy_pattern(
    r"(?i)(?<!\w)(?:you|your|tu|vous|votre|dich|dir|dein\w*|tú|usted|você|"
    r"ты|вы|тебе|вам|ciebie|tobie|jij|siz|bạn|kamu|"
    r"user|users|utilisat(?:eur|rice)s?|nutzer\w*|benutzer\w*|usuari[oa]s?|usuári[oa]s?|"
    r"utente|utenti|пользовател\w*|користувач\w*|użytkownik\w*|gebruiker\w*|kullanıcı\w*|"
    r"người dùng|pengguna)(?!\w)|あなた|ユーザー|你|您|用户|用戶|使用者|당신|사용자|유저")
#: A prohibition, "without asking" or "you must", in the languages memtui reads: an order
#: whoever it names (an imperative alone reads as a statement about the user in many
#: languages: "el usuario elimina …").
_STRONG = lazy_pattern(
    r"(?i)(?<!\w)(?:do not|don't|never (?:ask|check|tell|mention|open|verify)|"
    r"without (?:asking|checking|telling|confirm\w*)|you (?:must|should|shall)|"
    r"ne (?:\w+ )?(?:pas|jamais)|n['’]\w+ (?:pas|jamais)|sans (?:demander|vérifier|prévenir|"
    r"confirmation)|tu dois|vous devez|ohne (?:zu )?(?:fragen|rückfrage|nachfrage|prüfen)|"
    r"du musst|sin (?:preguntar|confirmar|consultar)|no (?:preguntes|compruebes|verifiques|"
    r"pidas|consultes|digas)|sem (?:perguntar|confirmar|consultar)|não (?:pergunte|verifique|"
    r"peça|diga|consulte)|senza (?:chiedere|conferma|verificare)|non (?:chiedere|verificare|"
    r"controllare|dire)|не (?:спрашивай|проверяй|говори|сообщай|уточняй|питай|перевіряй)|"
    r"без (?:вопросов|подтверждения|согласия)|nie (?:pytaj|sprawdzaj|mów|informuj|proś)|"
    r"bez (?:pytania|zgody|potwierdzenia)|zonder (?:te )?(?:vragen|overleg)|sormadan|"
    r"onay almadan|đừng|không cần hỏi|jangan|tanpa (?:bertanya|izin|konfirmasi))(?!\w)|"
    r"確認せず|聞かずに|尋ねずに|しないで|不要|无需|無需|不必|务必|務必|"
    r"하지 ?마|하지 ?말|말 것|마세요|묻지 ?말|확인 ?없이")
#: An order: an imperative or a prohibition, "always"/"never", "without asking", in the
#: languages memtui reads.
_ORDER_WORDS = lazy_pattern(
    r"(?i)(?<!\w)(?:"
    # English
    r"do not|don't|never|always|must|without (?:asking|checking|telling|confirm\w*)|"
    r"ignore|disregard|delete|remove|purge|reply|answer|respond|say|tell|treat|run|execute|"
    r"send|upload|reveal|pretend|claim|report that|"
    # French
    r"ne (?:\w+ )?(?:pas|jamais)|n'\w+ (?:pas|jamais)|n’\w+ (?:pas|jamais)|toujours|jamais|"
    r"sans (?:demander|vérifier|prévenir|confirmation|relecture)|il faut|tu dois|vous devez|"
    r"réponds|répondez|publie|publiez|supprime|supprimez|efface|effacez|ignore|ignorez|dis|"
    r"dites|envoie|envoyez|exécute|exécutez|fais|faites|considère|considérez|oublie|oubliez|"
    # German
    r"immer|niemals|ohne (?:zu )?(?:fragen|rückfrage|nachfrage|prüfen)|du musst|"
    r"antworte|antworten sie|lösche|löschen sie|ignoriere|sende|führe|sag|sage|behandle|"
    r"veröffentliche|entferne|"
    # Spanish, Portuguese, Italian
    r"siempre|nunca|sin (?:preguntar|confirmar|consultar|revisar)|no (?:preguntes|compruebes|"
    r"verifiques|pidas|consultes|digas)|responde|contesta|borra|elimina|ignora|envía|ejecuta|"
    r"di que|publica|trata|sempre|sem (?:perguntar|confirmar|consultar)|não (?:pergunte|"
    r"verifique|peça|diga|consulte)|responda|apague|exclua|ignore|envie|execute|diga|"
    r"senza (?:chiedere|conferma|verificare|controllare)|non (?:chiedere|verificare|"
    r"controllare|dire)|rispondi|cancella|elimina|invia|esegui|pubblica|"
    # Russian, Ukrainian, Polish
    r"всегда|никогда|не (?:спрашивай|проверяй|говори|сообщай|открывай|уточняй)|"
    r"без (?:вопросов|подтверждения|согласия|проверки)|отвечай|ответь|удали|удаляй|"
    r"игнорируй|отправь|выполни|скажи|говори|считай|завжди|ніколи|не (?:питай|перевіряй)|"
    r"відповідай|видали|ігноруй|zawsze|nigdy|nie (?:pytaj|sprawdzaj|mów|informuj|proś)|"
    r"bez (?:pytania|zgody|potwierdzenia|sprawdzania)|odpowiadaj|odpowiedz|usuń|usuwaj|"
    r"ignoruj|wyślij|wykonaj|powiedz|traktuj|"
    # Dutch, Turkish, Vietnamese, Indonesian
    r"altijd|nooit|zonder (?:te )?(?:vragen|overleg|controleren)|antwoord|verwijder|negeer|"
    r"stuur|zeg|her zaman|asla|sormadan|onay almadan|yanıtla|cevap ver|sil|yoksay|gönder|"
    r"söyle|luôn|không bao giờ|đừng|hãy|trả lời|xóa|bỏ qua|selalu|jangan|tanpa (?:bertanya|"
    r"izin|konfirmasi)|jawab|hapus|abaikan|kirim)(?!\w)|"
    # Japanese, Chinese, Korean
    r"確認せず|聞かずに|尋ねずに|しないで|してください|すること|しろ|せよ|てよい|てもよい|常に|"
    r"必ず|決して|無視|削除して|答えて|回答して|伝えて|ないこと|"
    r"一律|总是|總是|永远|永遠|不要|无需|無需|不必|不用|务必|務必|必须|必須|忽略|请|請|"
    r"하지 ?마|하지 ?말|말 것|마세요|말고|항상|반드시|무조건|없이|해라|하라|하세요|할 것|"
    r"해 ?줘|답하|대답하|삭제하|무시하")


def _is_emoji(ch: str) -> bool:
    cp = ord(ch)
    return 0x1F000 <= cp <= 0x1FAFF or 0x2600 <= cp <= 0x27BF or cp in (0x2764, 0x2640, 0x2642)


def _joins(ch: str) -> bool:
    """A letter (or mark) of a script whose writing uses the joiners."""
    if not ch:
        return False
    cp = ord(ch)
    return 0x0600 <= cp <= 0x08FF or 0x0900 <= cp <= 0x0DFF or 0xFB50 <= cp <= 0xFEFC or \
        0x1780 <= cp <= 0x17FF or 0x0E00 <= cp <= 0x0EFF or 0xA8E0 <= cp <= 0xA8FF


def _hidden_in_line(line: str) -> list[str]:
    """The names of the invisible characters in ``line`` that writing does not need (one
    generator for both uses: a list of (index, name) pairs for a line of a million NULs
    held ~100 MiB where the names alone hold 8)."""
    return [name for _, name in _hidden_at(line)]


def visible_text(line: str) -> str:
    """``line`` without the invisible characters ``hidden_text`` reports in it: what a
    drafted index line may copy from a memory (newuser24 #10: a RIGHT-TO-LEFT OVERRIDE in a
    description went into MEMORY.md, and the repair added a finding)."""
    while _SUSPECT.search(line) is not None:  # a drop can leave a joiner among new
        drop = {i for i, _ in _hidden_at(line)}  # neighbours: again until none is left
        if not drop:
            break
        line = "".join(ch for i, ch in enumerate(line) if i not in drop)
    return line


def _hidden_at(line: str) -> Iterator[tuple[int, str]]:
    """(index, name) of each invisible character in ``line`` that writing does not need."""
    n = len(line)
    for m in _SUSPECT.finditer(line):
        i, ch = m.start(), m.group()
        cp = ord(ch)
        before = line[i - 1] if i else ""
        after = line[i + 1] if i + 1 < n else ""
        if cp in _ALWAYS:
            yield (i, _ALWAYS[cp])
        elif cp < 0x20 or 0x7F <= cp <= 0x9F:
            yield (i, _CONTROL_NAMES.get(cp, f"CONTROL CHARACTER U+{cp:04X}"))
        elif cp in _JOINERS:
            if _joins(before) or _joins(after) or \
                    (cp == 0x200D and before != "" and (
                        _is_emoji(before) or unicodedata.category(before) in ("So", "Mn")
                        or before == "\ufe0f")):
                continue
            yield (i, _JOINERS[cp])
        elif cp in _MARKS:
            if not _RTL.search(line):
                yield (i, _MARKS[cp])
        elif 0xE0000 <= cp <= 0xE007F:
            # a subdivision flag: 🏴 then tag letters then CANCEL TAG
            start = i
            while start > 0 and 0xE0000 <= ord(line[start - 1]) <= 0xE007F:
                start -= 1
            if start > 0 and line[start - 1] == "\U0001f3f4":
                continue
            yield (i, "TAG CHARACTER")
        else:  # a variation selector: one after a visible character is a variant
            if before and not _SUSPECT.match(before):
                continue
            yield (i, "VARIATION SELECTOR")


def hidden_findings(text: str, first_line: int = 1, raw: bytes = b"") -> list[tuple[int, str]]:
    """(line, message) for each line of ``text`` holding invisible characters, at most
    ``MAX_LINES`` and one more saying how many lines more hold them. ``raw``: ``text``'s
    UTF-8 bytes when at hand (`memtui.core.scanner.textfile.TextRead.raw`), for a cheaper
    first look."""
    if raw:
        if _ASTRAL_UTF8 not in raw and bmp_clean(text):
            return []
    elif _SUSPECT.search(text) is None:
        return []
    out: list[tuple[int, str]] = []
    more = 0
    for no, line in enumerate(text.split("\n"), start=first_line):
        if _SUSPECT.search(line) is None:
            continue
        names = _hidden_in_line(line)
        if not names:
            continue
        if len(out) >= MAX_LINES:
            more += 1
            continue
        kinds = sorted(set(names), key=names.index)
        what = ", ".join(kinds[:3]) + (" …" if len(kinds) > 3 else "")
        count = f"{len(names)} invisible characters" if len(names) > 1 else \
            "an invisible character"
        out.append((no, f"{count} ({what}): the model reads what the reader does not see"))
    if more:
        out.append((out[-1][0], f"{more} more lines hold invisible characters"))
    return out


def _reads_as_order(comment: str) -> bool:
    body = comment.strip()[:COMMENT_CHARS]
    if not body or body.lower().startswith("memtui:"):
        return False
    if scan_instructions(body):
        return True
    if (_ADDRESS.search(body) and _ORDER_WORDS.search(body)) or \
            (_YOU_OR_USER.search(body) and _STRONG.search(body)):
        return True
    return any(p.search(part) for part in re.split(r"(?<=[.!?。！？\n])\s*", body)
               for p in (_ORDER, _ADDRESSED, _ORDER_CJK))


def comment_findings(text: str, name: str = "the index") -> list[tuple[int, str]]:
    """(line, message) for each HTML comment in the index (or the file ``name`` the agent
    loads as it loads the index: newuser38 #9) that reads as an order."""
    if "<!--" not in text:
        return []
    out: list[tuple[int, str]] = []
    for n, m in enumerate(_COMMENT.finditer(text)):
        if n >= MAX_COMMENTS:
            break
        if _reads_as_order(m.group(1)):
            line = text.count("\n", 0, m.start()) + 1
            excerpt = " ".join(m.group(1).split())[:80]
            out.append((line, f"an HTML comment, unseen when {name} is rendered but read "
                              f"by the model, reads as an order: \u201c{excerpt}\u201d"))
    return out
