"""An order planted in a memory, read by its structure rather than by a phrase: an
imperative that drops the model's earlier instructions (a verb of ignoring or forgetting,
aimed at instructions qualified as earlier, above, the system's, all or yours), or that
destroys or rewrites the memory itself (a verb of deleting or rewriting aimed at a markdown
file's name, the memory files or the index). newuser30 #23: only the English and Chinese
wordings were read; the same sentence in German, Spanish, French, Russian or Japanese, or an
English paraphrase, was not.

Each part is a small closed class of words in the common languages (English, German,
Spanish, French, Portuguese, Italian, Russian, Chinese, Japanese, Korean), and an order is
their combination in one clause: the verb first, at a clause's start, where the imperative
leads the clause (the European languages and Chinese), or last, after its object (German's
infinitive after a modal, Japanese, Korean). A verb alone ("Ignore the flaky test's
warnings", "Delete the build cache") or an object alone is no order, and neither is
narrative ("the model ignored the rules"): the verb's imperative form is the one read.
"""

from __future__ import annotations

import re

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: Verbs of dropping what the model was told, in the imperative, leading their clause.
_DROP = (r"(?:ignore|disregard|forget|override|(?:do not|don't|never) (?:follow|obey)|"
         r"stop following|ignorier(?:e|en|t)?|vergiss|vergesst|vergessen sie|missachte|übergehe|"
         r"ignora(?:d|te)?|olvida(?:d|te de)?|olvídate de|omite|dimenticate|ignorem|esqueçam|"
         r"descarta|no sigas|no obedezcas|no respetes|"
         r"ignore[zs]?|oublie[zs]?|ne (?:tiens|tenez) (?:plus |pas )?compte|"
         r"ne (?:suis|suivez|respecte[zs]?) (?:plus|pas)|esqueça|esqueca|desconsidere|"
         r"não siga|nao siga|não obedeça|dimentica|trascura|non seguire|non rispettare|"
         r"(?:про)?игнорируй(?:те)?|забудь(?:те)?|"
         r"не (?:выполняй|следуй|соблюдай|слушай|обращай внимания на)(?:те)?|"
         # Arabic, "and"/"so" joined to the verb (newuser37 #13)
         r"[وف]?(?:تجاهل(?:ي|وا)?|انس[َى]?|انسي|انسوا|أهمل|اهمل|لا (?:تتبع|تلتزم ب|تطع)))")
#: Chinese verbs of the same, which need no clause start (no inflection makes narrative
#: of them, but 了 after them does).
_DROP_ZH = r"(?:忽略|忽视|忽視|无视|無視|忘记|忘記|忘掉|不要遵守|不要遵循|不要理会|不要理會)(?!了)"
#: Verbs of the same that close their clause, after their object (Japanese, Korean).
_DROP_LAST = r"(?:無視|忘れ|従わ|従うな|무시|잊|따르지)"
#: The languages whose verb closes the clause and whose imperative is read by its ending
#: (Hindi, Urdu, Bengali, Marathi, Nepali, Turkish; newuser42 #5: a plain Hindi order with no
#: vocative was missed): what was told, which of it, a verb of dropping, and the verb's
#: imperative ending last in its clause. Narrative ("मॉडल ने पिछले निर्देशों को अनदेखा किया",
#: "önceki talimatları unuttu") ends in another form and is no order.
_TOLD_FINAL = (r"(?:निर्देश\w*|नियम\w*|हिदायत\w*|सूचना\w*|प्रॉम्प्ट\w*|प्रोम्प्ट\w*|"
               r"ہدایا?ت\w*|احکام\w*|قواعد|اصول\w*|پرامپٹ|নির্দেশ\w*|নিয়ম\w*|প্রম্পট\w*|"
               r"talimat\w*|kural\w*|yönerge\w*|komut\w*|istem\w*)")
