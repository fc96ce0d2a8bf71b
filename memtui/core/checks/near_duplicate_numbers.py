"""Numbers written in words, read as digits (`near_duplicate`'s facts, issue 34): a memory
restated in prose says “fifteen minutes”, “tysiąc czterysta pięćdziesiąt”, “dois dias” where
its list said ``15 min``, ``1450 °C``, ``2 dias``; its facts are its numbers, so the words
must give the same ones.

`word_numbers` reads the number words of the main languages written with spaces between
words (English, German, Dutch, Swedish, French, Spanish, Portuguese, Italian, Polish,
Czech, Russian, Ukrainian, Turkish, Malay/Indonesian, Swahili, Persian, Arabic, Greek,
Hebrew: each word also with the prefixes Hebrew writes onto it): units,
teens, tens, hundreds, the words for a hundred and a thousand, joined into one number
where a language joins them (“two hundred thousand” 200000, “vijfennegentig” is one word
and left out, “dua belas” 12, “on beş” 15). “One” and “a” are no numbers here (an
article, a pronoun), nor are short words that are another language's common words unless
beside another number word (“on”, Turkish ten; “bin”, its thousand; “elf”, German eleven).

Cost: `has_number_words` tests a text's word stems against the words' stems (one set
operation, the stems `_words` made anyway); only a text holding one is read again (one
``findall`` of its words, a dictionary lookup each by a C-level ``map``, a Python step per
number word).
"""

from __future__ import annotations

import re
import unicodedata

from memtui.core.scanner.lazy_pattern import lazy_pattern

__all__ = ["has_number_words", "word_numbers"]

STEM = 5  # letters of a word kept in its stem (as the sketch's `_words` cuts them)

# value kinds: a plain value (units, teens, tens, hundreds), HUNDRED and THOUSAND
# multipliers, a TEEN suffix (Malay "belas": +10), TENS suffix (Malay "puluh": ×10), a JOIN
HUNDRED, THOUSAND, MILLION, TEEN, TENS, JOIN = -1, -2, -3, -4, -5, -6

_WORDS: dict[str, int] = {}
_WEAK: dict[str, int] = {}  # counted only beside another number word


def _add(table: dict[str, int], spec: str) -> None:
    for item in spec.split():
        word, _, value = item.partition("=")
        table[word] = int(value)


# English
_add(_WORDS, "two=2 three=3 four=4 five=5 six=6 seven=7 eight=8 nine=9 ten=10 eleven=11 "
     "twelve=12 thirteen=13 fourteen=14 fifteen=15 sixteen=16 seventeen=17 eighteen=18 "
     "nineteen=19 twenty=20 thirty=30 forty=40 fifty=50 sixty=60 seventy=70 eighty=80 "
     "ninety=90 hundred=-1 thousand=-2 million=-3 dozen=12")
_add(_WEAK, "one=1 and=-6")
# German
_add(_WORDS, "zwei=2 drei=3 vier=4 fünf=5 sechs=6 sieben=7 neun=9 zehn=10 zwölf=12 "
     "dreizehn=13 vierzehn=14 fünfzehn=15 sechzehn=16 siebzehn=17 achtzehn=18 neunzehn=19 "
     "zwanzig=20 dreißig=30 vierzig=40 fünfzig=50 sechzig=60 siebzig=70 achtzig=80 "
     "neunzig=90 hundert=-1 tausend=-2")
_add(_WEAK, "acht=8 elf=11 und=-6 ein=1 eins=1")
# Dutch
_add(_WORDS, "twee=2 drie=3 vijf=5 zes=6 zeven=7 negen=9 tien=10 twaalf=12 dertien=13 "
     "veertien=14 vijftien=15 zestien=16 zeventien=17 achttien=18 negentien=19 twintig=20 "
     "dertig=30 veertig=40 vijftig=50 zestig=60 zeventig=70 tachtig=80 negentig=90 "
     "honderd=-1 duizend=-2")
