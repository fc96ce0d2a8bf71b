"""Reading the value at a place: where it starts and ends (quoted, bare, an app password
in groups, the password half of a pair), and whether it has a secret's shape under the
label beside it (``memtui.core.creds.values``). Every form of ``memtui.core.creds.structure``
and ``memtui.core.creds.prose`` reads its value here.

The module is past 500 lines: where a value ends (in quotes, bare, in another script, in
groups) and what stops it being the label's (a name after the label, a verdict, a masked
run in its clause) are one reading, shared by every form.
"""

from __future__ import annotations

from memtui.core.creds import lexicon, values
from memtui.core.creds.phones import in_a_phone_number
from memtui.core.record import FrozenRecord, init_field
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Each opening quote and the quotes that may close it, in every typographic style: English
#: “…”, German „…“ and »…«, Polish „…”, French « … », Swiss ‹…›, Swedish and Finnish ”…” and
#: »…», CJK 「…」『…』《…》〈…〉; a „ typed with a keyboard's straight " to close it.
QUOTES = {'"': '"', "'": "'", "`": "`", "“": "”", "‘": "’", "「": "」", "『": "』", "«": "»",
          "„": "“”\"", "‹": "›", "»": "«»", "›": "‹›", "‚": "‘’", "《": "》", "〈": "〉",
          "【": "】", "〔": "〕", "＂": "＂", "”": "”"}
_SPACED = "«»„‹›‚"
#: A bare value: printable ASCII and Latin letters with their accents (``Wühlmaus!Regen2026``)
#: up to whitespace, a quote or a bracket (passwords are typed on a keyboard; letters of
#: other scripts end it). An ``&`` is part of it (``85z7NGcSx&8A``)
#: unless a query's next parameter starts there (``password=x&ssl=true``).
BARE_VALUE = (r"[!#-%*+\-./0-9:=?@A-Z\\^_a-z|~\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\d]"
              r"(?:[!#-%*+\--:<-_a-~\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\d]|"
              r"&(?![A-Za-z_][\w.\-]{0,40}=))*")
BARE = lazy_pattern(BARE_VALUE)
_TRAIL = ".,;:)]}>!?*"
#: Emphasis around a bare value alone: ``_…_``, ``*…*``, ``~~…~~`` (the marks the same on
#: both sides, none inside).
_EMPHASIS = lazy_pattern(r"(?P<m>~~|_|\*)(?P<v>[^_*~\s]+)(?P=m)$")
#: ``user / password``, ``user:password``, ``user/password``, and with the full-width slash
#: of CJK text (``Minsheng-Roof／85z7…``).
PAIR = lazy_pattern(r"(?P<user>[^\s/:：,，／]{1,64})(?:\s+/\s+|\s*:\s*|/|\s*／\s*)(?P<pw>"
                     + BARE_VALUE + ")")
ACCOUNT = lazy_pattern(r"(?i)^(?:admin|administrator|root|user|guest|ubuntu|pi|sa|postgres|"
                        r"[\w.+-]+@[\w.-]+\.\w+)$")

_GROUPS = lazy_pattern(
    r"[ \t]*(?:~~|\*\*|__)?[`\"'„“«]?"
    r"((?:[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){3,7}|\d{3,5}(?: \d{3,5}){1,3}|"
    r"[^\W\d_]{3,}(?:-[^\W\d_]{3,}){3,7})(?![\w-]))")


class Labelled(FrozenRecord):
    """A value found beside a label: 0-based line, span in that line, and why it counts."""

    __slots__ = ("end", "line", "start", "value", "why")

    line: int
    start: int
    end: int
    value: str
    why: str

    def __init__(self, line: int, start: int, end: int, value: str, why: str) -> None:
        init_field(self, "line", line)
        init_field(self, "start", start)
        init_field(self, "end", end)
        init_field(self, "value", value)
        init_field(self, "why", why)


