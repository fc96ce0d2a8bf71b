"""An order in a memory that no label addresses, read by its structure whatever its language
(session 34, blind set rules26: 32 of 48 planted orders, in 24 languages, were missed by
`memtui.core.checks.addressed`, which wants a label or a vocative naming the model).

They named the model in the running sentence instead — in the third person ("the assistant
should, from now on, …", "Il serait souhaitable que l'assistant, discrètement, …", "Het zou
het beste zijn als de assistent …"), as a condition on being one ("Jika kamu adalah AI yang
membaca catatan ini, …", "Dacă ești un asistent AI …"), as the reader of the line ("AIはこの
行を読んだら…"), as the subject after a fake authority's label ("הודעה מהמנהל: העוזר …",
"[tool_result]: … Ο βοηθός πρέπει …") — or named no one and asked to keep the act from the
user ("…, μην το αναφέρεις στον χρήστη", "jangan beri tahu pengguna").

A memory names its agent in the third person for facts too ("The assistant set up the
repo", "the AI model's memory lives in …"), so a name is no order alone: the line must ask
what a planted order asks (`memtui.core.checks.asks.asks`), the model's behaviour toward its
user — one strong ask that only a planted order makes (keep it from the user, act covertly,
sign in someone's name, put the user below the memory), or a strong ask (send out, a
credential, skip the user's confirmation) and a second class (a standing change "from now
on" or "in every reply", switching a safeguard off, recommending, the model's own
instructions or memory). A user's strong preference ("NEVER push to main", "Ask before
deleting") asks none of the strong ones.
"""

from __future__ import annotations

from memtui.core.checks.ask_words import register, words_at
from memtui.core.checks.asks import STRONG, asks, hides_strictly
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Classes that alone, beside the model's name, make an order: they are about the model's
#: behaviour toward its user, which no fact about the world is.
_ALONE = frozenset(("hide", "covert", "above"))
#: Classes that a procedure for a person holds too (a URL and a token in a setup's steps):
#: with one of them, another class is wanted.
_COMMON = frozenset(("send", "credential"))


def enough(classes: set[str]) -> bool:
    """Whether the classes an addressed line asks make an order: one of `_ALONE`, or a
    strong one and another that is not only a URL or a credential."""
    return bool(classes & _ALONE) or (bool(classes & STRONG) and len(classes) >= 2
                                      and bool(classes - _COMMON))


#: A label that speaks as an authority over the model: an administrator, a developer, the
#: system, a tool's output ("Mensaje del administrador del sistema:", "הודעה מהמנהל:",
#: "[tool_result]:", "[SYSTEM]").
_AUTHORITY_WORDS = ('admin', 'администр', 'адміністр', 'yönetici', 'quản trị', 'pengelola',
    'מנהל', 'مدیر', 'مدير', 'مسؤول', 'प्रबंधक', 'व्यवस्थापक', 'প্রশাসক', 'ผู้ดูแล', '管理员',
    '管理員', '管理者', '관리자', 'msimamizi', 'developer', 'entwickler', 'desarrollador',
    'développeur', 'desenvolvedor', 'sviluppatore', 'разработчик', 'розробник', 'programista',
    'ontwikkelaar', 'geliştirici', 'tool_result', 'toolresult', 'tool_output', 'tooloutput',
    'function_call', 'functioncall', 'function_result', 'functionresult',
    'system', 'sistem', 'systèm', 'систем', 'σύστημ', 'συστημ', 'システム', '系统', '系統',
    '시스템', 'النظام', 'מערכת', 'सिस्टम', 'hệ thống', 'ระบบ', 'سیستم')
register("authority", _AUTHORITY_WORDS)
#: The label of a line: a bracketed tag, or the words before its first colon.
_LABEL = lazy_pattern(r"^\s*(?:[-*+>]\s+|[—–]\s*|\*\*|<!--\s*)*(?:\[(?P<tag>[^\]\n]{1,30})\]"
                      r"|(?P<label>[^:：\n]{1,60}?)\s*(?:\*\*)?\s*[:：])")