# Swedish
_add(_WORDS, "två=2 tre=3 fyra=4 fem=5 sex=6 sju=7 åtta=8 nio=9 tio=10 elva=11 tolv=12 "
     "femton=15 tjugo=20 trettio=30 fyrtio=40 femtio=50 sextio=60 hundra=-1 tusen=-2")
# French
_add(_WORDS, "deux=2 trois=3 quatre=4 cinq=5 sept=7 huit=8 neuf=9 onze=11 douze=12 "
     "treize=13 quatorze=14 quinze=15 seize=16 vingt=20 vingts=20 trente=30 quarante=40 "
     "cinquante=50 soixante=60 mille=-2")
_add(_WEAK, "six=6 dix=10 et=-6 cent=-1 cents=-1")  # “pour cent”: a percent
# Spanish, Portuguese, Italian
_add(_WORDS, "dos=2 tres=3 cuatro=4 cinco=5 seis=6 siete=7 ocho=8 nueve=9 diez=10 "
     "doce=12 quince=15 veinte=20 treinta=30 cuarenta=40 cincuenta=50 sesenta=60 "
     "cien=-1 ciento=-1 doscientos=200 trescientos=300 quinientos=500 "
     "dois=2 duas=2 três=3 quatro=4 oito=8 nove=9 dez=10 doze=12 quinze=15 vinte=20 "
     "trinta=30 quarenta=40 cinquenta=50 sessenta=60 cem=-1 duzentos=200 trezentos=300 "
     "quinhentos=500 "
     "due=2 quattro=4 cinque=5 sette=7 otto=8 nove=9 dieci=10 dodici=12 quindici=15 "
     "venti=20 trenta=30 quaranta=40 cinquanta=50 sessanta=60 cento=-1 mila=-2 mille=-2")
_add(_WEAK, "mil=-2 sei=6 onze=11 y=-6 e=-6 uno=1 um=1 jeden=1 satu=1 moja=1 na=-6")
# Polish, Czech
_add(_WORDS, "dwa=2 dwie=2 dwóch=2 dwoch=2 trzy=3 trzech=3 cztery=4 czterech=4 pięć=5 "
     "pięciu=5 sześć=6 sześciu=6 siedem=7 osiem=8 dziewięć=9 dziesięć=10 dziesięciu=10 "
     "jedenaście=11 dwanaście=12 piętnaście=15 dwadzieścia=20 trzydzieści=30 "
     "czterdzieści=40 pięćdziesiąt=50 sześćdziesiąt=60 sto=-1 dwieście=200 dwustu=200 "
     "trzysta=300 trzystu=300 czterysta=400 pięćset=500 sześćset=600 siedemset=700 "
     "osiemset=800 dziewięćset=900 dziewięciuset=900 tysiąc=-2 tysiące=-2 tysięcy=-2 "
     "dvě=2 tři=3 čtyři=4 pět=5 šest=6 sedm=7 devět=9 deset=10 dvanáct=12 patnáct=15 "
     "dvacet=20 třicet=30 padesát=50 tisíc=-2")
# Russian, Ukrainian
_add(_WORDS, "два=2 две=2 два=2 дві=2 три=3 четыре=4 чотири=4 пять=5 п'ять=5 шесть=6 "
     "шість=6 семь=7 сім=7 восемь=8 вісім=8 девять=9 дев'ять=9 десять=10 двенадцать=12 "
     "дванадцять=12 пятнадцать=15 п'ятнадцять=15 двадцать=20 двадцять=20 тридцать=30 "
     "тридцять=30 сорок=40 пятьдесят=50 п'ятдесят=50 сто=-1 двести=200 двісті=200 "
     "триста=300 тысяча=-2 тысячи=-2 тысяч=-2 тисяча=-2 тисячі=-2 тисяч=-2 двух=2 двох=2 "
     "трех=3 трьох=3")
# Turkish
_add(_WORDS, "iki=2 üç=3 dört=4 beş=5 altı=6 yedi=7 sekiz=8 dokuz=9 yirmi=20 otuz=30 "
     "kırk=40 elli=50 altmış=60 yüz=-1")