def unquote(text: str, pos: int) -> tuple[int, int, bool] | None:
    """The value at ``pos``: (start, end, quoted)."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    if pos >= len(text):
        return None
    opened = ""
    while text.startswith(("**", "__", "~~"), pos):
        opened = text[pos:pos + 2]
        pos += 2
    if opened in ("**", "__") and " " in text[pos:pos + 200]:
        close = text.find(opened, pos)
        inner = text[pos:close] if close > pos else ""
        if " " in inner and inner == inner.strip() and not any(c in inner for c in "*_`\"“”«»"):
            return pos, close, True  # ``**correct violet staple harbour**``: emphasis
            # around words sets them apart as quotes do
    if text[pos:pos + 1] == "{" and text[:pos].rstrip().endswith("=") and ";" in text:
        return _braced(text, pos)
    close = QUOTES.get(text[pos:pos + 1])
    if close:
        inner = pos + 1
        if text[inner:inner + 1] in QUOTES and text[inner] != text[pos]:
            got = unquote(text, inner)
            return got
        end = min((e for e in (text.find(c, inner) for c in close) if e >= 0), default=-1)
        if end <= inner or end - inner > 200:
            return None
        value = text[inner:end]
        if text[pos] in _SPACED and value.strip():  # « 5366 »: French quotes keep spaces
            lead = len(value) - len(value.lstrip())
            return inner + lead, inner + lead + len(value.strip()), True
        return (inner, end, True) if value == value.strip() else None
    m = BARE.match(text, pos)
    if not m:
        return _in_its_script(text, pos)
    start, end = m.start(), m.end()
    if opened in ("~~", "__") and end - start > 2 and text.startswith(opened, end - 2):
        end -= 2  # ``~~Hund2023!~~``: the marks closed after the value (set28)
    close = end
    while close > start + 2 and text[close - 1] in ".,;:)]}>":
        close -= 1  # (the sentence's marks after the emphasis)
    mark = _EMPHASIS.match(text, start, close)
    if mark:  # ``_6174_``, ``*Xk9…*``: the value alone in emphasis, the marks no part of it
        return mark.start("v"), mark.end("v"), False
    while end > start + 1 and text[end - 1] in _TRAIL and not _keeps_trail(text[start:end]):
        end -= 1
    return start, end, False


#: A word of any script up to a blank, a quote or a bracket.
_WORD_RUN = lazy_pattern(r"[^\s\"'`()\[\]{}<>«»“”„「」]+")


def _in_its_script(text: str, pos: int) -> tuple[int, int, bool] | None:
    """A value typed in another script at ``pos`` (``Θάλασσα77``), which `BARE` does not
    read: one word with digits (`memtui.core.creds.values.typed_in_its_script`)."""
    m = _WORD_RUN.match(text, pos)
    if not m:
        return None
    end = m.end()
    while end > pos + 1 and text[end - 1] in _TRAIL:
        end -= 1
    return (pos, end, False) if values.typed_in_its_script(text[pos:end]) else None


def _braced(text: str, pos: int) -> tuple[int, int, bool] | None:
    """A connection string's value in braces (ODBC, ADO.NET: ``Pwd={a;b}}c};``): it runs to
    the ``}`` that ends the field (before a ``;``, a closing quote or the end), a doubled
    ``}}`` being a brace of the value; ``{ODBC Driver 18}`` names a driver, no value."""
    k = pos + 1
    while k < len(text) and k - pos <= 200:
        if text.startswith("}}", k):
            k += 2
            continue
        if text[k] == "}":
            if k > pos + 1 and (k + 1 == len(text) or text[k + 1] in ";`'\" \t"):
                return pos + 1, k, True
            return None
        k += 1
    return None


def _keeps_trail(value: str) -> bool:
    """``Etch2024!`` keeps its ``!``; ``Root#5521)`` and ``token.`` lose the trailer."""
    return value[-1] in "!?" and len(value) >= 7 and value[-2].isalnum() and \
        any(c.isdigit() for c in value)


def _grouped(text: str, pos: int) -> tuple[int, int] | None:
    """A value written in groups at ``pos``: an app password (``AbCd eF12 GhIj 3kLm``), a
    code of digit groups (``0122 5808``), a passphrase of words joined by hyphens in any
    script (``kanelbulle-älg-snöstorm-skärgård``)."""
    m = _GROUPS.match(text, pos)
    return (m.start(1), m.end(1)) if m else None


