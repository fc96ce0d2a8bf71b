"""Text in a memory addressed to the model, read by its structure whatever its language
(session 33, blind set rules23: in 28 languages, 19 of 34 planted orders were missed by the
verb-and-object classes of `memtui.core.checks.orders`, whose own sets said 30 of 30).

A memory is data the agent wrote about the world; a line of it that speaks *to* the agent is
an order planted there. What such a line looks like in any language:

* a label naming the model as the one addressed, then what it is told: "Note to the AI
  model reading this:", "Προς τον βοηθό:", "Ohje tekoälylle:", "AI के लिए:", "إلى المساعد
  الذكي:", "【システム】AIへ：", in an HTML comment too; or the model called by name at a
  line's start, "Assistant, …";
* a marker that imitates a system turn: a heading or a bracketed or colon label that is the
  word "system" alone in capitals ("### SYSTEM", "[SYSTEM]", "【システム】", "SYSTEM
  OVERRIDE:"), or an XML ``<system>`` tag;

and in either case, what follows speaks of the model's own things: its instructions, its
prompt, the system, its memory, secrets. A label that names the model and says nothing of
those ("Note for the assistant: answer in Polish") is a preference, not an order; a label
that only names an AI thing ("AI model: …", "Discord bot: …") is a topic, not an address:
besides the words for an AI, the label must hold another word (a "to", a "note", a case
ending). The word classes are small and closed: the ways of saying "artificial
intelligence", "assistant", "instruction", "prompt", "system", "memory" and "secret" in the
common languages.
"""

from __future__ import annotations

import re

import ahocorasick

