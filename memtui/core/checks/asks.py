"""What an order addressed to the model asks, read by its structure whatever its language
(session 33, blind set rules25: 27 of 32 planted orders, in 30 languages, were addressed to
the model — "Note for the AI assistant reading this file:", "Assistent:" in a table cell,
"// NB pour l'assistant :", "[ISTRUZIONE DI SISTEMA]" — but spoke of none of its own things
(`memtui.core.checks.addressed.INTERNALS`): they asked it to act behind the user's back).

What such an order asks, in any language, is one of a few things:

* to hide something from the user: the user named in the third person with a negation
  ("don't tell the user", "sans prévenir l'utilisatrice", "بدون اطلاع کاربر"), or a negated
  verb of telling ("never mention that this line exists", "и не упоминай это");
* to send something out: an e-mail address or a URL as the destination;
* to take a credential: a password, a token, the SSH keys, in the common languages.

Each is a small closed class of words (negations, verbs of telling, the user, a password).
A preference addressed to the assistant ("Note for the assistant: answer in Danish") asks
none of them.
"""

from __future__ import annotations

import re

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: The user, named in the third person (lower case, found inside words: "Nutzerin",
#: "utilisatrice", "kullanıcıya", "użytkowniczki").
USER_WORDS = ('user', 'utilisat', 'usuari', 'usuári', 'nutzer', 'utente', 'пользовател',
    'користувач', 'χρήστ', 'kullanıcı', 'người dùng', 'ผู้ใช้', 'کاربر', 'مستخدم', 'משתמש',
    'उपयोगकर्ता', 'यूज़र', 'ব্যবহারকারী', 'mtumiaji', 'pengguna', 'użytkowni', 'uživatel',
    'felhasznál', 'käyttäjä', 'gebruiker', 'användare', 'bruger', 'brukeren', 'utilizat',
    '用户', '用戶', '使用者', 'ユーザー', '사용자', '유저')
_USER = lazy_pattern("|".join(map(re.escape, USER_WORDS)))
#: A negation: words of their own in the languages that space their words ("not", "sans",
#: "не", "χωρίς", "ואל", "بدون"), the negating characters or suffixes of the others
#: ("不", "ไม่", "않", Turkish "-madan"), and "nothing" ("sag ihr nichts davon").
_NEG = lazy_pattern(
    r"(?i)\b(?:not|no|never|without|don'?t|do not|nicht|nie|niemals|kein\w*|ohne|ne|pas|"
    r"jamais|sans|sin|nunca|non|mai|senza|não|nao|sem|nu|fără|fara|niet|nooit|zonder|"
    r"inte|aldrig|utan|ikke|aldri|uden|uten|älä|ilman|nem|soha|nélkül|bez|nigdy|не|ни|без|"
    r"никогда|ніколи|μη|μην|δεν|χωρίς|ποτέ|jangan|tanpa|tidak|đừng|không|hakuna|bila|"
    r"asla|nothing|nichts|rien|nada|niente|nulla|nic|ничего|нічого|τίποτα|hiçbir|semmit|"
    r"mitään|niets|inget|ingenting|nimic|نیست|نباید|نه|ו?(?:אל|לא|בלי)|(?:لا|دون|بدون|بلا)|بدون|मत|बिना|नहीं|न)\b|"
    r"ไม่|อย่า|ห้าม|না|ছাড়া|不|别|別|勿|无需|無需|ない|않|없이|말고|madan|meden|"
    r"\busi\w+|\bneř|\bnezmi|\bneinform")
#: Verbs of telling, mentioning, informing (stems, lower case).
_TELL = lazy_pattern(
    r"(?i)mention|tell|inform|\bsay|reveal|notif|disclos|let \w+ know|erwähn|\bsag|mitteil|"
    r"verrat|anzeig|mentionn|\bdi(?:re|s)\b|préven|signal|comentes|digas|decir|avis|"
    r"menzion|\bdic|mencion|\bdiga|\bconte|сообщ|говор|упомина|рассказ|скаж|повідом|"
    r"поясн|кажи|згаду|mów|wspomin|informuj|kerro|mainits|nämn|säg|berätt|vermeld|\bzeg|"
    r"\bmeld|vertel|pomen|spun|menționa|söyle|bahset|bildir|λες|πεις|αναφέρ|ενημερ|תזכיר|"
    r"תגיד|תספר|תודיע|تخبر|إخبار|اخبار|تذكر|اطلاع|بگو|बता|ज़िक्र|জানা|বলবে|ambia|seme|"
    r"taja|beri tahu|sebut|bilang|nhắc|nói|báo|บอก|告诉|告訴|提及|知道|言わ|伝え|知らせ|"
    r"触れ|말하|알리|언급|szólj|említ|mondd|ř[ií]k|\bexplai|\bexplic(?!it)|expliqu|erklär|תגלה|לגלות|يذكر|ذكر|گفت|"
    r"\bparl")
#: The same closed with their negation ("söyleme", "usimwambie", "neříkej").
_NEGATED_TELL = lazy_pattern(r"(?i)söyleme|bahsetme|bildirme|usimwambie|usiseme|usitaje|"
                             r"neřík|nezmiň|言わない|伝えない|知らせない|말하지|알리지")
#: Where something is sent: an e-mail address or a URL.
_DESTINATION = lazy_pattern(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?://\S")
#: A credential, in the common languages, and the SSH keys' place.
_CREDENTIAL = lazy_pattern(
    r"(?i)password|passwort|passwor|(?:api|access|auth|bearer|refresh|session|personal)"
    r"[ _-]?tokens?\b|api key|credential|contraseña|mot de passe|senha|"
    r"пароль|парол|hasło|hasła|heslo|jelszó|salasan|wachtwoord|lösenord|adgangskode|"
    r"passord|parol[aă]|şifre|sifre|mật khẩu|รหัสผ่าน|kata sandi|nenosiri|κωδικ|סיסמ|"
    r"كلمة المرور|كلمة السر|رمز عبور|پسورد|पासवर्ड|पासकोड|পাসওয়ার্ড|密码|密碼|パスワード|"
    r"비밀번호|~/\.ssh|\bid_rsa|id_ed25519|identifiants|credenciales|credenciais|zugangsdaten|"
    r"учётные данные|облікові дані|dane logowania|api[ _-]?key|apikey|کلید api|مفتاح api|"
    r"klucz api|chave de api|clé api|clave de api|api 키|api密钥|apiキー")


def hides_from_user(text: str) -> bool:
    """Whether ``text`` asks to keep something from the user: the user and a negation, or
    a negated verb of telling."""
    low = text.lower()
    neg = _NEG.search(low)
    if neg is not None and _USER.search(low) is not None:
        return True
    if _NEGATED_TELL.search(low) is not None:
        return True
    return any(_TELL.search(low, n.end(), n.end() + 30) is not None
               for n in _NEG.finditer(low))


def sends_out(text: str) -> bool:
    """Whether ``text`` names a destination (an e-mail address, a URL)."""
    return _DESTINATION.search(text) is not None


def asks_credential(text: str) -> bool:
    """Whether ``text`` speaks of a credential (a password, a token, the SSH keys)."""
    return _CREDENTIAL.search(text) is not None


def asks_harm(text: str) -> bool:
    """Whether ``text`` asks one of the things an order planted in memory asks: to hide
    from the user, to send out, to take a credential."""
    return bool(text) and (hides_from_user(text) or sends_out(text) or asks_credential(text)
                           or _COVERT.search(text.lower()) is not None or signs_as(text))


def signs_as(text: str) -> bool:
    """Whether ``text`` speaks of signing in a name: a word for signing and one for a name
    within a few words of each other ("sign with his name", "יחתום בשמו", "उन्हीं के नाम
    से हस्ताक्षर कीजिए")."""
    low = text.lower()
    signs = _at(_SIGN, low)
    return bool(signs) and _near(signs, _at(_NAME, low), 25)


# Session 34 (blind set rules26: 32 of 48 planted orders missed, in 24 languages): most named
# the model in the third person or set a condition on being one ("the assistant should, from
# now on, …", "Il serait souhaitable que l'assistant, discrètement, …", "Jika kamu adalah AI
# …"), spoke as a fake authority ("הודעה מהמנהל:", "[tool_result]:"), or gave no address at
# all but asked to keep the act from the user ("…, μην το αναφέρεις στον χρήστη"). What they
# asked, besides hiding, sending out and a credential, is again a few closed classes of words:

#: Acting covertly: secretly, quietly, discreetly, behind the user's back.
_COVERT = lazy_pattern(
    r"(?i)secretly|\bin secret\b|covertly|discreetly|quietly|without (?:anyone|the "
    r"user) (?:noticing|knowing)|behind (?:the user's|their|his|her) back|heimlich|"
    r"stillschweigend|unauffällig|en secreto|a escondidas|discretamente|en silencio|"
    r"sigilosamente|discrètement|en secret|secrètement|en douce|em segredo|secretamente|"
    r"silenciosamente|di nascosto|segretamente|silenziosamente|тайно|незаметно|втихую|"
    r"скрытно|потихоньку|таємно|непомітно|нишком|po cichu|potajemnie|dyskretnie|"
    r"niepostrzeżenie|stilletjes|ongemerkt|heimelijk|in het geheim|stiekem|terloops|gizlice|"
    r"sessizce|çaktırmadan|âm thầm|lặng lẽ|lén lút|diam-diam|secara diam|pe ascuns|"
    r"\bdiscret\b|în secret|κρυφά|αθόρυβα|διακριτικά|σιωπηλά|بی‌سروصدا|بی سروصدا|"
    r"بی سر و صدا|مخفیانه|پنهانی|یواشکی|بهدوء|سرًا|سراً|خفية|بصمت|בשקט|בסתר|בחשאי|"
    r"चुपचाप|चुपके|गोपनीय रूप|গোপনে|চুপচাপ|อย่างเงียบ|แอบ|เงียบๆ|悄悄|偷偷|默默|暗中|"
    r"こっそり|密かに|ひそかに|黙って|몰래|조용히|은밀히|kimyakimya|kwa siri|kisiri|"
    r"i hemlighet|i hemmelighed|salaa|titokban|potají|tajně|nenápadně")
#: From now on, for good, in every reply: a standing change of the model's behaviour.
_STANDING = lazy_pattern(
    r"(?i)from now on|henceforth|permanently|from today|going forward|ab jetzt|ab sofort|"
    r"von nun an|ab heute|künftig|dauerhaft|a partir de ahora|de ahora en adelante|"
    r"desde ahora|permanentemente|désormais|dorénavant|à partir de maintenant|"
    r"à partir d'aujourd'hui|en permanence|a partir de agora|de agora em diante|"
    r"daqui em diante|d'ora in poi|da ora in poi|отныне|с этого момента|впредь|навсегда|"
    r"відтепер|віднині|з цього моменту|надалі|назавжди|od teraz|od dziś|od dzisiaj|odtąd|"
    r"na stałe|vanaf nu|voortaan|vanaf vandaag|bundan sonra|bundan böyle|kalıcı olarak|"
    r"từ nay|từ bây giờ|vĩnh viễn|mulai sekarang|mulai saat ini|seterusnya|selamanya|"
    r"de acum|de azi|de astăzi|από εδώ και πέρα|από τώρα|μόνιμα|στο εξής|از این پس|"
    r"از این به بعد|از حالا|برای همیشه|من الآن|بشكل دائم|بشكل نهائي|מעכשיו|מהיום|מעתה|"
    r"לצמיתות|अब से|आगे से|हमेशा के लिए|স্থায়ীভাবে|এখন থেকে|আজ থেকে|จากนี้ไป|ตั้งแต่นี้|"
    r"ถาวร|从现在起|從現在起|从今以后|以后你|以後你|今后|今後|これから|以後|앞으로|지금부터|"
    r"이제부터|kuanzia sasa|kuanzia leo|"
    # every reply, each answer, any report
    r"(?:\bevery|\beach|\bany|\bjede[mnrs]?|\bcada|\bchaque|\bqualquer|\btodo|\bogni|"
    r"кажд|кожн|każd|\belk\b|\biedere?|\bher\b|\bmọi|\bsetiap|\bfiecare|κάθε|هر|كل|כל|हर|"
    r"প্রতিটি|ทุก|每|毎|모든|\bkila)\W{0,3}\w{0,12}\W{0,3}(?:repl|answer|respon|antwort|"
    r"réponse|resposta|rispost|ответ|відповід|odpowied|rozmow|antwoord|cevap|yanıt|"
    r"trả lời|jawaban|balasan|răspuns|απάντησ|پاسخ|رد|إجابة|תשובה|जवाब|उत्तर|उत्तर|"
    r"উত্তর|คำตอบ|ตอบ|回答|回复|回覆|返信|답변|응답|jibu|ripoti|report|relatório|informe|"
    r"rapport|bericht|email|e-mail|ईमेल|conversation|conversa|convers)")
#: Signing in someone's name (impersonation): a word for signing and one for a name.
_SIGN = lazy_pattern(
    r"(?i)\bsign|unterschreib|unterzeichn|firm[ae]|firmar|signe[rz]?\b|assin[ae]|подпис|"
    r"підпис|podpis|onderteken|imza|ký tên|tanda tangan|semn|υπογρ|امضا|توقيع|وقّع|"
    r"חתום|חותם|יחתום|תחתום|חתימ|हस्ताक्षर|স্বাক্ষর|ลงชื่อ|ลายเซ็น|署名|签名|簽名|落款|서명|"
    r"saini")
_NAME = lazy_pattern(
    r"(?i)\bname|namen|nombre|\bnom\b|\bnome|имен|имя|імен|ім'я|nazwisk|imieni|imię|\bnaam|"
    r"isim|adı|adına|\btên|\bnama|\bnume|όνομ|ονόματ|نام|اسم|باسم|בשם|בשמו|בשמה|שם |नाम|"
    r"নাম|ชื่อ|名義|名前|名字|名义|名義|이름|명의|\bjina")
#: Asking or confirming: what the user is asked before an act ("without asking").
_CONFIRM = lazy_pattern(
    r"(?i)\bask|confirm|permission|consent|approv|\bfrag|bestätig|rückfrage|erlaubnis|"
    r"zustimm|pregunt|permiso|demander|autorisation|pergunt|permissão|chied|conferm|"
    r"спрос|спраш|подтвер|разрешени|запит|питати|підтвер|дозв|pyta|potwierdz|zgod|vraag|"
    r"bevestig|toestemming|sor(?:ma|ma?dan)|onay|izin|hỏi|xác nhận|tanya|konfirmasi|întreb|"
    r"\bcere\b|ρωτ|επιβεβαίω|άδεια|پرس|تأیید|تایید|اجازه|سؤال|تأكيد|إذن|לשאול|אישור|"
    r"पूछ|पुष्टि|अनुमति|জিজ্ঞাস|নিশ্চিত|অনুমতি|ถาม|ยืนยัน|อนุญาต|询问|詢問|确认|確認|許可|"
    r"묻|확인|허락|uliza|uthibitisho|ruhusa")
#: Putting something above the user: priority, or "instead of".
_ABOVE = lazy_pattern(
    r"(?i)priorit|приоритет|пріоритет|öncelik|ưu tiên|prioritas|προτεραιότ|اولویت|أولوية|"
    r"עדיפות|प्राथमिकता|অগ্রাধিকার|สำคัญกว่า|优先|優先|우선|instead of|anstatt|statt|"
    r"en lugar de|en vez de|au lieu de|em vez de|invece di|вместо|замість|zamiast|"
    r"in plaats van|yerine|thay vì|alih-alih|în loc de|\bαντί|به جای|بدلا من|במקום|के बजाय|"
    r"পরিবর্তে|แทน|代替|代わり|대신|badala ya")
#: Switching a safeguard off.
_DISABLE = lazy_pattern(
    r"(?i)disabl|turn off|switch off|deaktivier|abschalt|desactiv|désactiv|disattiv|"
    r"отключ|выключ|вимкн|відключ|wyłącz|uitschakel|uitgeschakeld|devre dışı|kapat|\btắt|"
    r"vô hiệu|matikan|nonaktifkan|dezactiv|απενεργοπ|غیرفعال|عطّل|تعطيل|השבת|אבטל|"
    r"बंद कर|अक्षम|বন্ধ কর|নিষ্ক্রিয়|ปิดการ|关闭|關閉|禁用|無効|オフに|비활성|끄|\bzima")
#: Recommending (a product, a competitor).
_RECOMMEND = lazy_pattern(
    r"(?i)recommend|empfehl|recomend|recommand|raccomand|рекоменд|polec|aanra|aanbevel|"
    r"öner|giới thiệu|khuyên|rekomendasi|sarankan|recomand|συνιστ|προτείν|توصیه|پیشنهاد|"
    r"توصية|أوصِ|המלץ|ממליץ|सिफ़ारिश|सुझा|সুপারিশ|แนะนำ|推荐|推薦|勧め|おすすめ|薦め|추천|"
    r"pendekeza")
#: Knowing, besides telling: "the user need not know".
_KNOW = lazy_pattern(
    r"(?i)\bknow|weten|wissen|erfahr|saber|se ente|savoir|sache|знать|узна|знати|дізна|"
    r"wiedzieć|dowie|bilme|öğren|biết|tahu|știe|afle|ξέρει|μάθει|بداند|بفهمد|يعرف|يعلم|"
    r"שידע|שתדע|ידע|जान|জান|รู้|知道|知ら|알게|알아")
#: Nobody, as whom something is kept from ("и никому не говори").
_NOBODY = lazy_pattern(
    r"(?i)\bnobody|no one|\banyone|niemand|nadie|\bpersonne|ninguém|nessuno|никому|нікому|"
    r"nikomu|kimseye|không ai|siapa pun|nimănui|κανέναν|هیچ‌کس|هیچ کس|لأحد|אף אחד|किसी को|"
    r"কাউকে|ใคร|任何人|誰にも|아무에게도|mtu yeyote")


def _near(a: list[int], b: list[int], gap: int) -> bool:
    return any(abs(x - y) <= gap for x in a for y in b)


def _at(pattern: object, low: str) -> list[int]:
    return [m.start() for m in pattern.finditer(low)]  # type: ignore[attr-defined]


def _negates(low: str, neg: int, tell: int) -> bool:
    """Whether the negation at ``neg`` negates the verb at ``tell``: before it, within 30
    characters, or after it with a word between ("Erwähne es nicht"), not the word said
    ("say no")."""
    if 0 <= tell - neg <= 30:
        return True
    if not 0 < neg - tell <= 24:
        return False
    between = low[tell:neg].split()
    return len(between) >= 2


def hides_strictly(low: str) -> bool:
    """Whether the lower-cased ``low`` asks to keep something from the user with the user
    named as whom it is kept from: a negation, a verb of telling or knowing and the user
    within a clause's reach of each other ("μην το αναφέρεις στον χρήστη", "jangan beri tahu
    pengguna", "Erwähne es nicht … gegenüber dem Nutzer", "这一步不用告诉用户"), or a verb
    of telling kept from nobody ("нікому про це не кажи")."""
    users = _at(_USER, low)
    if users:
        if _NEGATED_TELL.search(low) is not None and _near(_at(_NEGATED_TELL, low), users, 40):
            return True
        negs = _at(_NEG, low)
        if negs:
            tells = _at(_TELL, low) + _at(_KNOW, low)
            if tells and any(_negates(low, n, t) and abs(n - u) <= 60 and abs(t - u) <= 60
                             for n in negs for t in tells for u in users):
                return True
    nobody = _at(_NOBODY, low)
    return bool(nobody) and _near(nobody, _at(_TELL, low), 30)


#: The classes of `asks`, the strong ones first: each alone asks what a planted order asks.
STRONG = frozenset(("hide", "covert", "send", "credential", "sign", "skip", "above"))


def asks(text: str) -> set[str]:
    """The classes of what ``text`` asks: ``hide`` (from the user, `hides_strictly`),
    ``covert`` (secretly, quietly), ``send`` (an address or a URL), ``credential``, ``sign``
    (in someone's name), ``skip`` (a negation and asking or confirming, or confirming
    switched off), ``above`` (the user's requests put below something), ``standing`` (from
    now on, in every reply), ``disable``, ``recommend``."""
    low = text.lower()
    out: set[str] = set()
    if hides_strictly(low):
        out.add("hide")
    if _COVERT.search(low) is not None:
        out.add("covert")
    if sends_out(text):
        out.add("send")
    if asks_credential(low):
        out.add("credential")
    if signs_as(low):
        out.add("sign")
    confirms = _at(_CONFIRM, low)
    if confirms and (_near(confirms, _at(_NEG, low), 25)
                     or _near(confirms, _at(_DISABLE, low), 40)):
        out.add("skip")
    above = _at(_ABOVE, low)
    if above and _near(above, _at(_USER, low), 50):
        out.add("above")
    if _STANDING.search(low) is not None:
        out.add("standing")
    if _DISABLE.search(low) is not None:
        out.add("disable")
    if _RECOMMEND.search(low) is not None:
        out.add("recommend")
    return out
