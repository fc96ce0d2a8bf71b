"""Credential labels in two dozen languages, as data (``lexicon.json``).

A label is the text a value sits next to: a table's header cell or a row's first cell, the
part before ``:`` in a list item, a variable's name, the words before a value in prose. It
names a credential when it holds a word of the lexicon and none of the words that make it
something else ("public key", "token count", "password policy", "디자인 토큰").

How a word matches: case folded; a space in a lexicon word matches a space, ``_``, ``-`` or
nothing (``api key`` = ``API_KEY`` = ``apiKey`` = ``api-key``); identifiers are split first
(``clientSecret`` → ``client secret``). Words of scripts written without spaces (CJK, kana,
Thai) match inside text, except one- and two-letter kana and hangul words, which must end
at a script change (``キー`` in ``APIキー:`` but not in ``キーボード``). Other words stand alone,
or in the compounding languages (German, Dutch, Swedish…) may end a longer word
(``Datenbankpasswort``).

The module is past 500 lines: how a label is read (folding, splitting identifiers, where a
word may match, the words that make it something else) is one reading of the data; the
words themselves are in ``lexicon.json``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from bisect import bisect_right
from functools import cache, lru_cache
from pathlib import Path

import ahocorasick

from memtui.core.record import FrozenRecord, init_field
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Kinds of credential word (``login`` names the user half of a pair and is no value's label
#: on its own).
VALUE_KINDS = ("password", "secret", "token", "key", "credential")
#: Scripts written without spaces (Thai, kana, CJK, Hangul, CJK compatibility), as code
#: points (first, last).
NO_SPACE_RANGES = ((0x0E00, 0x0E7F), (0x3040, 0x30FF), (0x3400, 0x9FFF), (0xAC00, 0xD7AF),
                   (0xF900, 0xFAFF))
_NO_SPACE = lazy_pattern("[" + "".join(f"{chr(a)}-{chr(b)}" for a, b in NO_SPACE_RANGES) + "]")
_KANA_HANGUL_RE = lazy_pattern(r"[\u3040-\u30ff\uac00-\ud7af]+")
#: Korean particles that may follow a word ("비번은", "키는").
_PARTICLES = "은는이가을를의도로와과에"
#: Japanese particles that may follow a short katakana word ("パスは", "キーが").
_KANA_PARTICLES = "はがもを"
#: What may follow a word of a script without spaces that is also an everyday word, so that
#: it still labels what comes next (a copula: ``รหัสคือ …``).
_COPULAS_AFTER = ("คือ", "は", "が", "是", "为", "為")
#: Where an identifier's words meet: a small letter or digit, then a capital; a run of
#: capitals, then a capitalised word (``XMLHttp``, ``APIKey``). One capital before a
#: capitalised word is that word's first letter (``OAuth`` is one word, as ``oauth`` is).
_SPLIT_CAMEL = lazy_pattern(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z]{2})(?=[A-Z][a-z])")


class Word(FrozenRecord):
    """One lexicon word found in a text."""

    __slots__ = ("end", "kind", "lang", "start", "text")

    start: int
    end: int
    text: str
    kind: str
    lang: str

    def __init__(self, start: int, end: int, text: str, kind: str, lang: str) -> None:
        init_field(self, "start", start)
        init_field(self, "end", end)
        init_field(self, "text", text)
        init_field(self, "kind", kind)
        init_field(self, "lang", lang)


@cache
def data() -> dict:
    return json.loads(Path(__file__).with_name("lexicon.json").read_text(encoding="utf-8"))


def variants(word: str) -> set[str]:
    """How a lexicon word may be written: ``api key``, ``api_key``, ``api-key``, ``apikey``,
    and typed without its accents (``schluessel``, ``schlussel``, ``haslo``, ``sifre``,
    ``contrasena``) when that leaves four letters or more."""
    spelled = {word}
    if not word.isascii() and _LATIN.fullmatch(word):
        for folded in (_fold(word), _fold(word.translate(_GERMAN))):
            if len(folded.replace(" ", "")) >= 4:
                spelled.add(folded)
    return {v for w in spelled for v in
            (w, w.replace(" ", "_"), w.replace(" ", "-"), w.replace(" ", ""))}


#: Prepositions (with their article) that join a label's words in the Romance languages and
#: that notes drop: ``código del portal`` is written ``código portal``, ``caja de llaves``
#: ``caja llaves``, ``password del wifi`` ``password wifi``.
_JOINERS = {
    "es": ("de la", "de las", "de los", "del", "de", "para"),
    "pt": ("da", "das", "do", "dos", "de", "para"),
    "it": ("della", "delle", "dello", "degli", "dell'", "del", "dei", "di", "per"),
    "fr": ("de la", "de l'", "du", "des", "de", "d'", "à", "pour"),
}


@cache
def forms(word: str, lang: str) -> frozenset[str]:
    """How a lexicon word of ``lang`` may be written (``variants``), and in the Romance
    languages also in the plural (``clave`` → ``claves``, ``pin`` → ``pines``, ``chiave`` →
    ``chiavi``) and without the preposition joining its words (``_JOINERS``)."""
    if lang not in _JOINERS:
        return frozenset(variants(word))
    out = set()
    plural = _plural(word, lang)
    for w in (word, plural) if plural != word else (word,):
        # a plural is written as typed, with its spaces (``claves de acceso``)
        written = variants if w is word or " " not in w else _as_typed
        out |= written(w)
        for joiner in _JOINERS[lang]:
            glued = joiner.endswith("'")
            at = w.find(f" {joiner}" if glued else f" {joiner} ")
            if at > 0:
                rest = w[at + len(joiner) + (1 if glued else 2):]
                out |= written(f"{w[:at]} {rest}")
                break
    return frozenset(out)


def _as_typed(word: str) -> set[str]:
    return {word}


def _plural(word: str, lang: str) -> str:
    """The plural of a Romance label's first word (the head: ``clave de acceso`` →
    ``claves de acceso``), by the regular rule of ``lang``; ``word`` itself elsewhere."""
    head, sep, rest = word.partition(" ")
    if lang not in _JOINERS or not head.isalpha() or len(head) < 3 or \
            (lang == "it" and head.isascii() and head[-1] not in "aeo"):
        return word  # ``password`` is the same in the plural in Italian
    last = head[-1]
    if lang in ("es", "pt"):
        plural = head + ("s" if last in "aeiouáéó" else "es" if lang == "es" else "s")
    elif lang == "it":
        plural = head[:-1] + ("e" if last == "a" else "i")
    else:
        plural = head if last in "sxz" else head + "s"
    return plural + sep + rest


_LATIN = lazy_pattern(r"[\sA-Za-z\u00c0-\u024f\u1e00-\u1eff'’.-]+")
_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def _fold(word: str) -> str:
    """``word`` without accents (``ł`` and ``đ`` included)."""
    word = word.replace("ł", "l").replace("đ", "d").replace("ı", "i").replace("ß", "ss")
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()


@cache
def _automata() -> tuple[ahocorasick.Automaton, ahocorasick.Automaton,
                         ahocorasick.Automaton]:
    """Every written form of every word, of every negator, and of every thing a code opens
    (``code_objects``: door, gate, alarm, safe, wifi…), each with (word, kind, lang,
    glue): how the word may be glued to letters around it (``prefix``: it may end a
    compound; ``suffix``: endings may follow it; ``closed``: a word of a script without
    spaces that is also an everyday word, so no letter of that script may follow it). The
    entries as shipped (`memtui.core.creds.derived`), else worked out now."""
    from memtui.core.creds import derived

    shipped = [derived.entries(name) for name in derived.AUTOMATA]
    made = worked_out_entries() if None in shipped else shipped
    out = []
    for rows in made:
        automaton = ahocorasick.Automaton()
        for row in rows:
            automaton.add_word(row[0], row)
        automaton.make_automaton()
        out.append(automaton)
    return out[0], out[1], out[2]


Entry = tuple[str, str, str, frozenset[str]]


def worked_out_entries() -> tuple[list[Entry], list[Entry], list[Entry]]:
    """The entries of `_automata` (words, negators, things a code opens), from
    ``lexicon.json``: each written form once, in the order first written."""
    d = data()
    compound, suffixing = set(d["compound"]), set(d.get("suffixing", ()))
    ambiguous = set(d["ambiguous"])
    words: dict[str, Entry] = {}
    for lang, by_kind in d["labels"].items():
        for kind, listed in by_kind.items():
            for w in listed:
                glue = frozenset({"code"} if kind == "code" else set()) | \
                    frozenset({"prefix"} if lang in compound else set()) | \
                    frozenset({"suffix"} if lang in suffixing else set()) | \
                    frozenset({"closed"} if w in ambiguous and _no_space_word(w) else set())
                for v in forms(w, lang):
                    old = words.get(v)
                    # a form listed twice (two languages): either one's gluing holds. (The
                    # union once leaked into the word's later forms, whose order is the
                    # hash seed's: ``api key`` was glued as a prefix in some runs only.)
                    words[v] = (v, kind, lang, glue) if old is None else \
                        (v, old[1], old[2], glue | old[3])
    objects: dict[str, Entry] = {}
    for lang, listed in d.get("code_objects", {}).items():
        for w in listed:
            for v in variants(w):
                objects[v] = (v, "object", lang, frozenset())
    nots: dict[str, Entry] = {}
    for lang, listed in d["not"].items():
        for w in listed:
            for v in variants(w):
                nots[v] = (v, "not", lang, frozenset())
    return list(words.values()), list(nots.values()), list(objects.values())


def no_space(text: str) -> bool:
    """``text`` holds letters of a script written without spaces (CJK, kana, hangul, Thai)."""
    return bool(_NO_SPACE.search(text))


def _no_space_char(c: str) -> bool:
    """``c`` (one character) is a letter of a script written without spaces."""
    o = ord(c)
    return any(a <= o <= b for a, b in NO_SPACE_RANGES)


@lru_cache(maxsize=1 << 14)
def _no_space_word(word: str) -> bool:
    """`no_space` of a lexicon word (one of a few thousand), without compiling
    ``_NO_SPACE``: its ~45,000 code points cost ``re`` ~2–5 ms to compile, a cold audit
    of 261 memories did it only for these words and single characters (issue 35)."""
    return any(map(_no_space_char, word))


def _letter(c: str) -> bool:
    return c.isalpha()


#: The letters Hebrew and Arabic glue on a word's front as particles (and, that, the, in,
#: to, from, as; Arabic's and, so, in, to, as), each with its script; a label word of that
#: script with at most two of them before it stands as a word.
_PROCLITICS = {**dict.fromkeys("והשבלמכ", "he"), **dict.fromkeys("وفبلك", "ar")}


def _script_of(c: str) -> str | None:
    return "he" if "\u0590" <= c <= "\u05ff" else "ar" if "\u0600" <= c <= "\u06ff" else None


def _bounded(text: str, original: str, start: int, end: int, word: str,
             glue: frozenset[str]) -> bool:
    """The match ``text[start:end]`` of ``word`` stands as a word (see the module's text)."""
    before = text[start - 1] if start else ""
    after = text[end] if end < len(text) else ""
    if _no_space_word(word):
        if "closed" in glue and after and _no_space_char(after) and \
                not text.startswith(_COPULAS_AFTER, end):
            return False  # ``รหัสสินค้า``: the word goes on as another one (not ``รหัสคือ``)
        if len(word) <= 2 and _KANA_HANGUL_RE.fullmatch(word):
            if len(word) == 1 and before and _KANA_HANGUL_RE.match(before):
                return False
            if after and (("\u3040" <= after <= "\u30ff" and after not in _KANA_PARTICLES) or
                          ("\uac00" <= after <= "\ud7af" and after not in _PARTICLES)):
                return False
        return True
    if after and _letter(after) and not ("suffix" in glue and len(word) >= 4) and \
            not _KANA_HANGUL_RE.match(after):  # ``PIN은``, ``APIキー``: a particle glued on
        return False
    if before and _letter(before) and "code" in glue:
        return True  # ``Alarmcode``, ``larmkoden``: kept only beside a thing it opens
    if before in _PROCLITICS and _PROCLITICS[before] == _script_of(word[0]):
        lead = start - 1
        while lead and start - lead < 3 and text[lead - 1] in _PROCLITICS:
            lead -= 1
        if not lead or not _letter(text[lead - 1]):
            return True  # ``שהסיסמה``, ``وكلمة``: one- or two-letter particles (and, that,
            # the, in, to) the script writes glued on a word's front
    if before and _letter(before):
        # a compound (``Datenbankpasswort``), not a name in camel case (``PublicKeyToken``)
        return "prefix" in glue and len(word) >= 5 and not original[start].isupper()
    return True


def _find(text: str, automaton: ahocorasick.Automaton) -> list[tuple[int, int, str, str, str]]:
    low = text.lower()
    if len(low) != len(text):  # a letter whose lower case is longer (İ): fold it alone
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    out = []
    for end, (word, kind, lang, glue) in automaton.iter(low):
        start = end + 1 - len(word)
        if _bounded(low, text, start, end + 1, word, glue):
            out.append((start, end + 1, kind, lang, word))
    return out


def split_identifier(name: str) -> str:
    """``clientSecret`` → ``client Secret``; ``DB_PASSWORD`` → ``DB PASSWORD``."""
    return _SPLIT_CAMEL.sub(" ", name).replace("_", " ").replace(".", " ")


def words(text: str) -> list[Word]:
    """Every lexicon word in ``text``; of two that overlap, the longer. A code word
    (``code``, ``Koden``, ``codice``, ``รหัส``, ``码``) is a password word beside a thing a
    code opens (``door code``, ``Alarmcode``, ``codice del cancello``, ``门禁码``), and
    nothing elsewhere (``error code``, ``Quellcode``, ``代码``)."""
    found = sorted(_find(text, _automata()[0]), key=lambda h: (h[0], -(h[1] - h[0])))
    out: list[Word] = []
    objects: list[tuple[int, int]] | None = None
    for start, end, kind, lang, _word in found:
        if out and start < out[-1].end:
            last = out[-1]
            if end > last.end and kind == last.kind and text[last.end:last.end + 1].isalpha():
                # ``Wi-Fiのパス|ワード``: a word cut off inside a run of letters by a longer
                # one overlapping it is one label with it
                out[-1] = Word(last.start, end, text[last.start:end], last.kind, last.lang)
            continue
        if kind == "code":
            if objects is None:
                objects = _objects(text)
            opened = _opens(text, start, end, objects)
            if not opened:
                continue
            kind = "password"
            if opened is not True:
                # ``codul de dezarmare``, ``Cod y giât``: the thing named after the code word
                # ends the label (as the lexicon's ``code de la porte`` does)
                end = opened
        clitic = _CLITIC.match(text, end)
        end = clitic.end() if clitic else end
        out.append(Word(start, end, text[start:end], kind, lang))
    return out


#: A clitic a suffixing language glues onto a label, after a hyphen or an apostrophe or
#: straight on: Indonesian/Malay possessives (``sandi-nya``, ``PIN-mu``, ``passwordku``),
#: Turkish case and possessive endings after an apostrophe (``PIN'i``, ``API key'in``).
#: Taken into the label, so the value right after it stands beside the label.
_CLITIC = lazy_pattern(r"(?:-?(?:nya|mu|ku)|['’](?!s\b)[a-zçğıöşü]{1,4})(?![^\W\d_])", re.I)


#: What may stand between a thing and its code before it (``door code``, ``Zugangscode``,
#: ``porte-code``, ``ドアのコード``, ``门禁的码``) and between a code and its thing after it
#: (at most ``_CODE_REACH`` characters: ``code de la porte``, ``Koden till porten på``).
_BEFORE_CODE = lazy_pattern(r"[\s\-'’s]{0,3}|\s*[:,–—-]\s*|\s*[のの的의]\s*|\s+[^\W\d_]{3,12}\s+")
_CODE_REACH = 32
#: A number of four to eight digits right after a code word, ending its clause.
_A_CODE_ALONE = lazy_pattern(r"[ \t]+\d{4,8}[#*]?(?=[ \t]*(?:[,;.!?)(—–]|-[ \t]|$))", re.M)
#: What opens a clause right before a code word: a comma, a colon, a dash, a bracket or a
#: list marker (not a word: ``error code 5001``, ``zip code 10330``).
_CLAUSE_OPENS = lazy_pattern(r"(?:^|[,;:(—–\-•*])[ \t]*$")
_SENTENCE_STOP = lazy_pattern(r"[.!?。！？](?:\s|$)")


def _objects(text: str) -> list[tuple[int, int]]:
    """(start, end) of each thing a code opens in ``text``: a word's beginning (a stem of
    four letters or more may go on: ``porten``, ``furtki``), or inside text of a script
    without spaces."""
    low = text.lower()
    if len(low) != len(text):
        return []
    out = []
    for end, (word, _kind, _lang, _glue) in _automata()[2].iter(low):
        start = end + 1 - len(word)
        before = low[start - 1] if start else ""
        after = low[end + 1] if end + 1 < len(low) else ""
        if _no_space_word(word):
            if len(word) <= 2 and _KANA_HANGUL_RE.fullmatch(word) and after and \
                    _KANA_HANGUL_RE.match(after) and after not in _PARTICLES:
                continue  # ``문`` in ``문자``
        elif (before and _letter(before)) or (after and _letter(after) and len(word) < 4):
            continue
        out.append((start, end + 1))
    return out


#: A case ending glued onto the thing a code opens (one to four letters or marks, then a
#: blank): ``तिजोरीचा``, ``սեյֆի``, ``দরজার``.
_ENDING = lazy_pattern(r"[^\W\d_]?(?:[^\W\d_]|[\u0300-\u036f\u0900-\u0dff\u0e00-\u0e7f]){0,3}"
                       r"(?=\s)")


def _opens(text: str, start: int, end: int, objects: list[tuple[int, int]]) -> bool | int:
    """The code word ``text[start:end]`` stands beside a thing a code opens: the thing
    right before it (``door code``, ``Zugangscode``), or words naming it after it, with no
    value between (``code de la porte``; not ``error code 5001 when the door…``). A code
    word glued to letters before it (``Quellcode``) needs the thing there."""
    glued = start > 0 and _letter(text[start - 1])
    if not glued and _A_CODE_ALONE.match(text, end) and \
            _CLAUSE_OPENS.search(text, max(0, start - 4), start) and \
            _named_before(text, start, objects):
        return True  # ``kluisje 112 bij de sportschool, code 8046``, ``Alarmanlage … – Code
        # 0382,``: a code word opening its clause, then a number ending it, in a sentence
        # that has named the thing it opens
    for s, e in objects:
        if e <= start and _BEFORE_CODE.fullmatch(text[e:start].lower()):
            return True
        if e < start and not glued and (ending := _ENDING.match(text, e, start)) \
                and ending.end() > e and _BEFORE_CODE.fullmatch(text[ending.end():start].lower()):
            return True  # ``तिजोरीचा कोड``, ``սեյֆի կոդը``: the thing with a case ending glued
        if not glued and s >= end and s - end <= _CODE_REACH and \
                not any(c in ".;!?。！？:：\n" or c.isdigit() for c in text[end:s]) and \
                not any(w.isupper() and len(w) > 1 for w in text[end:s].split()):
            while e < len(text) and _letter(text[e]):
                e += 1  # (the thing's word to its end: ``porten``, ``alarmei``)
            return e
    return False


def _named_before(text: str, start: int, objects: list[tuple[int, int]]) -> bool:
    """A thing a code opens is named before ``start`` in the same sentence and line, at most
    `_NAMED_REACH` characters back (the nearest one, found by halves: linear)."""
    k = bisect_right(objects, start, key=_end)  # (`_objects` yields them by their end)
    if k == 0:
        return False
    e = objects[k - 1][1]
    if e > start or start - e > _NAMED_REACH:
        return False
    return "\n" not in text[e:start] and _SENTENCE_STOP.search(text, e, start) is None


_NAMED_REACH = 160


def _end(span: tuple[int, int]) -> int:
    return span[1]


@cache
def _network_automaton() -> ahocorasick.Automaton:
    """Every written form of the words naming a wireless network's name (``network_name``)."""
    automaton = ahocorasick.Automaton()
    for lang, listed in data().get("network_name", {}).items():
        if lang == "_doc":
            continue
        for w in listed:
            for v in variants(w):
                automaton.add_word(v, (v, "network", lang, frozenset()))
    automaton.make_automaton()
    return automaton


def network_names(text: str) -> list[tuple[int, int]]:
    """(start, end) of each word naming a network's name in ``text`` (``SSID``,
    ``Netzwerkname``, ``nama jaringan``, ``网络名称``): what follows one is the network's name,
    never its key."""
    return [(h[0], h[1]) for h in _find(text, _network_automaton())]


def names_a_network(text: str) -> bool:
    """A label that ends naming a network's name (``Kata sandi WiFi kantor (SSID``, ``WLAN
    password / SSID``): a network-name word after its last credential word. What it labels
    is the network, not the key (``SSID / password`` labels the key)."""
    text = split_identifier(text)
    names = network_names(text)
    if not names:
        return False
    ends = [w.end for w in words(text) if w.kind in VALUE_KINDS]
    return not ends or names[-1][0] >= ends[-1]


@cache
def phrases() -> frozenset[str]:
    """Words naming a passphrase (``seed phrase``, ``Lösenfras``, ``助记词``): after one, an
    unquoted run of words may be the value."""
    return frozenset(v for w in data().get("phrase", ()) for v in variants(w))


@cache
def _keywords() -> re.Pattern[str]:
    listed = {v for lang, ws in data().get("keyword", {}).items() if lang != "_doc"
              for w in ws for v in variants(w)}
    return re.compile(r"(?i)(?<!\w)(?:" + "|".join(re.escape(w) for w in
                                                   sorted(listed, key=len, reverse=True)) +
                      r")(?!\w)")


def in_a_keyword(text: str, word: Word) -> bool:
    """``word`` is part of a compound naming a keyword (``palabra clave``, ``mot-clé``,
    ``Schlüsselwort``, ``关键词``: lexicon.json's ``keyword``): a search or topic word, whose
    value is a word of prose unless shaped like a password."""
    return any(m.start() <= word.start and word.end <= m.end()
               for m in _keywords().finditer(text, max(0, word.start - 24), word.end + 24))


def has_code_word(text: str) -> bool:
    """``text`` holds a code word (``Codice``, ``Kod``, ``コード``), whatever stands beside it."""
    return any(h[2] == "code" for h in _find(text, _automata()[0]))


@cache
def sentence_words() -> frozenset[str]:
    """Short words of each language that make a run of lowercase words a sentence or a
    reference (``bij``, ``im``, ``with``, ``see``), never a passphrase."""
    return frozenset(w for lang, listed in data().get("sentence", {}).items()
                     if lang != "_doc" for w in listed)


def ambiguous(word: Word) -> bool:
    """An everyday word as well as a label (the verb "pass", "key", "clave")."""
    return word.text.lower() in _ambiguous()


@cache
def _ambiguous() -> frozenset[str]:
    return frozenset(v for w in data()["ambiguous"] for lang in ("", *_JOINERS)
                     for v in forms(w, lang))


def negated(text: str, min_words: int = 1, langs: tuple[str, ...] = ()) -> bool:
    """``text`` holds a word that makes a credential word something else (of at least
    ``min_words`` words: "açık anahtar" but not "adı"; of one of ``langs`` when given)."""
    return any(len(h[4].split()) >= min_words and not _in_a_name(text, h[0], h[1]) and
               (not langs or h[3] in langs)
               for h in _find(text, _automata()[1]))


@cache
def _examples() -> re.Pattern[str]:
    words = sorted({w for lang, ws in data()["examples"].items() if lang != "_doc" for w in ws})
    return re.compile(r"(?i)(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)")


def names_an_example(text: str) -> bool:
    """``text`` (a comment after a value) says the value is only an example (lexicon.json's
    ``examples``: words that are no negators in a label, "Sample password:")."""
    return _examples().search(text) is not None


#: The languages whose labels join their words with a preposition (``_JOINERS``).
ROMANCE = tuple(_JOINERS)


def _in_a_name(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a part of a dotted name, not a word: a domain's or an
    address's end (``tokoku.id``, ``me@x.id``), a file's extension, a module path; or of a
    value, glued to a digit (``pLm2qR``)."""
    return (text[start - 1:start] in (".", "@") and start >= 2 and text[start - 2].isalnum()) \
        or (text[end:end + 1] == "." and text[end + 1:end + 2].isalnum()) \
        or text[start - 1:start].isdigit() or text[end:end + 1].isdigit()


def label(text: str) -> Word | None:
    """The credential word ``text`` names as a label (a cell, a key, a name), or None: a
    label naming only a user (``login`` words) or something else (a negator) is none. With
    several words, a value kind wins over ``login`` and the last word over earlier ones."""
    text = split_identifier(text)
    found = words(text)
    if not found or negated(text):
        return None
    value_words = [w for w in found if w.kind in VALUE_KINDS]
    # "Lösenfras för GPG-nyckeln": a password word names what the value is, before a key
    passwords = [w for w in value_words if w.kind == "password"]
    return (passwords or value_words)[-1] if value_words else None


def is_login(text: str) -> bool:
    """``text`` names a user or an account (the first half of a user/password pair)."""
    return any(w.kind == "login" for w in words(split_identifier(text)))


#: Words a variable's or a flag's name may end in, glued (``PGPASSWORD``, ``--cipassword``,
#: ``dbpass``): what a name that is one lower-case run says.
_NAME_ENDINGS = ("password", "passwd", "passphrase", "secret", "token", "apikey", "pwd")


def head_label(name: str) -> Word | None:
    """The label of an identifier of three words or more read by its last two, where what
    it holds is named (``managerPasswordSecret``: "manager", two words from "Secret", may
    name the account, as in prose a negator two words away counts only when it is two
    words — or may not: ``PublicKeyToken``); None when those two are no label or are
    negated (``adminPublicKey``). In doubt: the caller lets the value's shape decide."""
    if not name.isascii() or " " in name:
        return None
    split = split_identifier(name)
    parts = split.split()
    if len(parts) < 3:
        return None
    near = " ".join(parts[-2:])
    word = label(near)
    if word is None:
        return None
    shift = len(split) - len(near)
    return Word(word.start + shift, word.end + shift, word.text, word.kind, word.lang)


def name_label(name: str) -> Word | None:
    """The credential word of a variable's or a flag's name (``DB_PASSWORD``, ``apiKey``,
    ``PGPASSWORD``, ``cipassword``); like ``label`` but a name glued in one run counts by
    its ending."""
    word = label(name)
    if word is not None or not name.isalnum():
        return word
    low = name.lower()
    if negated(split_identifier(name)):
        return None
    for ending in _NAME_ENDINGS:
        if low.endswith(ending) and len(low) > len(ending):
            kind = "password" if ending.startswith("pass") or ending == "pwd" else \
                "key" if ending == "apikey" else ending
            return Word(len(name) - len(ending), len(name), name[-len(ending):], kind, "en")
    return None
