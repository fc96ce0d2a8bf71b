"""Credentials in prose: a label word, at most ``MAX_GAP`` words of any script, then the
value ("the staging password is …", "服务器root密码是…", "Das Kennwort für die Fritzbox
lautet …"). The place is strong (the label stands beside the value) after a separator, a
quote, or a short copula; weak otherwise, and a weak place asks more of the value's shape.
"""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import BARE, QUOTES, Labelled, alike_after, unquote, value_at
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Words (or runs of letters of a script without spaces) prose may hold between label and value.
MAX_GAP = 7
#: Lines under a heading that its list may run to.
_SEP_CHARS = ":：=＝→-—–·՝ \t"
#: Words that say "is" or "is now" right before a value, in the lexicon's languages (a short
#: Latin word is one by its length unless it is in ``_NOT_COPULAS``).
_SCRIPT_COPULAS = frozenset({"は", "が", "是", "为", "為", "คือ", "это", "е", "є", "هو", "है",
                             "היא", "הוא", "là", "now", "became", "becomes", "lautet", "jetzt",
                             "nun", "maintenant", "désormais", "c'est", "c’est", "ahora", "agora",
                             "ora", "adesso", "teraz", "jest", "теперь", "сейчас", "стал",
                             "тепер", "це", "став", "artık", "şimdi", "giờ", "sekarang", "jadi",
                             "adalah", "yaitu", "ialah", "hanya", "هي", "الآن", "अब", "است",
                             "עכשיו", "เป็น", "ตอนนี้", "改成", "换成", "改为", "改為", "變成",
                             "变成", "blev", "blir", "wordt", "werd", "was", "were", "set",
                             "changed", "updated", "es", "era", "é", "è", "est", "ist", "är",
                             "is", "je", "on", "она", "он", "оно", "они", "mới", "baru",
                             "anlık", "olarak", "oldu", "ini", "itu", "ya", "nya", "este"})
#: Korean topic and subject particles, glued straight onto the label (``비밀번호는``,
#: ``PIN이``): the label is what the sentence is about, as with Japanese は and が.
_GLUED_TOPIC = frozenset({"은", "는", "이", "가", "도", "란", "이란"})
#: Prose may reach this many words when the value comes right after a copula ("la clave
#: del router de la ofi la cambió Javi el martes, ahora es …").
MAX_REACH = 16
#: A run glued to a label that only names what it opens (``รหัสประตู|คอนโด``, ``密码|柜``): Thai,
#: or a few CJK letters without a particle; a longer run is a clause (``更新のバグは``).
_NAMES_THE_THING = lazy_pattern(r"[\u0e00-\u0e7f]{1,24}|[\u3400-\u9fff\u30a0-\u30ff]{1,4}")
#: A value, then "as (the)" right before a label word.
_AS_BEFORE = lazy_pattern(
    r"(?:^|[\s(「“\"'`])(?P<v>[!-~]{6,160}?)[`\"'”」]?\s+(?i:as|als|como|comme|come|jako|som|"
    r"как|як|olarak|làm|sebagai|كـ|בתור|به عنوان|के रूप में)(?:\s+(?i:the|a|an|das|den|die|"
    r"dem|le|la|l'|el|o|a|il|het|de|new|neues|nouveau|nuevo|nova|nuovo|nieuw|nya|nowe|"
    r"новый|новий|yeni|mới|baru))?\s+$")
#: A case ending "with" glued on a label (Turkish ``şifresiyle``, ``parolayla``, ``şifre
#: ile``): the value stands right before the label (``… X şifresiyle girdim``).
_WITH_AFTER = lazy_pattern(r"(?:y?l[ae]|\s+ile)(?![^\W\d_])")
_RIGHT_BEFORE = lazy_pattern(r"(?:^|[\s(「“\"'`])(?P<v>[!-~]{6,64}?)[`\"'”」]?\s+$")
#: How far before a label word ``_value_before`` looks (a value of 160 — a token as long
#: as a REST token —, quotes, "as the").
_BEFORE_REACH = 200
_PIN = lazy_pattern(r"\d{4,8}")
#: A code ending its sentence or its clause (``PIN dispositivo 40218, me l'ha dettato``).
_LAST_NUMBER = lazy_pattern(r"\d{4,8}[#*]?(?:\s*(?:[.。!！]\s*)?$|[ \t]?[,;，；](?:\s|$)|"
                            r"[ \t]+[—–][ \t])")