_WHICH_FINAL = (r"(?:पिछल\w*|सभी|सारे|सारी|पूर्व\w*|पहले\w*|ऊपर\w*|सिस्टम|अपने|तुम्हार\w*|"
                r"आपके|मागील|आधीच्या|सर्व|वरील|अघिल्ला|पहिलेका|सबै|माथिका|پچھل\w*|تمام|سب|"
                r"سابقہ|اوپر\w*|سسٹم|پہلے|পূর্ববর্তী|আগের|সমস্ত|সব|সকল|উপরের|সিস্টেম|"
                r"önceki|tüm|bütün|yukarıdaki|sistem\w*|eski|senin)")
#: Verbs of dropping, closing their clause, with their imperative's ending.
_DROP_FINAL = (r"(?:(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|उपेक्षा|नज़रअंदाज)\s*(?:कर\s*दो|करो|करें|"
               r"कीजिए|कीजिये|करिए|करा|कर|गर|गर्नुहोस्|गर्नुस्)|भूल\s*(?:जाओ|जाइए|जाएं|जाएँ|जा)|"
               r"(?:दुर्लक्ष|बेवास्ता)\s*(?:करा|कर|गर|गर्नुहोस्|गर्नुस्)|विसरा|विसर|"
               r"बिर्स(?:नुहोस्|नुस्)?|(?:نظر\s*انداز)\s*(?:کر\s*دو|کرو|کریں|کیجیے|کیجئے)|"
               r"بھول\s*(?:جاؤ|جائیں|جائیے)|(?:উপেক্ষা|অগ্রাহ্য)\s*(?:করো|করুন|কর)|"
               r"ভুলে\s*(?:যাও|যান)|"
               r"(?:yok\s+say|görmezden\s+gel|göz\s+ardı\s+et|unut)(?:ın|in|un|ün|iniz|unuz)?"
               r"|dikkate\s+alma(?:yın)?)"
               # last in its clause: a sentence's or clause's mark, or an "and" going on
               r"(?=\s*(?:[।॥.!?,;:؛۔\n)]|$)|\s+(?:और|तथा|আর|এবং|आणि|अनि|र|اور|ve|sonra)\s)")
#: What the model was told.
_TOLD = (r"(?:instructions?|rules|prompts?|guidelines|directives|what (?:you|it) (?:were|was|"
         r"have been|'ve been) told|anweisung(?:en)?|regeln|vorgaben|befehle|richtlinien|"
         r"systemprompt|instrucciones|reglas|indicaciones|directrices|órdenes|consignes|"
         r"règles|ordres|instruções|instrucoes|regras|diretrizes|ordens|istruzioni|regole|"
         r"direttive|инструкци\w*|указани\w*|правил\w*|директив\w*|指示|指令|命令|ルール|"
         r"規則|规则|プロンプト|提示|设定|設定|지시|지침|규칙|명령|프롬프트|"
         r"(?:ال)?(?:تعليمات|أوامر|اوامر|قواعد|إرشادات|ارشادات|توجيهات))")
#: Which instructions: the earlier ones, those above, the system's, all of them, yours.
_WHICH = (r"(?:previous|prior|above|earlier|all|system|your|original|preceding|"
          r"vorherig\w*|bisherig\w*|obig\w*|alle\w*|dein\w*|system\w*|früher\w*|"
          r"anteriores|previas|previos|todas|todos|tus|sistema|de arriba|originales|"
          r"précédent\w*|ci-dessus|toutes|tes|vos|système|antérieur\w*|acima|suas|seus|"
          r"prévias|originais|precedenti|sopra|tutte|tutti|tue|tuoi|originali|"
          r"предыдущ\w*|прежн\w*|все\w*|системн\w*|тво\w*|выше|прошл\w*|"
          r"以前|これまで|上記|上の|すべて|全て|システム|前の|之前|上面|上述|所有|系统|系統|"
          r"原有|先前|你的|이전|위의|모든|시스템|기존|앞의|"
          r"السابقة|السابق|جميع|كل|النظام|الأصلية|أعلاه|الماضية)")