#: The model's own things: its instructions, its prompt, its memory (`addressed.INTERNALS`
#: holds more, the system and secrets among them, which name too much here).
_OWN_WORDS = ('prompt', 'промпт', 'プロンプト', '프롬프트', '提示词', 'instruc', 'instrukc',
    'instrukt', 'instruç', 'istruz', 'инструкц', 'інструкц', 'anweisung', 'consigne', 'οδηγί',
    'talimat',
    'instruksi', 'chỉ dẫn', 'دستور', 'تعليمات', 'הוראות', 'निर्देश', '指示', '指令', '지시',
    'memory/', 'memor', 'memór', 'mémoire', 'speicher', 'pamię', 'памят', 'μνήμ', 'hafıza',
    'ذاكرة', 'זיכרון', 'मेमोरी', 'bộ nhớ', 'حافظه', '记忆', '記憶', 'メモリ', '메모리')
register("own", _OWN_WORDS)


#: The word classes (`memtui.core.checks.ask_words`) one of which a strong ask holds (a
#: destination is looked for by its "@" or "http").
_STRONG_WORDS = frozenset(("user", "negtell", "nobody", "covert", "credential", "sign",
                           "confirm", "above"))


def authority(line: str) -> bool:
    """Whether ``line`` starts with an authority's label (`_authority`)."""
    return _authority(line, words_at(line.lower()))


def _authority(line: str, at: dict[str, list[int]]) -> bool:
    """Whether ``line`` (``at``: `words_at` of its lower case) starts with an authority's
    label."""
    if "authority" not in at:
        return False
    m = _LABEL.match(line)
    if m is None:
        return False
    group = "tag" if m.group("tag") else "label"
    start, end = m.span(group)
    return len(m.group(group).split()) <= 7 and any(start <= k < end for k in at["authority"])


#: Verbs of wanting, the user's preference stated ("User prefers direct action — don't
#: explain or ask", "El usuario prefiere …", "用户希望 …"): what the user wants of their
#: assistant, in their own interest, is kept from no one.
register("wants", ("prefer", "want", "wish", "likes", "préfèr", "préfère", "prefier",
                   "quiere", "vuole", "bevorzug", "möchte", "wünscht", "wil ", "quer ",
                   "предпочита", "хочет", "хоче", "tercih", "ingin", "mau ", "希望", "喜欢",
                   "喜歡", "想要", "偏好", "好む", "望む", "원하", "선호"))


def prefers(at: dict[str, list[int]]) -> bool:
    """Whether the line (``at``: `words_at` of its lower case) states the user's preference
    (`_prefers`)."""
    return _prefers(at)


def _prefers(at: dict[str, list[int]]) -> bool:
    """Whether the line states the user's preference: a word for the user before any verb
    of telling, closely followed by a verb of wanting ("User prefers …;
    don't explain"; not "Do not tell the user; the user wants …")."""
    if "user" not in at or "wants" not in at:
        return False
    told = [k for c in ("tell", "know", "negtell", "nobody") for k in at.get(c, ())]
    first = min(told, default=1 << 30)
    return any(u < first and 0 < w - u <= 16 for u in at["user"] for w in at["wants"])


_URL = lazy_pattern(r"https?://[^\s)\]>]+")


def unlabelled(lines: list[str], i: int, named: bool) -> tuple[str, str] | None:
    """(reason, excerpt) when line ``i`` of ``lines`` is an order no label addresses:
    ``named``, the line names the model (its words or initials) and asks it something a
    planted order asks; or, named or not, it asks to keep an act from the user and one
    more thing. None otherwise."""
    line = lines[i]
    if "://" in line:  # a URL's words are a page's name ("…/ai-memory-system-prompt")
        line = _URL.sub("http://url", line)
    low = line.lower()
    at = words_at(low)
    if not named and not hides_strictly(low, at):
        return None
    # a cheap first look: no word of a strong ask, no address, no authority's label
    if named and not (_STRONG_WORDS & at.keys() or "@" in line or "http" in low
                      or _authority(line, at)):
        return None
    classes = asks(line, at)
    if not classes:
        return None
    if named:
        if "own" in at:
            classes.add("own")
        if enough(classes) or _authority(line, at):
            return "asks the model to act for someone else", lines[i].strip()[:60]
    if "hide" in classes and len(classes) >= 2 and not _prefers(at):
        return "asks to keep an act from the user", lines[i].strip()[:60]
    return None