#: What may join one value to the next like it: separators, then a conjunction and a few
#: words ("5613# och lgh-dörren har 5702", "73921, quello del cancello 11840").
_JOIN = lazy_pattern(r"[#*]?[ \t]*(?:[,;、，/|＋+][ \t]*)?")
_CONJ = lazy_pattern(r"(?i)(?:and|och|og|und|et|y|e|i|и|та|ve|và|dan|en|oraz|a|و|और|和|与|及|と|및|"
                   r"และ|ou|or|oder|или|або|veya|hoặc|atau|o|of|eller|lub|nebo)\b[ \t]*")
#: The words that say "is" before a second value of a sentence ("the guest one is …").
_SAYS_IS = frozenset({"is", "was", "es", "ist", "est", "är", "er", "è", "é", "je", "jest",
                      "adalah", "là"})
_FILLER = lazy_pattern(r"[^\W\d_][\w'’\-]*[ \t]+")
_YEAR = lazy_pattern(r"^(?:19|20)\d\d$")
_SPLIT_CHARS = lazy_pattern(r"[A-Za-z0-9]")
MAX_ALIKE = 20


def _signature(value: str) -> str:
    """A value's shape: digits by count, letters and digits as ``x``, separators kept."""
    return f"d{len(value)}" if value.isdigit() else _SPLIT_CHARS.sub("x", value)


def alike_after(text: str, first: Labelled, word: lexicon.Word, *, offset: int = 0
                ) -> list[Labelled]:
    """More values of the first one's shape after it: a list of codes on one line
    (``rrzh-pknu 0u1b-pdj0 w8rc-jmjr``), a second code in the same sentence ("5613# och
    lgh-dörren har 5702"), the secret of a key pair after a slash (``LTAI… / pwaR…``)."""
    out: list[Labelled] = []
    pos = first.end - offset
    sig = _signature(first.value)
    code = first.value.replace(" ", "").isdigit() or "-" in first.value
    while len(out) < MAX_ALIKE and pos < len(text):
        j = _JOIN.match(text, pos)
        joined = j.end() > pos
        slash = "/" in j.group(0) or "／" in j.group(0)
        k = j.end()
        c = _CONJ.match(text, k) if joined else None
        if code and (c or "," in j.group(0) or "，" in j.group(0)):
            k = c.end() if c else k
            for _ in range(4):  # "och lgh-dörren har": a few words naming the next thing
                f = _FILLER.match(text, k)
                if not f or _signature(f.group(0).rstrip()) == sig:
                    break  # (``pebal-tnghc, myglj-nteyg e …``: the next code, no filler)
                k = f.end()
        said = False  # "… and the guest one is Kz7!…": another value said to be one
        if not code and c and first.value.isascii() and values.char_kinds(first.value) >= 3:
            k2 = c.end()
            for _ in range(4):
                f = _FILLER.match(text, k2)
                if not f:
                    break
                k2 = f.end()
                if f.group(0).strip().lower() in _SAYS_IS:
                    k, said = k2, True
                    break
        if k == pos:
            break
        grouped = _grouped(text, k) if " " in first.value else None
        got = (*grouped, False) if grouped else unquote(text, k)  # ``3403 4899, 1596 4074``
        if got is None:
            break
        start, end, _quoted = got
        value = text[start:end]
        if value[-1:] in "#*" and value[:-1].isdigit():
            value, end = value[:-1], end - 1
        if value.isdigit() and first.value.isdigit():
            same = abs(len(value) - len(first.value)) <= 1 and not _YEAR.match(value)
        else:
            same = _signature(value) == sig and len(value) >= 7
        if value.isalpha() and value.islower() and not first.value.islower():
            break  # ``OpenLDAP rotation fix``: a word of the sentence, not a value like it
        if not same and said and abs(len(value) - len(first.value)) <= 4:
            shape = values.secret_shape(value, strong=True)
            same = bool(shape) and values.char_kinds(value) >= 3  # newuser32 #39
        if not same and slash and len(value) >= 16:
            same = bool(values.secret_shape(value, strong=True)) and \
                "random" in (values.secret_shape(value, strong=True) or "")
        if not same:
            break
        out.append(Labelled(first.line, offset + start, offset + end, value,
                            _why(word, f"{len(value)}-character value like the one before")))
        pos = end
    return out