#: Verbs of destroying or rewriting, in the imperative, leading their clause.
_WIPE = (r"(?:delete|erase|remove|wipe|overwrite|rewrite|clear|purge|truncate|lösche|"
         r"entferne|überschreibe|leere|vernichte|löscht|borra(?:d)?|elimina(?:te)?|cancellate|apaguem|"
         r"sobrescribe|reescribe|vacía|"
         r"supprime[zs]?|efface[zs]?|écrase[zs]?|réécri(?:s|vez)|vide[zs]?|apague|exclua|"
         r"remova|sobrescreva|reescreva|limpe|elimine|cancella|rimuovi|sovrascrivi|riscrivi|"
         r"svuota|удали(?:те)?|сотри(?:те)?|перепиши(?:те)?|очисти(?:те)?|уничтожь(?:те)?|"
         r"[وف]?(?:احذف(?:ي|وا)?|امسح(?:ي|وا)?|أزل|ازل|أفرغ|افرغ))")
_WIPE_ZH = r"(?:删除|刪除|删掉|刪掉|清空|重写|重寫|覆盖|覆蓋|抹去)(?!了)"
#: Chinese's 把 puts the object before the verb: 把 MEMORY.md 删掉.
#: The same closing their clause (German's infinitive after a modal, Japanese, Korean).
_WIPE_LAST = (r"(?:löschen|entfernen|überschreiben|削除|消去|消し|消す|書き換え|上書き|삭제|"
              r"지우|지워|다시 작성|덮어)")
#: The memory itself: a markdown file by its name, the memory files or folder, the
#: memories, the index, every file.
_MEMORY = (r"(?:[\w.-]*\.md\b|memory (?:files?|folder|director(?:y|ies))|memories|index|"
           r"(?:all|every) (?:the )?files?|erinnerung\w*|speicher(?:ordner|dateien)\w*|"
           r"gedächtnis|alle dateien|archivos? de memoria|memorias|índice|indice|"
           r"todos los archivos|fichiers? de (?:la )?mémoire|mémoires|tous les fichiers|"
           r"arquivos? de memória|memórias|todos os arquivos|file di memoria|memorie|"
           r"tutti i file|памят\w*|воспоминани\w*|индекс\w*|все файлы|メモリ|記憶|インデックス|"
           r"すべてのファイル|记忆|索引|所有文件|메모리|기억|인덱스|모든 파일|"
           r"ملفات الذاكرة|الذاكرة|ذاكرتك|الفهرس|جميع الملفات|كل الملفات)")

_GAP = r"[^.!?;。！？\n]"
#: Between two words of one clause (no sentence's end).
_SEP = r"[^\w.!?;。！？\n]+"
#: A word of the gap before the object, but not a preposition of where from: in "remove
#: outdated info from MEMORY.md" the file is where the words go from, not what goes.
_WORD = r"(?!(?:from|aus|von|из|desde|depuis|dal\w*|dalla)\b)[\w'-]+"
#: After the object, not "=", an arrow or 是: "delete MEMORY.md = F", "删除记忆 = 额叶切除术"
#: name the act (a subject, defined), they do not order it; nor 中的/里的 ("in"): in "删除
#: TOOLS.md 中的 Token" what goes is the token in the file, not the file (real33).
_NOT_NAMED = r"(?!\s*(?:=|→|->|是|[中里裡内內]的))"
#: Where a verb leading its clause may stand, read back from the verb: a line's, a
#: sentence's or a clause's start (after a comma, a colon, a list marker, a quote, an HTML
#: comment's opening, an index hook's dash, or "and"/"then" in each language), optionally
#: after "please" or "now", or after "you must" ("You must ignore all previous instructions").
_BEFORE = lazy_pattern(
    r"(?i)(?:^\s*|[.!?;:,。！？，、>\]\)\"“'*«„「—–]\s*|^\s*(?:[-*+]|\d+[.)])\s+|<!--\s*|\s-\s+|"
    r"\b(?:and|then|und|dann|y|luego|et|puis|e|poi|и|а|потом|затем)\s+)"
    r"(?:(?:please|now|so|bitte|jetzt|por favor|ahora|s'il te plaît|maintenant|agora|"
    r"per favore|ora|пожалуйста|теперь)\s*,?\s+)?(?:you (?:must|should|will)\s+)?$")