_add(_WEAK, "on=10 bin=-2 bir=1")
# Malay, Indonesian, Swahili
_add(_WORDS, "dua=2 tiga=3 empat=4 lima=5 enam=6 tujuh=7 lapan=8 delapan=8 sembilan=9 "
     "sepuluh=10 sebelas=11 belas=-4 puluh=-5 seratus=100 ratus=-1 seribu=1000 ribu=-2 "
     "mbili=2 tatu=3 nne=4 tano=5 sita=6 saba=7 nane=8 tisa=9 kumi=10 ishirini=20 "
     "thelathini=30 arobaini=40 hamsini=50")
# Persian, Arabic
_add(_WORDS, "دو=2 سه=3 چهار=4 پنج=5 شش=6 هفت=7 هشت=8 نه=9 ده=10 دوازده=12 پانزده=15 "
     "بیست=20 سی=30 چهل=40 پنجاه=50 صد=-1 هزار=-2 "
     "اثنان=2 اثنين=2 ثلاثة=3 ثلاث=3 أربعة=4 اربعة=4 خمسة=5 خمس=5 ستة=6 سبعة=7 ثمانية=8 "
     "تسعة=9 عشرة=10 عشر=10 عشرين=20 عشرون=20 ثلاثين=30 خمسين=50 مئة=-1 مائة=-1 ألف=-2 الف=-2 "
     "ثلاثون=30 أربعون=40 اربعون=40 أربعين=40 اربعين=40 خمسون=50 ستون=60 ستين=60 سبعون=70 "
     "سبعين=70 ثمانون=80 ثمانين=80 تسعون=90 تسعين=90")

# Greek
_add(_WORDS, "δύο=2 τρία=3 τρεις=3 τέσσερα=4 τέσσερις=4 πέντε=5 έξι=6 επτά=7 εφτά=7 οκτώ=8 "
     "οχτώ=8 εννέα=9 εννιά=9 δέκα=10 έντεκα=11 δώδεκα=12 είκοσι=20 τριάντα=30 σαράντα=40 "
     "πενήντα=50 εξήντα=60 εβδομήντα=70 ογδόντα=80 ενενήντα=90 εκατό=-1 διακόσια=200 "
     "τριακόσια=300 πεντακόσια=500 χίλια=1000 χιλιάδες=-2")
_add(_WEAK, "ένα=1 μία=1 και=-6")
# Hebrew, each word also with a preposition, the article or “and” written onto it
# (“מאלפיים”: from two thousand)
_HEBREW = {}
_add(_HEBREW, "שתיים=2 שניים=2 שתי=2 שלוש=3 שלושה=3 שלושת=3 ארבע=4 ארבעה=4 ארבעת=4 חמש=5 "
     "חמישה=5 חמשת=5 שישה=6 שבע=7 שבעה=7 שמונה=8 תשע=9 תשעה=9 עשר=10 עשרה=10 עשרים=20 "
     "שלושים=30 ארבעים=40 חמישים=50 שישים=60 שבעים=70 שמונים=80 תשעים=90 מאה=-1 מאות=-1 "
     "מאתיים=200 אלף=-2 אלפים=-2 אלפיים=2000")
for _w, _v in _HEBREW.items():
    for _p in ("", "ו", "ב", "ל", "מ", "ה", "כ", "וב", "ול", "ומ"):
        _WORDS[_p + _w] = _v
_add(_WEAK, "אחת=1 אחד=1 שני=2 שש=6")

# German and Dutch write a ten and its unit as one word: vierundzwanzig, vijfennegentig.
for _units, _tens, _join in (
        ("ein zwei drei vier fünf sechs sieben acht neun",
         "zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig", "und"),
        ("een twee drie vier vijf zes zeven acht negen",
         "twintig dertig veertig vijftig zestig zeventig tachtig negentig", "en")):
    for _u, _unit in enumerate(_units.split(), 1):
        for _t, _ten in enumerate(_tens.split(), 2):
            _WORDS[_unit + _join + _ten] = 10 * _t + _u