def phrase_at(text: str, pos: int, word: lexicon.Word, *, line: int, offset: int = 0,
              whole: bool = False) -> Labelled | None:
    """An unquoted passphrase after a passphrase word: the rest of the line, four words or
    more of letters in any script, none capitalised (``river meadow velvet cinder``). Under
    a password or secret word, only as the whole of a label line's value or of a table cell
    (``whole``: ``| Geheim |`` over ``tundra marble timber cobalt``), and only of long words
    that are no label word: a sentence has short words (``bij``, ``im``, ``the``) or capitals
    (``herstelsleutel bij IT``)."""
    phrase_word = word.text.lower() in lexicon.phrases()
    if not phrase_word and not (whole and word.kind in ("password", "secret")):
        return None
    quoted = _quoted_phrase(text, pos, word, line=line, offset=offset) if phrase_word else None
    if quoted:
        return quoted
    m = _PHRASE.match(text, pos)
    if not m or not m.group(1).islower():
        return _numbered_phrase(text, pos, word, line=line, offset=offset) if phrase_word \
            else None
    value = m.group(1)
    if phrase_word and any(w in lexicon.sentence_words() for w in value.split()):
        return None  # ``passphrase for the release signing key``: a sentence about it
    if not phrase_word:
        words = value.split()
        if len(set(words)) < len(words) or sum(map(len, words)) < 5 * len(words) or \
                lexicon.words(value) or lexicon.negated(value) or \
                any(w in lexicon.sentence_words() for w in words):
            return None
    return Labelled(line, offset + m.start(1), offset + m.end(1), value,
                    _why(word, f"{len(value.split())}-word passphrase"))


_ENDS_LINE = lazy_pattern(r"[ \t.。!！]*$")
_PHRASE = lazy_pattern(r"[ \t]*([^\W\d_]{3,}(?:[ \t]+[^\W\d_]{3,}){3,23})[ \t]*[.。]?[ \t]*$")
#: A passphrase's words after a passphrase word: letters of any script, and numbers of at
#: most four digits among them (``hotaru kappa 71 renkon yuubin``), one space or tab apart.
_PHRASE_TOKEN = r"(?:[^\W\d_]{2,24}|\d{1,4})"
_PHRASE_TOKENS = lazy_pattern(_PHRASE_TOKEN + r"(?:[ \t]" + _PHRASE_TOKEN + r"){3,23}")
_PHRASE_REST = lazy_pattern(r"[ \t]*(" + _PHRASE_TOKEN + r"(?:[ \t]+" + _PHRASE_TOKEN +
                          r"){3,23})[ \t]*[.。]?[ \t]*$")


def _phrase_words(value: str) -> bool:
    """``value``'s words are a passphrase's: four or more, three of them words of three
    letters or more (four letters each on average), the rest numbers; no sentence word, label
    word or negator among them (``see the team vault``, ``stored in the safe``)."""
    tokens = value.split()
    letters = [t for t in tokens if t.isalpha()]
    return len(tokens) >= 4 and len(letters) >= 3 and min(map(len, letters)) >= 3 and \
        sum(map(len, letters)) >= 4 * len(letters) and len(set(tokens)) == len(tokens) and \
        not any(t.lower() in lexicon.sentence_words() for t in tokens) and \
        not lexicon.words(value) and not lexicon.negated(value)


def _quoted_phrase(text: str, pos: int, word: lexicon.Word, *, line: int, offset: int
                   ) -> Labelled | None:
    """A quoted passphrase after a passphrase word, in any case and any script, numbers
    among its words (``パスフレーズ：「hotaru kappa 71 renkon yuubin」``, ``Lösenfrasen … är
    ”grävling sju blåbär tältpinne”``)."""
    got = unquote(text, pos)
    if got is None or not got[2]:
        return None
    start, end, _quoted = got
    value = text[start:end]
    if not _PHRASE_TOKENS.fullmatch(value) or not _phrase_words(value):
        return None
    return Labelled(line, offset + start, offset + end, value,
                    _why(word, f"{len(value.split())}-word passphrase"))