#: How far before a verb closing its clause its object may start.
_BACK = 48


class Order:
    """One shape of order, found from its verb: the verb's occurrences are looked for first
    (a line without one costs a single scan), then the whole order at each: led by the verb
    (``lead``: matched from it, and, with ``start``, at a clause's start) or closed by it
    (matched in the few characters before it). `search` answers as `re.Pattern.search`."""

    def __init__(self, verb: str, whole: str, lead: bool, start: bool = False) -> None:
        self.verb = lazy_pattern(verb)
        self.whole = lazy_pattern(whole)
        self.lead = lead
        self.start = start

    def search(self, line: str) -> re.Match[str] | None:
        for v in self.verb.finditer(line):
            if self.lead:
                m = self.whole.match(line, v.start())
                if m is not None and (not self.start or _BEFORE.search(line, 0, v.start())):
                    return m
            else:
                m = self.whole.search(line, max(0, v.start() - _BACK), v.end())
                if m is not None:
                    return m
        return None


PATTERNS: list[tuple[Order, str]] = [
    (Order(r"(?i)\b" + _DROP + r"\b",
           r"(?i)(?P<o>" + _DROP + r"\b(?:" + _GAP + r"{0,40}?\b" + _WHICH + r"\b" + _GAP
           + r"{0,25}?" + _TOLD + r"|" + _GAP + r"{0,40}?\b" + _TOLD + r"\w*" + _GAP
           + r"{0,15}?\b" + _WHICH + r"\b))", lead=True, start=True),
     "asks the model to drop its instructions"),
    (Order(_DROP_ZH, r"(?P<o>" + _DROP_ZH + _GAP + r"{0,6}?" + _WHICH + _GAP + r"{0,10}?"
           + _TOLD + r")", lead=True),
     "asks the model to drop its instructions"),
    (Order(_DROP_LAST, r"(?P<o>" + _WHICH + _GAP + r"{0,8}?" + _TOLD + _GAP + r"{0,10}?"
           + _DROP_LAST + r")", lead=False),
     "asks the model to drop its instructions"),
    (Order(r"(?i)" + _DROP_FINAL, r"(?i)(?P<o>" + _WHICH_FINAL + _GAP + r"{0,16}?"
           + _TOLD_FINAL + _GAP + r"{0,14}?" + _DROP_FINAL + r")", lead=False),
     "asks the model to drop its instructions"),
    (Order(r"(?i)\b" + _WIPE + r"\b",
           r"(?i)(?P<o>" + _WIPE + r"\b" + _SEP + r"(?:" + _WORD + _SEP + r"){0,4}?" + _MEMORY
           + r")" + _NOT_NAMED, lead=True, start=True),
     "asks the model to delete or rewrite its memory"),
    (Order(_WIPE_ZH, r"(?i)(?P<o>" + _WIPE_ZH + r"\s*" + _MEMORY + r")" + _NOT_NAMED,
           lead=True),
     "asks the model to delete or rewrite its memory"),
    (Order(r"(?i)" + _WIPE_LAST + "|" + _WIPE_ZH,
           r"(?i)(?P<o>" + _MEMORY + _GAP + r"{0,12}?" + _WIPE_LAST + r"|把\s*" + _MEMORY
           + _GAP + r"{0,8}?" + _WIPE_ZH + r")", lead=False),
     "asks the model to delete or rewrite its memory"),
]