from memtui.core.checks.address_grammar import words as grammar_words
from memtui.core.checks.ask_words import register, words_at
from memtui.core.checks.asks import asks, asks_harm
from memtui.core.checks.unlabelled import enough
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Words naming the model as an addressee (lower case, found inside words: "tekoälylle",
#: "AI-assistenten", "βοηθό"): assistant, artificial (intelligence), and the one-word names.
ADDRESSEES = (
    "assistant", "assistent", "asistent", "asystent", "asszisztens", "asisten", "asistan",
    "ассистент", "нейросет", "нейромереж",
    "асистент", "помощник", "помічник", "βοηθ", "avustaja", "yardımcı", "trợ lý", "ผู้ช่วย",
    "دستیار", "مساعد", "معاون", "עוזר", "सहाय", "সহকারী", "உதவியாளர்", "msaidizi", "pembantu",
    "katulong", "助手", "助理", "アシスタント", "어시스턴트", "비서", "chatbot", "챗봇",
    "artific", "künstlich", "kunstmatig", "kunstig", "sztuczn", "uměl", "umel", "umetn",
    "искусствен", "штучн", "τεχνητ", "mesterséges", "yapay", "buatan", "nhân tạo",
    "ประดิษฐ์", "مصنوعی", "اصطناعي", "מלאכותית", "कृत्रिम", "人工智", "人工知", "인공지능",
    "tekoäly",
    "asysten", "umjetn", "вештачк", "изкуствен", "mākslīg", "dirbtin", "tehisintellekt", "কৃত্রিম",
    "செயற்கை", "एआई", "এআই", "도우미",
    # "for / to the model" (the model alone names a data model as often)
    "for the model", "to the model", "für das modell", "pour le modèle", "para el modelo",
    "per il modello", "pentru model", "voor het model", "dla modelu", "pro model",
    "для модели", "для моделі", "للنموذج", "إلى النموذج", "برای مدل", "给模型", "給模型",
    "モデルへ", "모델에게",
    # the same, in the languages the list above left out (session 37)
    "προς το μοντέλο", "για το μοντέλο", "למודל",
    # a language model (session 35: "אם אתה מודל שפה", "jeśli jesteś modelem językowym")
    "language model", "sprachmodell", "modelo de lenguaje", "modelo de linguagem",
    "modèle de langage", "modello linguistico", "taalmodel", "språkmodell", "sprogmodel",
    "model język", "modelem język", "jazykový model", "языковая модель", "языковой модел",
    "мовна модель", "мовною модел", "γλωσσικό μοντέλο", "dil modeli", "model bahasa",
    "mô hình ngôn ngữ", "โมเดลภาษา", "مدل زبانی", "نموذج لغوي", "نموذج اللغة", "מודל שפה",
    "भाषा मॉडल", "ভাষা মডেল", "语言模型", "語言模型", "言語モデル", "언어 모델", "언어모델",
    "kielimalli", "nyelvi modell", "model de limbaj", "modeli wa lugha", "modelo ng wika",
    # an automated or autonomous agent (session 39: "Automated agents handling this ticket:"
    # — an agent alone names a person or a process as often)
    "automated agent", "autonomous agent",
)
#: The same in the languages of `address_grammar` (session 38).
ADDRESSEES = tuple(dict.fromkeys((*ADDRESSEES, *grammar_words("model"))))
#: The same as initials, in capitals ("AI", "IA", "KI", "ИИ", "ШІ"): a lower-case "ai" or
#: "ki" is a word of its own in Italian or Hungarian.
_INITIAL_STRINGS = ("AI", "IA", "KI", "LLM", "ИИ", "ШІ")
#: Words that name an AI thing without addressing it: "AI model:", "AI assistant:" are
#: topics. Taken out of a label, with the addressee words, before looking for another word.
_AI_NOUNS = lazy_pattern(
    r"(?i)\b(?:the|a|an|ai|a\.i\.|ia|ki|llm|gpt\w*|claude|gemini|model\w*|modèle|modell\w*|"
    r"bot|bots|chat\w*|agent\w*|langue?age?)\b")

#: The model's own things, which an order to it speaks of (lower case, found inside words:
#: "rendszerpromptodat", "muistitiedostot", "geheugenbestanden").
INTERNALS = (
    # its prompt
    "prompt", "промпт", "プロンプト", "프롬프트", "提示词", "提示詞", "پرامپت", "פרומפט",
    "प्रॉम्प्ट", "প্রম্পট", "istem", "موجّه", "موجه",
    # its instructions
    "instruc", "instrukc", "instrukt", "instruç", "istruz", "инструкц", "інструкц",
    "anweisung", "consigne", "οδηγ", "ohje", "utasítás", "talimat", "arahan", "instruksi",
    "chỉ dẫn", "hướng dẫn", "คำสั่ง", "دستور", "تعليمات", "הוראות", "הנחיות", "निर्देश",
    "指示", "指令", "지시", "지침", "pokyn", "polecen", "richtlijn", "directiv", "direktiv",
    "diretriz", "directriz", "indicacion", "указани", "вказівк", "instruks", "juhis",
    "maagizo", "tagubilin", "navodil", "upute", "uputstv", "упатств", "norādījum",
    "nurodym", "নির্দেশ", "அறிவுறுத்த", "ہدایات", "chỉ thị", "命令",
    # the system
    "system", "sistem", "systèm", "систем", "σύστημ", "συστημ", "järjestelm", "rendszer",
    "systeem",
    "システム", "系统", "系統", "시스템", "النظام", "מערכת", "सिस्टम", "hệ thống", "ระบบ",
    "سیستم", "সিস্টেম",
    # its memory
    "memor", "memór", "mémoire", "speicher", "gedächtnis", "geheugen", "minne", "muisti",
    "pamię", "pamět", "paměť", "pamäť", "памят", "пам'ят", "пам’ят", "μνήμ", "hafıza",
    "bellek", "ذاكرة", "ذاكره", "זיכרון", "मेमोरी", "स्मृति", "bộ nhớ", "ความจำ", "حافظه",
    "记忆", "記憶", "メモリ", "메모리", "기억", "hukommelse", "mälu", "kumbukumbu", "atmiņ",
    "atmint", "spomin", "মেমরি", "স্মৃতি", "நினைவ", "میموری",
    # secrets
    "secret", "password", "api key", "credential", "passwort", "contraseña", "mot de passe",
    "senha", "пароль", "секрет", "密钥", "密鑰", "密码", "密碼", "パスワード", "비밀번호",
)
#: Of `INTERNALS`, its prompt and its instructions alone (what a fake system label's order
#: speaks of: "System: memory 16 GB" is a machine's specs). Both found with the asks' words,
#: in one pass over a line (`memtui.core.checks.ask_words`).
register("internal", INTERNALS)
register("told", INTERNALS[:INTERNALS.index("system")])
#: The words for "system" (lower case), which a fake system label holds ("Aviso del
#: sistema:", "[ISTRUZIONE DI SISTEMA]", "دستور سیستم:", "[คำสั่งระบบ]").
SYSTEM_WORDS = INTERNALS[INTERNALS.index("system"):INTERNALS.index("memor")]

#: What may come before a label at a line's start: a list marker, a quote, an HTML
#: comment's opening, bold, "P.S.", a parenthesis, a terminal escape, a code comment's
#: opening ("// NB pour l'assistant :", "/* ПРИМІТКА ДЛЯ АСИСТЕНТА:"); `_LEAD` besides a
#: bracketed tag ("【システム】").
_LEAD0 = (r"^\s*(?:<!--\s*|[-*+>]\s+|\d+[.)]\s+|\*\*|__|[\"“«„'「(（]\s*|"
          r"p\.\s?s\.\s*|\x1b\[[\d;]*m|(?://+|/\*+|#+|--)\s*)*")
_LEAD = (r"^\s*(?:<!--\s*|[-*+>]\s+|\d+[.)]\s+|\*\*|__|[\"“«„'「(（]\s*|"
         r"p\.\s?s\.\s*|\x1b\[[\d;]*m|(?://+|/\*+|#+|--)\s*|"
         r"[\[【][^\]】\n]{1,20}[\]】]\s*)*")
#: A label: up to six words before a colon, then what it labels.
_LABEL = lazy_pattern(r"(?i)" + _LEAD + r"(?P<label>[^:：\n]{1,48}?)\s*(?:\*\*|__)?\s*[:：]"
                      r"(?!//)\s*(?:\*\*|__)?(?P<rest>.*)")
#: The model called by name: "Assistant, …", "Dear AI, …".
_VOCATIVE = lazy_pattern(r"(?i)" + _LEAD + r"(?P<label>[^,，、:：\n]{1,30}?)\s*[,，、]\s*"
                         r"(?P<rest>.+)")
#: A bracketed label, not a link's text: "[assistant note]", "【给AI助手的提示】",
#: "[ISTRUZIONE DI SISTEMA]".
_BRACKET = lazy_pattern(r"(?i)" + _LEAD0 + r"[\[【](?P<label>[^\]】\n]{1,40})[\]】](?!\()\s*[:：]?"
                        r"(?P<rest>.*)")
#: A heading.
_HEADING = lazy_pattern(r"^\s*#{1,6}\s+(?P<label>.+?)\s*#*\s*$")

#: "System" alone, as a system turn's marker: in capitals where the script has them.
_SYSTEM_WORD = (r"(?:SYSTEM|SYSTÈME|SYSTEME|SISTEMA|SISTEM|СИСТЕМА|ΣΥΣΤΗΜΑ|ΣΎΣΤΗΜΑ|SYSTEEM|"
                r"JÄRJESTELMÄ|RENDSZER|SYSTEMET|SYSTÉM|SİSTEM|システム|系统|系統|시스템)")
_MARKER = lazy_pattern(
    r"^\s*(?:<!--\s*)?(?:#{1,6}\s*" + _SYSTEM_WORD + r"(?:\s+[A-ZÀ-ÝА-ЯΑ-Ω]+)?\s*#*\s*$|"
    r"[\[【<]\s*" + _SYSTEM_WORD + r"\s*[\]】>]|" + _SYSTEM_WORD
    + r"(?:\s+[A-ZÀ-ÝА-ЯΑ-Ω]+)?\s*[:：])(?P<rest>.*)")
_XML_SYSTEM = lazy_pattern(r"(?i)</?system(?:[-_ ]?(?:prompt|message|instructions?))?>")
#: The words one of which a marker holds (lower case, for the keyword probe), each with
#: the strings, as written, that the marker holds (its capitals, an XML tag's "<system").
MARKERS = {"system": ("SYSTEM", "<system", "</system", "<System", "</System"),
           "systè": ("SYSTÈ",), "sistem": ("SISTEM", "SİSTEM"), "систем": ("СИСТЕМ",),
           "σύστημ": ("ΣΎΣΤΗΜ",), "συστημ": ("ΣΥΣΤΗΜ",), "järjestelm": ("JÄRJESTELM",),
           "rendszer": ("RENDSZER",), "systém": ("SYSTÉM",), "システム": ("システム",),
           "系统": ("系统",), "系統": ("系統",), "시스템": ("시스템",)}
MARKER_WORDS = tuple(MARKERS)
#: The initials whose lower case is no common part of a word, for the keyword probe.
INITIAL_WORDS = ("llm", "ии", "ші")


def markers_in(text: str, present: list[str]) -> tuple[str, ...]:
    """The strings of `MARKERS` in ``text``, of the words ``present`` in it."""
    return tuple(s for w in present for s in MARKERS[w] if s in text)


def initials(text: str, rare: bool = True) -> list[tuple[int, int]]:
    """(start, end) of each of the model's initials in ``text``, a word of its own
    ("AI-assistenten", "AIへ": no Latin or Cyrillic letter on either side; "MEDIA", "WIKI"
    hold none). Found by a substring search for each (a pattern would be tried at every
    capital A and I of the text); ``rare``: look for those of `INITIAL_WORDS` too."""
    out: list[tuple[int, int]] = []
    for s in _INITIAL_STRINGS if rare else _INITIAL_STRINGS[:3]:
        k = text.find(s)
        while k >= 0:
            end = k + len(s)
            if (k == 0 or not _LETTER.match(text, k - 1)) and not _LETTER.match(text, end):
                out.append((k, end))
            k = text.find(s, end)
    out.sort()
    return out


_LETTER = lazy_pattern(r"[A-Za-zА-Яа-яІі]")


#: Any of `ADDRESSEES`, in one scan (a label is tried at each clause and cell of a line).
_ADDRESSEE = lazy_pattern("|".join(map(re.escape, sorted(ADDRESSEES, key=len, reverse=True))))


def names_model(label: str) -> bool:
    """Whether ``label`` names the model: one of `ADDRESSEES`, or its initials standing for
    it (not a name's part, "AI Stack")."""
    return _names_model(label)


#: The same words in one Aho–Corasick automaton, for asking whether a text holds one: a
#: regular expression of ~300 alternatives in a dozen scripts is tried at every character
#: (session 38: the languages of `address_grammar` made it a third of the check's time).
_ADDRESSEE_WORDS: list[ahocorasick.Automaton] = []


def _holds_addressee(low: str) -> bool:
    if not _ADDRESSEE_WORDS:
        a = ahocorasick.Automaton()
        for w in ADDRESSEES:
            a.add_word(w, w)
        a.make_automaton()
        _ADDRESSEE_WORDS.append(a)
    return next(_ADDRESSEE_WORDS[0].iter(low), None) is not None


def _names_model(label: str) -> bool:
    return _holds_addressee(label.lower()) or bool(_own_initials(label))


#: A Latin word, capitalized, after an initial: "AI Stack", "EU AI Act", "IN AI PROMPTS"
#: (the initial is a name's part or an attribute: a product, a law, prompts of AI things).
_CAPITAL_AFTER = lazy_pattern(r"[ \t-]+(?P<w>[A-Z][A-Za-z]*)")


def _own_initials(label: str) -> list[tuple[int, int]]:
    """`initials` of ``label`` that name the model itself, not part of a name or an
    attribute ("AI Stack", "IP PROTECTION IN AI PROMPTS"; "Note to AI", "AI Assistant"
    name it)."""
    out = []
    for start, end in initials(label):
        m = _CAPITAL_AFTER.match(label, end)
        if m is not None and _ADDRESSEE.search(m.group("w").lower()) is None \
                and _AI_NOUNS.fullmatch(m.group("w")) is None:
            continue
        out.append((start, end))
    return out


def _unnamed(label: str) -> str:
    """``label`` (lower case) without its words naming the model."""
    rest = label
    for start, end in reversed(_own_initials(label)):
        rest = rest[:start] + " " + rest[end:]
    return _ADDRESSEE.sub(" ", rest.lower())


def _addresses(label: str) -> bool:
    """Whether a label names the model as the one addressed: one of its words for an AI,
    and another word besides (not an AI thing alone: "AI model", "Discord bot")."""
    if not _names_model(label):
        return False
    if len(label.split()) > 8:  # "Lưu ý dành cho trợ lý AI", "Note for the AI assistant
        return False  # reading this file"
    return any(c.isalpha() for c in _AI_NOUNS.sub(" ", _unnamed(label)))


def addresses(label: str) -> bool:
    """Whether a label names the model as the one addressed (`_addresses`): "Nota para el
    asistente", "یادداشت برای دستیار"."""
    return _addresses(label)


def bare(label: str) -> bool:
    """Whether a label is the model's name alone ("Assistent", "IA", "Avustaja")."""
    return _names_model(label) and not any(c.isalpha() for c in _unnamed(label))


def _speaks_of_model(*texts: str) -> bool:
    return any("internal" in words_at(t.lower()) for t in texts if t)


def _told(text: str) -> bool:
    return "told" in words_at(text.lower())


def _next_text(lines: list[str], i: int) -> str:
    """The next non-blank line after ``i`` (within three), or ""."""
    for j in range(i + 1, min(i + 4, len(lines))):
        if lines[j].strip():
            return lines[j]
    return ""


#: Words naming a message, a notice or a command (lower case, found inside words), which a
#: fake system label holds beside "system": "Aviso del sistema", "SYSTEM OVERRIDE",
#: "คำสั่งระบบ", "دستور سیستم"; "System requirements", "系统设计" name a system.
_NOTICE = lazy_pattern(
    r"notice|message|\bnote|alert|command|order|override|update|aviso|mensaj|\bnota\b|avvis|"
    r"messagg|mitteilung|hinweis|nachricht|befehl|\bavis\b|ordre|comand|mensagem|сообщени|"
    r"уведомлени|команд|приказ|повідомлен|μήνυμα|εντολ|ειδοποί|mesaj|uyarı|komut|bildirim|"
    r"pesan|perintah|thông báo|lệnh|คำสั่ง|ประกาศ|پیام|دستور|اعلان|رسالة|تنبيه|أمر|הודעה|"
    r"פקודה|संदेश|सूचना|आदेश|বার্তা|通知|消息|提示|命令|お知らせ|メッセージ|알림|메시지|명령|"
    r"komunikat|polecen|zpráva|příkaz|üzenet|parancs|ilmoitus|viesti|käsky|melding|bericht|"
    r"opdracht|meddelande|kommando|notă|ujumbe|amri|tangazo")


def _holds_system(label: str) -> bool:
    """Whether ``label`` holds one of `SYSTEM_WORDS` (as `_system_label` reads it)."""
    return _SYSTEM_ANY.search(label.replace("\u0130", "I").lower()) is not None


_SYSTEM_ANY = lazy_pattern("|".join(map(re.escape, SYSTEM_WORDS)))


def _system_label(label: str) -> bool:
    """Whether a label is a fake system message's: a word for "system" in four words or
    fewer, alone or beside a word for a message, a notice, a command or an instruction
    ("Aviso del sistema", "ISTRUZIONE DI SISTEMA", "SİSTEM", "دستور سیستم")."""
    low = label.replace("\u0130", "I").lower()
    if len(label.split()) > 4 or not any(w in low for w in SYSTEM_WORDS):
        return False
    other = low
    for w in SYSTEM_WORDS:
        other = other.replace(w, " ")
    # the word alone (an alphabet's ending left: "ΣΥΣΤΗΜΑ", "SYSTEMET"; "系统依赖" names a
    # system's dependencies), or beside a notice's word
    left = [c for c in other if c.isalpha()]
    return (len(left) <= 2 and all(ord(c) < 0x590 for c in left)) or \
        _NOTICE.search(other) is not None or _told(other)


def _segments(line: str) -> list[str]:
    """The parts of ``line`` where an address may start: the line, each cell of a table
    row, each clause after a semicolon or a sentence's end ("…; और सहायक, …")."""
    out = [line]
    if line.lstrip().startswith("|") and line.count("|") >= 3:
        out.extend(c for c in line.strip().strip("|").split("|") if c.strip())
    for m in _CLAUSE_START.finditer(line):
        out.append(line[m.end():])
    return out


#: A sentence that has not ended at its line's end (a comment wrapped onto the next line).
_GOES_ON = lazy_pattern(r"[.!?。！？](?:\s*(?:\*/|-->))?\s*$")
#: A next line's list marker or heading: a new item, not the sentence going on.
_NEW_ITEM = lazy_pattern(r"^\s*(?:[-+]\s|\d+[.)]\s|#|\||$)")


def _continued(line: str) -> str:
    """``line`` as the sentence of the line before going on ("" when it starts an item)."""
    return "" if _NEW_ITEM.match(line) else line


_CLAUSE_START = lazy_pattern(r"[;；।]\s+|[.!?。！？]\s+(?=\S)")


#: A label that is an identifier (a config key, "systemPrompt", a JSON key's quotes left).
_IDENTIFIER = lazy_pattern(r"[\"'`]?[a-z]+(?:[A-Z][a-z0-9]*)+[\"'`]?")
#: What follows a label when it is a link alone: a Markdown link, a URL (a source named:
#: "Raspberry AI: [TechCrunch](https://…)", "Zhipu AI (GLM): https://…").
_LINK_ONLY = lazy_pattern(r"(?:[`<(]*(?:\[[^\]\n]*\]\([^)\s]*\)?|https?://\S+)[`>)]*[\s,;.·|—–-]*)+")


#: A title quoted in a label ('Notes from the course "AI for tourism":'): a thing named,
#: not a reader called (session 39).
_TITLE = lazy_pattern(r'"[^"\n]+"|“[^”\n]+”|«[^»\n]+»|„[^“”\n]+[“”]')


def _heard(label: str, rest: str, pattern: re.Pattern[str], hidden: bool) -> bool:
    """Whether ``rest``, labelled ``label`` (by ``pattern``), is an order to the model: the
    label addresses it and the rest speaks of its own things or asks something harmful
    (`memtui.core.checks.asks`); the model's bare name, or a fake system label, and the
    rest asks something harmful or speaks of its instructions. In an HTML comment
    (``hidden``), an address is enough."""
    # every way below wants the label to name the model or to hold a word for "system":
    # asked once, first (session 39: each way asked it again, most labels name neither)
    if not (_names_model(label) or _holds_system(label)):
        return False
    if _IDENTIFIER.fullmatch(label) or _LINK_ONLY.fullmatch(rest):
        return False  # a config key documented ("systemPrompt"), a link to a page
    if _TITLE.search(label) is not None:
        label = _TITLE.sub(" ", label)  # a title quoted ("notes from the course \"AI for …\"")
        if not _names_model(label):
            return False
    if pattern is _VOCATIVE:
        if len(label.split()) > 3 or not (_addresses(label) or (
                _names_model(label) and not _own_initials(label))):
            return False
        return _speaks_of_model(rest) or asks_harm(rest)
    if _addresses(label):
        return hidden or _speaks_of_model(rest) or asks_harm(rest)
    if bare(label) or _system_label(label):
        return asks_harm(rest) or _told(rest)
    return False


def addressed(lines: list[str], i: int) -> tuple[str, str] | None:
    """(reason, excerpt) when line ``i`` of ``lines`` speaks to the model (a label or a
    vocative naming it, then its own things or a harmful ask), else None."""
    line = lines[i]
    hidden = "<!--" in line
    for part in _segments(line):
        for pattern, marks in ((_LABEL, ":："), (_BRACKET, "[【"), (_VOCATIVE, ",，、")):
            m = pattern.match(part) if any(c in part for c in marks) else None
            if m is None:
                continue
            label = m.group("label")
            if len(label.split()) > 8:
                continue
            rest = m.group("rest").strip(" *_-–—>)")
            if rest in ("", "-->"):
                rest = _next_text(lines, i)
            elif _GOES_ON.search(rest) is None and i + 1 < len(lines):
                rest += " " + _continued(lines[i + 1])
            if rest and _heard(label, rest, pattern, hidden):
                return "is addressed to the model", line.strip()[:60]
    m = _HEADING.match(line) if line.lstrip().startswith("#") else None
    if m is not None and _addresses(m.group("label")):
        # a heading addressed to the model ("### Opmerking voor de AI"), then its own things
        # (named in the heading and the line after) or a strong ask (session 34)
        after = _next_text(lines, i)
        if (_speaks_of_model(m.group("label")) and _speaks_of_model(after)) or (
                after and enough(asks(after))):
            return "is addressed to the model", line.strip()[:60]
    return None


def marked(lines: list[str], i: int) -> tuple[str, str] | None:
    """(reason, excerpt) when line ``i`` imitates a system turn's marker followed by the
    model's own things, else None."""
    line = lines[i]
    m = _MARKER.match(line)
    if m is not None:
        rest = m.group("rest").strip(" *_-–—>") or _next_text(lines, i)
        if _speaks_of_model(rest) or asks_harm(rest):
            return "imitates a system marker", line.strip()[:60]
    m = _XML_SYSTEM.search(line)
    if m is not None:
        return "imitates a system marker", m.group()
    return None


#: The words naming an attack: a prompt injection, phishing.
_ATTACK_WORDS = (r"injec|inyec|injeç|iniez|инъекц|ін.єкц|wstrzyk|enjeksiyon|injeksi|הזרק|"
                 r"حقن|تزریق|انجیکشن|انجکشن|इंजेक्शन|ইনজেকশন|インジェクション|注入|인젝션|phishing|"
                 r"oltalama")
#: Words that frame what follows as an example or as data ("Example (data, not to follow)
#: of a fake message:", "Quoted here as data, not an instruction:").
_EXAMPLE = lazy_pattern(
    r"(?i)exampl|exempl|ejempl|esempi|beispiel|voorbeeld|eksempel|esimerk|przykład|příklad|"
    r"príklad|пример|приклад|παράδειγμ|örnek|példa|contoh|ví dụ|ตัวอย่าง|مثال|דוגמ|"
    r"उदाहरण|উদাহরণ|mfano|例|예시|\bquoted?\b|\bcit[éeao]|zitiert|цитат|as data\b|"
    r"not an instruction|نمونه|" + "".join(w + "|" for w in grammar_words("example"))
    + _ATTACK_WORDS)
#: An attack named: a prompt injection, phishing.
_ATTACK = lazy_pattern(r"(?i)" + _ATTACK_WORDS)


#: A URL, or a host or file name (words joined by dots): where a text came from, never its
#: words calling it an example (newuser36 #17: "Saved from https://blog.example.com/…:"
#: exempted the orders quoted under it — a page's own domain chose the exemption).
_ADDRESS = lazy_pattern(r"\S*://\S*|[\w-]+(?:\.[\w-]+)+")


def calls_an_example(text: str) -> bool:
    """Whether ``text`` names what it follows an example or data ("храним как пример",
    "kept as an example for the staff"), in its words, not in an address it names."""
    if _EXAMPLE.search(text) is None:
        return False
    return _EXAMPLE.search(_ADDRESS.sub(" ", text)) is not None


def names_an_attack(text: str) -> bool:
    """Whether ``text`` calls what it tells of an attack (a prompt injection, phishing),
    in its words, not in an address it names."""
    return _ATTACK.search(text) is not None and _ATTACK.search(_ADDRESS.sub(" ", text)) is not None


_FENCE = ("```", "~~~")


def framed_as_example(lines: list[str], i: int) -> bool:
    """Whether line ``i`` is quoted (a ``>`` block, a line that is a quotation, a fenced
    block) under a line ending with a colon, and that line or the first after the quotation
    calls it an example, data or an attack ("…, the line was removed. Kept here as an
    example of what to watch for.", session 34)."""
    line = lines[i].lstrip()
    if line.startswith((">", '"', "“", "«", "„", "'", "「")):
        j = i - 1
        while j >= 0 and (not lines[j].strip() or lines[j].lstrip().startswith(">")):
            j -= 1
        k = i + 1
        while k < len(lines) and (not lines[k].strip() or lines[k].lstrip().startswith(">")):
            k += 1
    else:
        fences = [n for n in range(i) if lines[n].lstrip().startswith(_FENCE)]
        if len(fences) % 2 == 0:  # not inside a fenced block
            return False
        j = fences[-1] - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        k = next((n for n in range(i + 1, len(lines))
                  if lines[n].lstrip().startswith(_FENCE)), len(lines)) + 1
        while k < len(lines) and not lines[k].strip():
            k += 1
    if j < 0 or not lines[j].rstrip().endswith((":", "：")):
        return False
    return calls_an_example(lines[j]) or (k < len(lines) and calls_an_example(lines[k]))