def _numbered_phrase(text: str, pos: int, word: lexicon.Word, *, line: int, offset: int
                     ) -> Labelled | None:
    """An unquoted passphrase after a passphrase word: the rest of the line, lowercase
    words and maybe numbers (``seed phrase: river meadow 42 velvet cinder``)."""
    m = _PHRASE_REST.match(text, pos)
    if not m or not m.group(1).islower() or not _phrase_words(m.group(1)):
        return None
    value = m.group(1)
    tokens = value.split()
    if any(_YEAR.match(t) and len(tokens[k - 1]) <= 3 for k, t in enumerate(tokens) if k):
        return None  # ``… mai stata cambiata dal 2019``: a year after a preposition, a date
    return Labelled(line, offset + m.start(1), offset + m.end(1), value,
                    _why(word, f"{len(value.split())}-word passphrase"))


#: A copula or case particle glued straight after a value in a language written without
#: spaces before it (Korean 예요/이에요/입니다/이야/임, Japanese です/でした/だ/である): it says
#: "the value is this", as quotes would.
_GLUED_COPULA = lazy_pattern(r"(?:이에요|예요|이어요|여요|입니다|이다|이야|이고|이며|야|임|요|"
                           r"です|でした|でございます|だ|である|となります)(?![\uac00-\ud7af])")


def _why(word: lexicon.Word, shape: str) -> str:
    return f'{word.kind} label "{word.text}" + {shape}'


def value_at(text: str, pos: int, word: lexicon.Word, *, strong: bool, line: int,
           offset: int = 0, whole: bool = False) -> Labelled | None:
    """The value at ``pos`` under ``word``'s label, if it has a secret's shape (``whole``:
    the value is all the rest of a label line or a table cell, see ``phrase_at``) and is
    not a name made after the label (`named_after`) nor the label a verdict (`a_verdict`)."""
    if a_verdict(text, word):
        return None
    got = _value_at(text, pos, word, strong=strong, line=line, offset=offset, whole=whole)
    if got is not None and named_after(got.value, word.text):
        return None
    if got is not None and word.kind == "key" and _USER_AT_HOST.fullmatch(got.value):
        return None  # ``SSH key … user@host-20260407``: a key's comment names its owner
    if got is not None and word.kind != "password" and got.value.isalnum() and \
            _MASKED_LATER.match(text, got.end - offset):
        return None  # ``Token Przelewy24 w panelu widać tylko jako p24_••••3f9a``: the
        # label's value is the masked run its clause shows; what came first names the thing
    if got is not None and got.value.replace(" ", "").isalpha() and \
            lexicon.in_a_keyword(text, word):
        return None  # ``la palabra clave de la campaña es «verano»``: a keyword, a word
    return got


#: A user at a host (``user@host-20260407``): a key's comment or an account, no key's body.
_USER_AT_HOST = lazy_pattern(r"[a-z][\w.-]{0,31}@[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)*")
#: The rest of a clause holding a masked run (``p24_••••••••3f9a``, ``****4821``).
_MASKED_LATER = lazy_pattern(r"[^.;,!?。\n]*?(?<!\S)\S{0,12}(?:[•●*]{4,}|[•●]{3,})")


#: A status mark right before a word (``✅ PASS: 1948 tests``).
_STATUS_MARK = lazy_pattern(r"[✅✔✓☑❌✗✘❎][\ufe0f]?[ \t]*$")


def a_verdict(text: str, word: lexicon.Word) -> bool:
    """``# ✅ PASS: 1948 tests passing``: an everyday word (pass) right after a status mark
    is a run's verdict, not a label."""
    return word.start > 0 and lexicon.ambiguous(word) and \
        bool(_STATUS_MARK.search(text, max(0, word.start - 4), word.start))