#: Substrings (lower case), one of which each order's object holds, and one of which its
#: verb holds: a line without both is never run through the patterns. The objects and the
#: verbs of dropping the instructions come first, those of wiping the memory after
#: (`GATES`: an order of one kind is looked for only where its own words are).
OBJECTS = (
    "instruction", "rule", "prompt", "guideline", "directive", " told", "anweisung", "regel",
    "vorgabe", "befehl", "richtlinie", "instruccion", "indicacion", "directrice", "órdenes",
    "consigne", "règle", "ordre", "instruç", "instruc", "regra", "diretriz", "ordens",
    "istruzion", "regol", "direttiv", "инструкц", "указани", "правил", "директив", "指示",
    "指令", "命令", "ルール", "規則", "规则", "プロンプト", "提示", "设定", "設定", "지시",
    "지침", "규칙", "명령", "프롬프트", "تعليمات", "أوامر", "اوامر", "قواعد", "إرشادات",
    "ارشادات", "توجيهات", "निर्देश", "नियम", "हिदायत", "सूचना", "प्रॉम्प्ट", "प्रोम्प्ट", "ہدای",
    "احکام", "اصول", "پرامپٹ", "নির্দেশ", "নিয়ম", "প্রম্পট", "talimat", "kural", "yönerge",
    "komut", "istem",
    # the memory
    ".md", "memor", "memór", "index", "file", "erinnerung", "speicher", "gedächtnis", "dateien",
    "archivo", "índice", "indice", "fichier", "mémoire", "arquivo", "памят", "индекс",
    "файл", "воспоминан", "メモリ", "記憶", "インデックス", "ファイル", "记忆", "索引", "文件",
    "메모리", "기억", "인덱스", "파일", "الذاكرة", "ذاكرتك", "الفهرس", "الملفات",
)
VERBS = (
    "ignor", "disregard", "forget", "override", "follow", "obey", "vergiss", "vergesst",
    "vergessen", "missacht", "übergeh", "olvid", "olvíd", "omite", "descarta", "sigas", "obedezcas",
    "respetes", "oubli", "compte", "suis", "suivez", "respecte", "esqueç", "esquec",
    "desconsider", "siga", "obedeç", "dimentic", "trascur", "seguire", "rispettare",
    "игнорир", "забуд", "выполня", "следуй", "соблюда", "слушай", "обраща",
    "忽略", "忽视", "忽視", "无视", "無視", "忘记", "忘記", "忘掉", "不要遵", "不要理", "忘れ",
    "従わ", "従うな", "무시", "잊", "따르지", "تجاهل", "انس", "أهمل", "اهمل", "لا تتبع",
    "لا تلتزم", "لا تطع",
    # closing their clause, read by their imperative's ending (`_DROP_FINAL`)
    "अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "नज़रअंदाज", "उपेक्षा", "भूल", "दुर्लक्ष", "बेवास्ता", "विसर",
    "बिर्स", "نظر", "بھول", "উপেক্ষা", "অগ্রাহ্য", "ভুলে", "yok say", "görmezden", "göz ardı",
    "unut", "dikkate",
    # of wiping
    "delete", "erase", "remove", "wipe", "overwrite", "rewrite", "clear", "purge", "truncate",
    "lösch", "entfern", "überschreib", "leere", "vernicht", "borra", "elimin", "sobrescrib",
    "reescrib", "vacía", "supprim", "effac", "écrase", "réécri", "vide ", "videz", "apag",
    "exclua",
    "remova", "sobrescrev", "reescrev", "limpe", "cancella", "rimuovi", "sovrascriv",
    "riscriv", "svuota", "удали", "сотри", "перепиши", "очисти", "уничтож", "删除", "刪除",
    "删掉", "刪掉", "清空", "重写", "重寫", "覆盖", "覆蓋", "抹去", "削除", "消去", "消し",
    "消す", "書き換え", "上書き", "삭제", "지우", "지워", "다시 작성", "덮어", "احذف", "امسح",
    "أزل", "ازل", "أفرغ", "افرغ",
)
_TOLD_WORDS = OBJECTS[:OBJECTS.index(".md")]
_MEMORY_WORDS = OBJECTS[len(_TOLD_WORDS):]
_DROP_VERBS = VERBS[:VERBS.index("delete")]
_WIPE_VERBS = VERBS[len(_DROP_VERBS):]
#: For each of `PATTERNS`, in order: the verbs one of which it holds, and the objects.
GATES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    *[(_DROP_VERBS, _TOLD_WORDS)] * 4, *[(_WIPE_VERBS, _MEMORY_WORDS)] * 3)