_WORDS["tweeënveertig"] = 42  # (the diaeresis: tweeën-, drieën-)
_NL_TENS = "twintig dertig veertig vijftig zestig zeventig tachtig negentig"
for _t, _ten in enumerate(_NL_TENS.split(), 2):
    _WORDS["tweeën" + _ten] = 10 * _t + 2
    _WORDS["drieën" + _ten] = 10 * _t + 3

#: Number words that are common words of another language, or names (Italian “due”,
#: Swedish “sex”, “Lima”, “Otto”, Persian “نه” not): counted only beside another number word.
_AMBIGUOUS = ("due tre sei sex fem nio tio dos otto lima pět šest tři dvě sto mila sept saba "
              "sita tano nane nne tatu elli tien نه ده سی")
for _w in _AMBIGUOUS.split():
    if _w in _WORDS:
        _WEAK[_w] = _WORDS.pop(_w)

#: Accents, and Arabic's hamza and madda as NFKD writes them (``أربعون`` is ``اربعون``: a
#: mark splits a word).
_MARKS = re.compile("[\u0300-\u036f\u0653-\u0655]+")


def _fold(word: str) -> str:
    return _MARKS.sub("", unicodedata.normalize("NFKD", word)).replace("ł", "l").replace(
        "ı", "i")


# folded keys too (a text typed without its diacritics)
for _table in (_WORDS, _WEAK):
    _table.update({_fold(w): v for w, v in list(_table.items())})
_APOSTROPHES = str.maketrans("’ʼ`", "'''")
#: The stems of the words (as `_words` makes them: folded, their first ``STEM`` letters, three
#: letters or more): a text none of whose stems is one holds no number word.
STEMS = frozenset(w[:STEM] for w in _WORDS if len(w) >= 3 and "'" not in w) | frozenset(
    w.split("'")[0][:STEM] for w in _WORDS if "'" in w and len(w.split("'")[0]) >= 3) | {
    "sto", "dwa", "dos", "tre", "sex", "tio"}
_WORD = lazy_pattern(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def has_number_words(stems: set[str]) -> bool:
    """Whether a text whose word stems are ``stems`` may hold a number word."""
    return not stems.isdisjoint(STEMS)


def word_numbers(text: str) -> set[str]:
    """The numbers ``text`` writes in words, as digits (see the module's docstring)."""
    words = _WORD.findall(_fold(text.lower().translate(_APOSTROPHES)))
    out: set[str] = set()
    run: list[int] = []
    strong = False
    get, weak = _WORDS.get, _WEAK.get
    for word in words:
        v = get(word)
        if v is None:
            v = weak(word)
            if v is None:
                if run:
                    _close(run, strong, out)
                    run, strong = [], False
                continue
        else:
            strong = True
        run.append(v)
    if run:
        _close(run, strong, out)
    return out


def _close(run: list[int], strong: bool, out: set[str]) -> None:
    """Add the numbers of one run of number words to ``out`` (none when no word of it is
    certainly a number)."""
    if not strong:
        return
    total = cur = 0
    started = False
    for v in run:
        if v == JOIN:
            continue
        if v == HUNDRED:
            cur = (cur or 1) * 100
        elif v in (THOUSAND, MILLION):
            total += (cur or 1) * (1000 if v == THOUSAND else 1_000_000)
            cur = 0
        elif v == TEEN:
            cur += 10
        elif v == TENS:
            cur = (cur % 10 or 1) * 10 + cur - cur % 10
        else:
            place = 1
            while cur and cur % (place * 10) == 0:
                place *= 10
            if cur and v >= place and not total:  # not one number: “two three” are two
                out.add(str(cur))
                cur = v
            elif cur and v >= place:
                out.add(str(total + cur))
                total, cur = 0, v
            else:
                cur += v
        started = True
    if started and total + cur > 1:
        out.add(str(total + cur))