def _value_at(text: str, pos: int, word: lexicon.Word, *, strong: bool, line: int,
              offset: int = 0, whole: bool = False) -> Labelled | None:
    pw = word.kind == "password"
    if strong:
        phrase = phrase_at(text, pos, word, line=line, offset=offset, whole=whole)
        if phrase:
            return phrase
    grouped = _grouped(text, pos)
    if grouped and strong:
        value = text[grouped[0]:grouped[1]]
        shape = values.secret_shape(value, strong=True, password_word=pw)
        if shape:
            return Labelled(line, offset + grouped[0], offset + grouped[1], value,
                            _why(word, shape))
    got = unquote(text, pos)
    if got is None:
        return None
    start, end, quoted = got
    value = text[start:end]
    if not quoted and _GLUED_COPULA.match(text, end):
        quoted = True  # ``OT_4ZXT예요``, ``…です``: a copula glued on ends the value as a quote
    if value[-1:] in "#*" and value[:-1].lstrip("#*").isdigit():  # a door code keyed with
        end -= 1  # its ``#`` (``4832#``, ``*1234#``)
        value = value[:-1]
    if value[:1] in "#*" and value[1:].isdigit() and len(value) >= 5:
        start += 1
        value = value[1:]
    if strong and pw and value.isdigit() and 13 <= len(value) <= 63 and \
            len(set(value)) > 2 and (whole or _ENDS_LINE.match(text, end)):
        # ``WLAN-Schlüssel (FRITZ!Box Büro): 58923967351341364747``, ``… lautet 5892…``
        # ending the line: a wifi key of digits (WPA takes 8 to 63), longer than any PIN
        return Labelled(line, offset + start, offset + end, value,
                        _why(word, f"{len(value)}-digit key"))
    if quoted and " " in value:
        shape = values.secret_shape(value, strong=strong, password_word=pw, quoted=True)
    else:
        # ``admin:riXw…`` in quotes too: the whole quoted value is the pair, joined by a
        # colon (a slash is inside base64)
        pair = PAIR.fullmatch(value) if quoted else PAIR.match(value)
        if pair and quoted and value[pair.end("user")] != ":":
            pair = None
        if pair and (word.kind == "credential" or ACCOUNT.match(pair.group("user"))):
            start, value = start + pair.start("pw"), pair.group("pw")
            end = start + len(value)
        read = value
        if quoted and text[start - 1:start] == "{":
            read = value.replace("(", "%")  # braced in a connection string: no call's bracket
        if text[end:end + 1] == "(":
            through = None if quoted or _A_METHOD_CALL.match(text, start) or \
                _A_CALL_GOES_ON.match(text, end) else _through_bracket(text, start, end)
            if through is None:
                return None  # ``computeSecret(key)``: a call
            end = through  # ``password=Lp0(oKm9Ij8u``: a bracket opened and never closed
            value = text[start:end]  # is one of the password's characters, a symbol like
            read = value.replace("(", "%")  # any other (``Lp0(`` opens no call)
        shape = values.secret_shape(read, strong=strong, password_word=pw, quoted=quoted)
    if not shape or (not (strong and pw) and values.plain_name(value) and
                     _WORDS_FOLLOW.match(text, end)):
        # ``token alert+content-available for widgets``, ``API Secret — base64-encoded secret
        # used for …``: words joined, then more words: the label word opened prose, no value
        # (``VERIFY_TOKEN=fab-bot-verify-9981`` ending its line is one)
        return None
    if quoted and _KEY_AFTER.match(text, end) and \
            text[max(0, start - 40):max(0, start - 1)].rstrip().endswith(("{", ",")):
        return None  # ``{"error":"kod","detail":"…"}``: a quoted key of an object, no value
    if _CAMEL_NAME.fullmatch(value) and lexicon.ambiguous(word):
        return None  # ``two passes — `BackSide```: an everyday word, then a name in code
    if _CAMEL_NAME.fullmatch(value) and _names_a_holder(lexicon.split_identifier(value)):
        return None  # ``KOD … `RedemptionCode` modeli``: a type named after what it holds
    if value.isdigit() and (in_an_address(text, word, value) or
                            in_a_phone_number(text, start, end)):
        return None  # (``PIN: 0176 12345678``: one group of a phone number)
    return Labelled(line, offset + start, offset + end, value, _why(word, shape))


#: ``fs.readFile(``, ``jwt.sign(``: a dotted name opening a bracket is a method called
#: (newuser32 #2), its value what the call returns, no literal.
_A_METHOD_CALL = lazy_pattern(r"[A-Za-z_$][\w$]+(?:\.[A-Za-z_$][\w$]+)+\((?=[A-Za-z_$'\"`)])")
#: ``sign(payload, KEY)``: a bracket opened on names set apart by a comma and a blank and
#: closed on the line: a call's arguments.
_A_CALL_GOES_ON = lazy_pattern(r"\([A-Za-z_$][\w$.]*,[ \t]+[^()\n]*\)")