#: The end of a clause right after a value, maybe after one short particle (``ya,``, ``.``).
_CLAUSE_END = lazy_pattern(r"(?:\s+[^\W\d_]{1,3})?\s*(?:[,.;!?，。！？；)）]|$)")
#: Letters and digits with a small letter (``AX3000`` is a model, not a value).
_LETTERS_DIGITS = lazy_pattern(r"(?=[a-zA-Z]*\d)(?=[A-Z\d]*[a-z])[A-Za-z\d]{6,40}")
_YEAR = lazy_pattern(r"(?:19|20)\d\d")
#: Words before a number that make it a count or an identifier, not a code.
_NUMBERED = lazy_pattern(r"(?i)\b(?:tickets?|issues?|pr|orders?|cases?|ports?|rooms?|steps?|"
                         r"lines?|pages?|builds?|jobs?|incidents?|invoices?|ids?|no|nr|n°|"
                         r"nummer|numéro|número|numero|номер|times|mal|fois|veces|vezes|volte|"
                         r"keer|gånger|razy|раз|attempts?|tries|chars?|characters?|digits?|"
                         r"zeichen|caractères|caracteres|caratteri|tekens|tecken|znaków|символов|"
                         r"models?|modell|modèle|modelo|модель|型号|型番|型號|모델)"
                         r"\b|#")
