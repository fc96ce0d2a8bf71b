"""A second value taking the slot of the first (issue 32 point 1, set28): the label is
written once, and what follows in its sentence, or on the next line of the same form, is
read as another value of that label.

- **a sentence that goes on**: ``Netflix ma hasło Truskawka!22 a do Disney+ używamy
  SzarlotkaBabci9``, ``Wi-Fi-ի գաղտնաբառը Ararat1915x է, իսկ տեսախցիկինը՝ Gyumri_cam8``,
  ``old pw Hund2023! → Katze2024!``: after a value found beside a password word, a later
  token of its line (before the sentence ends) is one too when it has a typed password's
  shape on its own — small and capital letters and a digit, or letters, digits and a
  symbol inside — not within three words after a word naming something else (``host
  db01Prod``, ``user Admin2``, ``the host is web-01``) and nothing else
  (`memtui.core.creds.values.not_a_value`: no path, host, address, version or name);
- **the next line of the same form**: ``- neu: Katze2024!`` right under ``- Passwort alt:
  Hund2023!``, ``→ new since May: Katze2024!`` (an old value and the new one, one label
  line each, the second saying only "new"): a label line right under the found value's,
  indented as much or more (maybe a list marker or an arrow), whose label names nothing
  else (no id, user, host, URL… —
  `memtui.core.creds.shaped.says_not_secret`, and no word of the lexicon), its value alone
  and of the same strict shape.

Only after a password's label: the value judged by its shape alone, as strictly as where
no label stands.

And a value given on the line under the sentence that introduces it (`introduced_values`):
``Для обновления DNS-записи — токен Cloudflare с правом Zone.DNS:`` then the token alone on
the next line (maybe a list marker, in backticks or quotes, or alone in a code fence): the
introducing line ends in a colon and holds a credential word of the lexicon (its last, not
made something else by a negator, nor by the word after it: ``token id:``; not inside
code: ``jsonwebtoken@9.0.2``), the value no settings joined (``AccountName=…;AccountKey=…``:
a connection string, read by its own form), and the value is judged as beside that label (a
password word's value by any secret's shape; a token's or a key's, 16 characters or more).
"""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import BARE, Labelled
from memtui.core.scanner.lazy_pattern import lazy_pattern

_SENTENCE_END = lazy_pattern(r"[.!?。！？](?:\s|$)|\s[—–-]\s")
_LABEL_LINE = lazy_pattern(r"^(?P<lead>[ \t]*)(?:[-*+•→][ \t]+)?"
                           r"(?P<label>[^\W\d_][^:：=\n`→]{0,30}?)"
                           r"[ \t]*[:：=→][ \t]*`?(?P<v>[^\s`]{6,64})`?[ \t]*$")