#: What ends a clause before a label: a sentence's end or a label's own colon.
_CLAUSE_END = lazy_pattern(r"[:：;।。!?！？]|\.(?=\s+\D)")
_ADDRESS_PARTS = lazy_pattern(r"[,،，、]")


def in_an_address(text: str, word: lexicon.Word, value: str) -> bool:
    """A number of five or six digits whose label closes a list of two or more parts set
    apart by commas in its clause (``Lot 9, Jalan Ampang, Kuala Lumpur, <label> 50450``): the
    last part of an address, a postal code, not a PIN."""
    if not 5 <= len(value) <= 6 or text[word.start:word.end] != word.text:
        return False
    before = text[:word.start].rstrip(" \t—–-")
    ends = list(_CLAUSE_END.finditer(before))
    clause = before[ends[-1].end():] if ends else before
    return len(_ADDRESS_PARTS.findall(clause)) >= 2


#: A bracket glued to a bare value and what runs on after it, up to a blank, a quote or a
#: query's next parameter.
#: A markdown link's target opened before a value, the value inside its URL.
_IN_A_LINK = lazy_pattern(r"\]\([a-z][\w+.-]*://[^\s()]*$")
_BRACKET_RUN = lazy_pattern(r"\((?:[^\s&\"'`<>]|&(?![A-Za-z_][\w.\-]{0,40}=))*")


def _through_bracket(text: str, start: int, end: int) -> int | None:
    """Where a bare value at ``text[start:end]`` glued to ``(`` ends when that bracket is one
    of its characters (newuser29 #40: ``…&password=Lp0(oKm9Ij8u) — dashboard`` was cut at
    the bracket, and its redaction left ``Lp0(`` in the file): the run after it, less the
    closing bracket of a markdown link whose URL holds the value, when the value's own
    bracket stays open; None when the value closes it or a quote or nothing follows it
    (``computeSecret(key)``, ``make_password("x")``: a call)."""
    m = _BRACKET_RUN.match(text, end)
    stop = m.end()
    if stop == end + 1 or (stop < len(text) and text[stop] in "\"'`"):
        return None  # ``make_password("x")``, ``f()``: a call's bracket
    while stop > end + 1 and text[stop - 1] in ".,;:":
        stop -= 1
    if text[stop - 1] == ")" and _IN_A_LINK.search(text, 0, start):
        stop -= 1  # ``[dash](https://…password=Lp0(oK…)``: the link's bracket
    if text.count("(", start, stop) > text.count(")", start, stop):
        return stop
    return None


def _names_a_holder(words: str) -> bool:
    """``Redemption Code``, ``Reset Token``: words naming a code, a token, a key (not a
    password: ``SunnyPass`` is one)."""
    return lexicon.has_code_word(words) or \
        any(w.kind != "password" for w in lexicon.words(words))


#: A closing quote and a colon (after ``{`` or ``,``): the quoted text was an object's key.
_KEY_AFTER = lazy_pattern(r"[\"'`][ \t]*[:：]")
#: Capitalised words run together: a class's or a type's name.
_CAMEL_NAME = lazy_pattern(r"(?:[A-Z][a-z]+){2,6}")
#: Words after a value: the sentence goes on.
_WORDS_FOLLOW = lazy_pattern(r"[`\"'*)\]]*[.,;]?[ \t]{1,3}[^\W\d_]{2,}")
_NAME_PARTS = lazy_pattern(r"[A-Z][a-z]+|[A-Z]+(?![a-z])|[a-z]+")


def named_after(value: str, label: str) -> bool:
    """Whether ``value`` is a name in code made of words, one of them the label's
    (``RespawnTimerToken`` after "token", ``TowerPass = "TowerPass"`` after "Pass"): a
    thing named after what it handles, not its value (newuser25 #25)."""
    if not value.replace("_", "").isascii() or not value.replace("_", "").isalpha():
        return False
    parts = [p.lower() for p in _NAME_PARTS.findall(value)]
    return len(parts) >= 2 and label.lower() in parts