#: Short function words that are no copula: what follows them is not the value (kept in
#: `memtui.core.creds.values`, whose reading of a passphrase counts them too).
_NOT_COPULAS = values.FUNCTION_WORDS
#: A word between a label and its value: ASCII letters, or a run of another script's letters
#: (``は``, ``是``, ``del servidor``), never both (``是ByVAYvm7`` is a copula and a value).
_GAP_WORD = lazy_pattern(
    r"[A-Za-z\u00c0-\u036f\u0370-\u06ff\u0900-\u097f\u1e00-\u1eff'’]+|"
    r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
#: A number right before a label word makes it a quantity ("2,400 tokens", "18,000トークン").
_COUNT_BEFORE = lazy_pattern(
    r"(?<![A-Za-z0-9_.@])\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:[kKmM万千億亿]|(?i:mln|mio|million[a-z]*|miljo[a-z]*|"
    r"millon[a-z]*|milion[a-z]*|milliard[a-z]*|billion[a-z]*|bn|тыс|тысяч\w*|млн|млрд|tys|"
    r"mil|mille|binlerce|bin|ribu|juta|nghìn|ngàn|triệu|hazar|हज़ार|हजार|лак|ألف|مليون|אלף))?"
    r"\.?[\s-]?$")
_SENTENCE_END = set("。！？；;!?\n")
#: A word passed ending its sentence: ``?`` or ``!``, or a full stop after a word of two
#: letters or more and before a capital (``tests? This``, ``restore. ENV-3``).
_ENDS_A_SENTENCE = lazy_pattern(r"(?<=[a-z0-9%)])[?!](?=\s|$)|"
                                r"(?<=[a-z0-9%)][a-z0-9%)])\.(?=\s+[A-Z])")


def prose_values(text: str, line: int, start: int = 0) -> Iterator[Labelled]:
    """A label word, at most ``MAX_GAP`` words, then the value (or at most ``MAX_REACH``
    words and a copula, then the value), and the values like it after it. The words before
    ``start`` label nothing (a label that a negator made something else)."""
    found = lexicon.words(text)
    names: list[tuple[int, int]] | None = None
    for n, word in enumerate(found):
        if word.kind not in lexicon.VALUE_KINDS or word.start < start:
            continue
        if names is None:
            names = lexicon.network_names(text)
        got = _value_after(text, word, found[n + 1:], line, names) or \
            _value_before(text, word, line)
        if got:
            yield got
            yield from alike_after(text, got, word)


def _after_a_user(text: str, word: lexicon.Word) -> bool:
    """``SSH: ubuntu@10.0.0.7, pass …``, ``user bob; pw …``: a field of a list that named
    the user first, so the everyday word is the label."""
    before = text[:word.start].rstrip()
    return before.endswith((",", ";", "|", "/")) and \
        ("@" in before or lexicon.is_login(before))


def _value_before(text: str, word: lexicon.Word, line: int) -> Labelled | None:
    """``Use Qm7!… as the password``, ``Usa … como contraseña``: the value, then "as" and
    the label (a weak place: the value's shape must say enough)."""
    # what the patterns can match ends at the word and spans at most ~100 characters: a
    # search from the line's start would cost the line's length for each word in it
    window = max(0, word.start - _BEFORE_REACH)
    m = _AS_BEFORE.search(text, window, word.start)
    if not m and _WITH_AFTER.match(text, word.end):
        m = _RIGHT_BEFORE.search(text, window, word.start)
    if not m or lexicon.ambiguous(word):
        return None
    # (in backticks or quotes the value is set apart as the label's: ``wants `…` as the
    # admin password`` vouches for it as a label beside it does)
    a, b = m.start("v"), m.end("v")
    quoted = (text[a] in "`\"'“「" or (a > 0 and text[a - 1] in "`\"'“「")) and \
        text[b - 1:b + 1].strip()[-1:] in ("`", '"', "'", "”", "」")
    return value_at(text, a, word, strong=quoted, line=line)


def _value_after(text: str, word: lexicon.Word, later: list[lexicon.Word], line: int,
                 names: list[tuple[int, int]] | None = None) -> Labelled | None:
    """The value of ``word`` in prose; ``later``: the lexicon words after it (the value of a
    word passed belongs to that word; a user word after a comma starts another clause);
    ``names``: the words naming a network's name (``SSID``, ``tên mạng``): the token after
    one is that name, passed as a gap word."""
    before = text[max(0, word.start - 12):word.start]
    if negated_here(text, word) or _COUNT_BEFORE.search(before) or \
            before.endswith(("<", "{", "$", "%", "_", "#", "/", "@", "=")) or \
            _ends_its_sentence(text, word) or \
            text[word.end:word.end + 1] in ("_", "@") or \
            (text[word.end:word.end + 1] == "." and text[word.end + 1:word.end + 2].isalpha()) or \
            (text[word.end:word.end + 1] == "-" and text[word.end + 1:word.end + 2].isalpha()
             and text[max(0, word.start - 1):word.start] == "-") or \
            text[word.end:word.end + 1].isdigit():
        return None  # a count, a placeholder (``<password>``), a reference, a name part,
        # another name's value (``dkim=pass``, ``clean=PASS``), a sentence's last word
    paren = _PARENTHETICAL.match(text, word.end)
    if paren:  # ``WLAN-Schlüssel (FRITZ!Box Büro) lautet …``: the parentheses name the
        # network or the device; a value after them is the label's
        got = _read_after(text, word, later, line, names, paren.end(), 1)
        if got:
            return got
    return _read_after(text, word, later, line, names, word.end, 0)


#: A note in brackets, then only separators up to the value.
_NOTE_BEFORE = lazy_pattern(r"[(（](?P<n>[^()（）\n]{1,40})[)）][ \t]*[:：=＝→—–-][ \t]*$")
#: Latin letters glued right after a closing quote, maybe after a hyphen (``-owym``,
#: ``'s``); a particle of a script without spaces (``を``, ``를``) is no word's ending.
_GLUED_ON = lazy_pattern(r"[-'’]?[A-Za-z\u00c0-\u024f]")
#: Parentheses right after a label word, on its line (``WLAN-Schlüssel (FRITZ!Box Büro)``).
_PARENTHETICAL = lazy_pattern(r"[ \t]*[(（][^()（）\n]{1,60}[)）]")


def _read_after(text: str, word: lexicon.Word, later: list[lexicon.Word], line: int,
                names: list[tuple[int, int]] | None, pos: int, gap: int) -> Labelled | None:
    """``_value_after`` from ``pos``, ``gap`` words past the label."""
    sep, clause = False, 0  # clause: where a comma fell
    after_token = ""  # the number or token passed last, right before ``pos``
    own_sep = False  # a separator stood right after the label
    glued = False  # ``รหัสประตูคอนโด 840348``: a run of the label's script names the thing
    while gap <= MAX_REACH and pos < len(text):
        j = pos
        while j < len(text) and text[j] in _SEP_CHARS:
            if text[j] not in " \t":
                if (after_token.isdigit() and text[j] in "=＝") or \
                        (after_token and text[j] == "→" and j == pos) or \
                        (own_sep and gap and text[j] in ":：" and j == pos) or \
                        (text[j] == "→" and text[:j].rstrip().endswith(("(", "（"))):
                    return None  # ``3186 = 11493 satır``, ``c77dca3→15dc238``: a separator
                    # after a number or a token passed joins that one to what follows (a
                    # sum, a range), not the label; ``Rules: … zip code: 10330``: after the
                    # label's own separator and words passed, a word with its own colon is
                    # the nearer label of what follows; ``claim tokens with TTL (→ 59c5…)``:
                    # an arrow opening brackets after words points at where the sentence
                    # went (a post's id), not at the label's value
                sep = True
                own_sep = own_sep or gap == 0
            j += 1
        pos = j
        after_token = ""
        if pos >= len(text) or text[pos] in _SENTENCE_END:
            break
        if any(w.start <= pos and (w.kind in lexicon.VALUE_KINDS or w.start > clause > 0)
               for w in later):
            break  # another label's value, or a user named in the next clause
        name_end = max((e for s, e in names or () if s == pos), default=None)
        if name_end is not None:  # ``wifi (SSID: Home-5G) là …``: the network's name
            pos = _past_a_name(text, name_end)
            gap += 2
            sep = False
            continue
        quoted = text[pos] in QUOTES
        bare = BARE.match(text, pos)
        if bare and any(pos < w.start < bare.end() and w.kind in lexicon.VALUE_KINDS and
                        not _letters_of_a_value(text, w) for w in later):
            return None  # ``1Password-kontot``: a name holding a label word
        # (after the label's own separator, three words or more passed are a sentence in the
        # label's place — ``Palavra-chave: o cliente quer a entrega até sexta-feira``: a short
        # word further on is a preposition of that sentence, no copula binding the label)
        strong = sep or (_copula(text, word, pos, gap) and not (own_sep and gap >= 3)) or \
            (glued and gap == 1 and text[pos - 1] in " \t")
        if bare and not strong and word.kind == "password" and gap <= 3 and \
                _LAST_NUMBER.match(text, pos) and not _YEAR.fullmatch(bare.group(0)) and \
                not _NUMBERED.search(text, word.end, pos) and \
                not any(word.end <= w.start < pos for w in later):
            strong = True  # ``Код домофону 4829``, ``PIN brankas kantor 7712``: a label, the
            # thing it opens, and a code ending the sentence
        if bare and not strong and word.kind == "password" and 1 <= gap <= 2 and \
                _LETTERS_DIGITS.match(text, pos) and \
                _CLAUSE_END.match(text, _LETTERS_DIGITS.match(text, pos).end()) \
                and not _NUMBERED.search(text, word.end, pos) and \
                not any(word.end <= w.start < pos for w in later):
            strong = True  # ``Sandi wifi rumah sfjtqi2398 ya, …``: a label, the thing it
            # opens, and a value of letters and digits ending the clause
        note = _NOTE_BEFORE.search(text, word.end, pos) if sep and gap else None
        if (quoted or bare) and note and lexicon.negated(note.group("n")):
            return None  # ``کلید کا شناختی نمبر (key id): `kid_…```: a note in brackets right
            # before the separator names the value nearer than the label does
        if (quoted or bare) and word.kind == "credential" and gap == 0 and not sep:
            # ``one OAuth2 credential (`BzBgoySp…`)``: a credential word names a login or a
            # stored credential; a value set beside it, not after a separator, names that
            # credential (its id), as ``Credentials: admin / …`` does not — unless the value
            # is a user and its password (`_login_pair`)
            return _login_pair(text, pos + quoted, word, line)
        if (quoted or bare) and (gap <= MAX_GAP or strong):
            got = value_at(text, pos, word, strong=strong, line=line)
            if got and lexicon.ambiguous(word) and not (sep or (gap and strong)) and \
                    not (word.kind == "password" and _PIN.fullmatch(got.value)) and \
                    not (_after_a_user(text, word) and not got.value.isalnum()) and \
                    not _made_up_after(text, word, got, gap) and \
                    not (quoted and got.why.endswith("-letter random value")):
                return None  # ``Pass `dependent` as …``: a verb, not a label (``PIN 0407``
                # is one; so is ``kod "qwzx mnbv plok ijuh"``: random letters quoted)
            if got and got.why.endswith("-word passphrase") and \
                    not (sep or _said_is(text, word, pos, gap) or
                         _copula(text, word, pos, gap)):
                return None  # ``both-pass→fail job "criteria not specific enough"``: words in
                # quotes are a passphrase only right after the label, a separator or a word
                # saying "is"; after any other words they are a quotation
            if got and quoted and _GLUED_ON.match(text, got.end + 1):
                return None  # ``w `tnsnames`-owym połączeniu``: a quoted name with a word's
                # ending glued on is a word of the sentence
            if got:
                return got
            span = unquote(text, pos) if quoted else None
            if span and span[2] and values.not_a_value(text[span[0]:span[1]]) == "a call":
                pos = span[1] + 1  # ``para `sincronizar_pedidos()`: `94de…```: a call quoted
                gap += 1  # is a word of the sentence, passed
                sep = False
                continue
            if quoted:
                return None
        if text[pos] in ",，、()（）«»":  # a clause goes on past a comma
            clause = clause or (pos if text[pos] in ",，、" else 0)
            pos += 1
            continue
        # a gap word: letters (any script) or one run of a script without spaces; a
        # token that is no value is passed whole (``process.env.X``, ``tk_8df…``)
        m = _GAP_WORD.match(text, pos)
        if bare and _is_token(bare.group(0)):
            after_token = bare.group(0).rstrip(".,;:").replace(",", "")
            pos = bare.end()
        elif m:
            glued = gap == 0 and pos == word.end and _NAMES_THE_THING.fullmatch(m.group(0))
            pos = m.end()
        else:
            return None
        if _ENDS_A_SENTENCE.match(text, pos - 1):
            return None  # ``… pass SAEBench's tests? This would …``, ``… full restore. ENV-3
            # pruning …``: a sentence ended on a word passed, the label's with it
        gap += 1
        sep = False
    return None


#: A user name, ``/`` or ``:``, then the password, ending its quotes or its clause.
_LOGIN_PAIR = lazy_pattern(r"(?P<u>[a-z][\w.-]{1,31})(?:[ \t]*/[ \t]*|:)(?P<pw>[^\s`\"'/:,;]{6,64})"
                           r"(?=[`\"'”]|[.,;)]?(?:\s|$))")


def _login_pair(text: str, pos: int, word: lexicon.Word, line: int) -> Labelled | None:
    """``credenziali `bottega/limone42```, ``credentials shop / Tulip88x``: a credentials
    word, then a user and its password joined by ``/`` or ``:`` — the login itself, not the
    name of a stored credential; the password has letters and a digit and is no name."""
    m = _LOGIN_PAIR.match(text, pos)
    pw = m.group("pw") if m else ""
    if not m or not any(c.isdigit() for c in pw) or not any(c.isalpha() for c in pw) or \
            values.plain_name(pw) or values.not_a_value(m.group("u") + ":" + pw) or \
            values.HEX_ID.match(pw) or (pw.islower() and any(c in "-._" for c in pw)):
        return None  # (``openai/gpt4o-mini``: small letters and digits joined, a model's id)
    return value_at(text, m.start("pw"), word, strong=True, line=line)


def _ends_its_sentence(text: str, word: lexicon.Word) -> bool:
    """``Verified all scenarios pass. l35-…``: a full stop and a blank right after the word
    end its sentence, and the label with it; an everyday word hyphened into a compound
    (``parole-not-pardon``) is a word of that compound."""
    after = text[word.end:word.end + 2]
    if after[:1] == "." and (after[1:] in (" ", "\t") or len(after) == 1):
        return True
    return lexicon.ambiguous(word) and (
        (after[:1] == "-" and after[1:].isalpha()) or
        (text[word.start - 1:word.start] == "-" and text[word.start - 2:word.start - 1].isalpha()))


def _past_a_name(text: str, pos: int) -> int:
    """Where a network's name after its label word at ``pos`` ends (``: Home-5G``,
    `` «Büro»``, `` HomeNet``): past separators, then one quoted or bare token."""
    while pos < len(text) and text[pos] in _SEP_CHARS:
        pos += 1
    close = QUOTES.get(text[pos:pos + 1])
    if close:
        ends = [e for e in (text.find(c, pos + 1) for c in close) if e > pos]
        return min(ends) + 1 if ends else pos + 1
    bare = BARE.match(text, pos) or _GAP_WORD.match(text, pos)
    return bare.end() if bare else pos


def _letters_of_a_value(text: str, word: lexicon.Word) -> bool:
    """A label word of three letters or fewer glued to a letter or digit inside a run
    (``mk`` in ``…phio6mK``, ``pw`` in ``x9pw``): letters of a made-up value, not a word."""
    return len(word.text) <= 3 and (text[word.start - 1:word.start].isalnum() or
                                    text[word.end:word.end + 1].isalnum())


#: What closes a quoted value (a backtick, a quote).
_CLOSING = frozenset("`'\"”’」")


def _made_up_after(text: str, word: lexicon.Word, got: Labelled, gap: int) -> bool:
    """A password word that is also an everyday word (``clave``, ``sandi``, ``pass``),
    right before a value ending its clause that has a secret's shape where no label vouches
    for it (letters, digits and a third kind: ``/ clave JZDO956ZSH30.7K``, ``/ sandi
    zgwYttKLS#4B``): the word is the label (not in ``pass Foo123Bar as the argument``). So is
    any such word right before a quoted value of that shape (``user gave key `Sx…` (prod)``,
    ``sudo pw `rj…` (keep handy)``): the quotes set the value apart as the word's."""
    end = got.end + (text[got.end:got.end + 1] in _CLOSING)
    quoted = end > got.end
    shape = values.secret_shape(got.value, strong=False)
    # (a key word before a machine-made run ending its clause, ``(chiave Xk7…-…, piano
    # gratuito)``, as a password word before a typed one)
    if shape is None and _KEY_HEX.fullmatch(got.value):
        shape = "hex key"  # ``la clave 919e…``, ``…avain 61d5…``: a key word right before a
        # run of 32 hex digits or more in one case (a key's bytes; a GPG fingerprint is
        # written in capitals, in groups or after its own word)
    return (word.kind == "password" or quoted or "random-looking" in (shape or "")
            or shape == "hex key") and \
        gap == 0 and (_CLAUSE_END.match(text, end) is not None or text.startswith(" (", end)) \
        and shape is not None


_KEY_HEX = lazy_pattern(r"[0-9a-f]{32,128}")


def _is_token(text: str) -> bool:
    """A run of ASCII that is more than a word (``process.env.X``, ``tk_8df…``)."""
    return not text.isalpha()


def _said_is(text: str, word: lexicon.Word, pos: int, gap: int) -> bool:
    """The value follows the label right away or after a word of ``_SCRIPT_COPULAS`` (not
    any short word, as `_copula` allows)."""
    between = text[word.end:pos].split()
    return gap == 0 or (bool(between) and between[-1].lower() in _SCRIPT_COPULAS)


def _copula(text: str, word: lexicon.Word, pos: int, gap: int) -> bool:
    """The value follows the label right away, or after one short word (a copula in most
    languages: is, ist, est, é, är, là, は, 是, คือ), so the label stands beside it."""
    if gap == 0:
        return True
    between = text[word.end:pos].split()
    last = between[-1] if between else ""
    if 1 <= gap <= MAX_REACH and last.lower() in _SCRIPT_COPULAS:
        return True
    if gap == 1 and last in _GLUED_TOPIC and text.startswith(last, word.end):
        return True  # ``비밀번호는 …``: a topic particle glued on the label says "is"
    if not (1 <= gap <= MAX_GAP and len(last) <= 3 and last.isalpha()) or last.isupper():
        return False
    if all(c < "\u0250" for c in last):  # a short Latin word: is, es, ist, là, é, to…
        return last.lower() not in _NOT_COPULAS
    return last in _SCRIPT_COPULAS


#: An article or preposition elided onto the next word (Italian ``dell'area``, ``l'utente``,
#: French ``d'exemple``): the word after the apostrophe is a word of its own.
_ELISION = lazy_pattern(r"(?i)(?<![^\W\d_])(?:l|d|dell|nell|all|sull|dall|un|c|j|m|n|s|t|qu)"
                        r"['’](?=[^\W\d_])")
#: A preposition (and its article) joining a Romance label to the word that makes it what it
#: is, after it (``token de ejemplo``, ``jeton d'exemple``) or before it (``exemple de
#: jeton``, ``política de contraseñas``).
_JOINER = r"(?:de la|de las|de los|del|de|di|da|do|du|des|dei|degli|della|dello|delle|dos|das)"
_JOINED_AFTER = lazy_pattern(r"[ \t]{1,3}(?:" + _JOINER + r"[ \t]{1,3}|(?:de l|dell|d)['’])"
                             r"(?P<w>[^\W\d_]{2,30})")
_JOINED_BEFORE = lazy_pattern(r"(?<![^\W\d_])(?P<w>[^\W\d_]{2,30})(?:[ \t]{1,3}" + _JOINER +
                              r"[ \t]{1,3}|[ \t]{1,3}(?:de l|dell|d)['’])$")


#: The clause marks of scripts written without spaces: a word ``near`` reads never runs over
#: one (a space ends a word elsewhere).
_CLAUSE_MARKS = ("，", "；", "。", "、")


def negated_here(text: str, word: lexicon.Word) -> bool:
    """A word right before or after ``word`` makes it something else ("public key",
    "password reset", "디자인 토큰", "token count", ``Tokenizer``), also joined by a Romance
    preposition ("token de ejemplo", "política de contraseñas"); two words away, only a
    negator of two words ("açık anahtar", "공개 키")."""
    after = _JOINED_AFTER.match(text, word.end)
    before = _JOINED_BEFORE.search(text, max(0, word.start - 48), word.start)
    if (after and lexicon.negated(after.group("w"), langs=lexicon.ROMANCE)) or \
            (before and lexicon.negated(before.group("w"), langs=lexicon.ROMANCE)):
        return True
    if "'" in text or "’" in text:  # ``password dell'area``: two words, not one
        text = _ELISION.sub(lambda m: m.group(0)[:-1] + " ", text)

    def near(n: int) -> str:
        start, end = word.start, word.end
        for _ in range(n):  # back over a run of spaces, then a word
            start = len(text[:start].rstrip())
            start = max(start - 20, text.rfind(" ", 0, start) + 1)
        for _ in range(n):  # on over a run of spaces, then a word
            end = end + len(text[end:]) - len(text[end:].lstrip())
            stop = text.find(" ", end)
            end = min(end + 20, len(text) if stop < 0 else stop)
        # a full-width clause mark ends a word as a space does (``AppID `…`（公开），AppSecret
        # `…```: the negator is the other clause's)
        start = max([start] + [text.rfind(c, start, word.start) + 1 for c in _CLAUSE_MARKS])
        end = min([end] + [k for k in (text.find(c, word.end, end) for c in _CLAUSE_MARKS)
                           if k >= 0])
        return text[start:end]

    return lexicon.negated(near(1)) or lexicon.negated(near(2), min_words=2)