_LEAD = lazy_pattern(r"^[ \t]*")
_TRAIL = ".,;:)]}>»”\"'`"
#: Capitalised words joined by ``-`` or ``_``, maybe a number on each (``Ufficio-Piano2``):
#: a place's or a thing's name.
_TITLED = lazy_pattern(r"[A-Z][a-z]+\d{0,3}(?:[-_][A-Z][a-z]+\d{0,3})+")
_UUID = lazy_pattern(r"(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def typed(v: str) -> bool:
    """A typed password's shape where no label stands beside it: 6 to 64 characters, small
    and capital letters and a digit, or letters, digits and a symbol inside; nothing
    `values.not_a_value` rules out; no dot, slash, ``@`` or colon (a host, a path, an
    address, a time)."""
    if not 6 <= len(v) <= 64 or any(c in v for c in "./@:\\") or not v.isascii():
        return False
    lower = any(c.islower() for c in v)
    upper = any(c.isupper() for c in v)
    digit = any(c.isdigit() for c in v)
    symbol = any(not c.isalnum() for c in v[1:-1])
    if not ((lower and upper and digit) or (lower and digit and symbol)):
        return False
    from memtui.core.creds.shaped import device_name

    return values.not_a_value(v) is None and not values.holds_label_word(v) and \
        not device_name(v) and not _TITLED.fullmatch(v) and not values.HEX_ID.match(v) and \
        not _UUID.search(v)


#: One ``name=value`` of a chain set apart by ``;`` (a cookie header, a settings string).
_CHAINED = lazy_pattern(r"(?:^|(?<=[;`\"'\s]))[ \t]*(?P<n>[\w.%-]{1,40})="
                        r"(?P<v>[^\s;`\"',&]{16,200})")


def chained_values(lines: list[str], found: list[tuple[int, int, int, str]]
                   ) -> Iterator[Labelled]:
    """``_tb_token_=e3f7a91b2c5d8; cookie2=1a9f4e7c…``: a value found as one ``name=value`` of
    a chain set apart by ``;`` makes the chain a list of slot / value pairs of its kind (a
    cookie header's cookies): each other pair whose value is random-looking alone (16
    characters or more, hex or random by `memtui.core.creds.values.secret_shape` where a
    label stands; no dotted id, as an analytics cookie's ``GA1.2.…``) is a value too."""
    for i, start, _end, why in found:
        line = lines[i]
        if ";" not in line or line[start - 1:start] != "=" or len(line) > 2000:
            continue
        for m in _CHAINED.finditer(line):
            if m.start("v") == start or not (";" in line[m.end():m.end() + 2] or
                                            ";" in line[max(0, m.start() - 3):m.start()]):
                continue
            v = m.group("v")
            shape = values.secret_shape(v, strong=True) if "." not in v else None
            if shape and ("hex" in shape or "random" in shape) and not values.not_a_value(v):
                yield Labelled(i, m.start("v"), m.end("v"), v, f"a pair of the chain of "
                               f"{why.split(' + ')[0]} + {shape}")


def same_code(first: str, v: str) -> bool:
    """``v`` is a code as the first value is: four to eight digits (``PIN 3307 → 9152``,
    ``the gate's code is 48213 and the alarm takes 7719``), no year (``PIN 4821, valid to
    2028``)."""
    return first.rstrip("#*").isdigit() and v.isdigit() and 4 <= len(v) <= 8 and \
        len(set(v)) > 1 and not (len(v) == 4 and v[:2] in ("19", "20"))


def sibling_values(lines: list[str], found: list[tuple[int, int, int, str]]
                   ) -> Iterator[Labelled]:
    """The values taking the slot of ``found`` ((line, start, end, why) of each value found
    beside a password word)."""
    for i, start, end, why in found:
        line = lines[i]
        first = line[start:end]
        stop = _SENTENCE_END.search(line, end)
        limit = stop.start() if stop else len(line)
        later = [w for w in lexicon.words(line[end:limit]) if w.kind not in lexicon.VALUE_KINDS]
        if later:  # ``…, login to ab12345-ovh``: a user's value from there on
            limit = end + later[0].start
        pos = end
        while pos < limit:
            m = BARE.search(line, pos)
            if not m or m.start() >= limit:
                break
            pos = m.end()
            a = m.start()
            if a and (line[a - 1].isalnum() or line[a - 1] in "_-"):
                continue
            v = m.group(0).rstrip(_TRAIL)
            if v[-1:] in "!?" and not (len(v) >= 7 and v[-2].isalnum() and
                                       any(c.isdigit() for c in v)):
                v = v[:-1]  # the sentence's mark; ``Katze2024!`` keeps its own
            before = line[max(end, a - 40):a].split()[-3:]
            if (typed(v) or same_code(first, v)) and not any(_names_other(w) for w in before) and \
                    not (before and before[-1].startswith("-")):
                yield Labelled(i, a, a + len(v), v, f"a second value in the sentence of "
                               f"{why.split(' + ')[0]}")
        below = i + 1
        if below < len(lines):
            here = _LEAD.match(line).group(0)
            m = _LABEL_LINE.match(lines[below])
            if m and len(m.group("lead")) >= len(here) and \
                    not lexicon.words(m.group("label")) and not _names_other(m.group("label")):
                v = m.group("v").rstrip(_TRAIL)
                if typed(v):
                    yield Labelled(below, m.start("v"), m.start("v") + len(v), v,
                                   f"the next value under {why.split(' + ')[0]}")


_ALONE = lazy_pattern(r"^[ \t]*(?:[-*+•][ \t]+)?(?P<q>[`\"']?)(?P<v>[^\s`\"']{4,200})(?P=q)[ \t]*$")
_CODE_SPAN = lazy_pattern(r"`[^`\n]*`")
#: A value struck through at a line's start, then an arrow or a blank.
_STRUCK = lazy_pattern(r"^[ \t]*(?:[-*+•][ \t]+)?~~(?P<v>[^\s~`]{4,200})~~[ \t]*(?:[→>-]+[ \t]*)?")
_FENCE = lazy_pattern(r"^[ \t]*(?:```|~~~)[\w-]*[ \t]*$")


def introduced_values(lines: list[str]) -> Iterator[Labelled]:
    """The values given alone on the line under a line introducing them (see the module)."""
    for i, line in enumerate(lines[:-1]):
        head = line.rstrip(" \t*_")
        if not head.endswith((":", "：")) or len(head) > 300:
            continue
        j = i + 1
        if _FENCE.match(lines[j]):
            if j + 2 >= len(lines) or not _FENCE.match(lines[j + 2]):
                continue
            j += 1
        m = _ALONE.match(lines[j])
        struck = _STRUCK.match(lines[j]) if not m and "~~" in lines[j] else None
        if struck:  # ``~~Tulp2024!~~ Krokus2025!``: the old value struck through, the new
            m = _ALONE.match(" " * struck.end() + lines[j][struck.end():])  # one after
            # it: both are the label's (the struck part blanked, its offsets kept)
        if not m:
            continue
        v = m.group("v")
        if "=" in v.rstrip("=") or ";" in v:
            continue  # settings joined (a connection string): their own forms read them
        head = _CODE_SPAN.sub(lambda c: " " * len(c.group(0)), head)  # a name in code
        words = [w for w in lexicon.words(head) if w.kind in lexicon.VALUE_KINDS]
        after = head[words[-1].end:].split()[:1] if words else []
        if not words or lexicon.negated(head) or (after and _names_other(after[0])):
            continue
        word = words[-1]
        shape = values.secret_shape(v, strong=True, password_word=word.kind == "password",
                                    quoted=bool(m.group("q")))
        if shape and (word.kind == "password" or len(v) >= 16):
            yield Labelled(j, m.start("v"), m.end("v"), v,
                           f'{word.kind} label "{word.text}" on the line above + {shape}')
            old = struck.group("v") if struck else ""
            shape = values.secret_shape(old, strong=True, password_word=word.kind == "password")
            if struck and shape:
                yield Labelled(j, struck.start("v"), struck.end("v"), old,
                               f'{word.kind} label "{word.text}" on the line above + {shape}'
                               " (struck through: the value before)")


#: The pictures of a lock and a key: a label's sign that what follows opens something.
LOCKS = ("\U0001f512", "\U0001f510", "\U0001f511", "\U0001f5dd", "\U0001f513")
_PICTURED = lazy_pattern(
    r"^[ \t]*(?:[-*+•][ \t]+)?(?:\*\*)?[\U0001f510-\U0001f513\U0001f5dd]\ufe0f?[ \t]*"
    r"(?P<label>[^:：=→\n`]{0,40}?)(?:\*\*)?[ \t]*(?:[:：=→]|[ \t]—)[ \t]*(?:\*\*)?"
    r"(?P<q>[`\"']?)(?P<v>[^\s`\"']{4,64})(?P=q)(?:\*\*)?"
    r"[ \t]*(?:[(（][^()（）\n]{0,80}[)）])?[ \t]*[.;,。]?[ \t]*$")


def pictured_values(lines: list[str]) -> Iterator[Labelled]:
    """``🔒 isango: 1948``, ``- 🔑 Büro → Xk9#…``: a label line opened by a lock's or a key's
    picture, in any language (set28's emoji labels), labels its value as a password word
    does — unless its words name something else (an id, a user, a host: ``🔑 key id:``)."""
    for i, line in enumerate(lines):
        if not any(c in line for c in LOCKS):
            continue
        m = _PICTURED.match(line)
        if not m or _names_other(m.group("label")) or lexicon.negated(m.group("label")):
            continue
        v = m.group("v")
        shape = values.secret_shape(v, strong=True, password_word=True,
                                    quoted=bool(m.group("q")))
        if shape:
            yield Labelled(i, m.start("v"), m.end("v"), v,
                           f"a lock's picture as its label + {shape}")


def _names_other(label: str) -> bool:
    from memtui.core.creds.shaped import says_not_secret

    return says_not_secret(label)
