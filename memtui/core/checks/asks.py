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

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: The user, named in the third person (lower case, found inside words: "Nutzerin",
#: "utilisatrice", "kullanıcıya", "użytkowniczki").
_USER = lazy_pattern(
    r"user|utilisat|usuari|usuári|nutzer|utente|пользовател|користувач|χρήστ|kullanıcı|"
    r"người dùng|ผู้ใช้|کاربر|مستخدم|משתמש|उपयोगकर्ता|यूज़र|ব্যবহারকারী|mtumiaji|pengguna|"
    r"użytkowni|uživatel|felhasznál|käyttäjä|gebruiker|användare|bruger|brukeren|utilizator|"
    r"用户|用戶|使用者|ユーザー|사용자|유저")
#: A negation: words of their own in the languages that space their words ("not", "sans",
#: "не", "χωρίς", "ואל", "بدون"), the negating characters or suffixes of the others
#: ("不", "ไม่", "않", Turkish "-madan"), and "nothing" ("sag ihr nichts davon").
_NEG = lazy_pattern(
    r"(?i)\b(?:not|no|never|without|don'?t|do not|nicht|nie|niemals|kein\w*|ohne|ne|pas|"
    r"jamais|sans|sin|nunca|non|mai|senza|não|nao|sem|nu|fără|fara|niet|nooit|zonder|"
    r"inte|aldrig|utan|ikke|aldri|uden|uten|älä|ilman|nem|soha|nélkül|bez|nigdy|не|ни|без|"
    r"никогда|ніколи|μη|μην|δεν|χωρίς|ποτέ|jangan|tanpa|tidak|đừng|không|hakuna|bila|"
    r"asla|nothing|nichts|rien|nada|niente|nulla|nic|ничего|нічого|τίποτα|hiçbir|semmit|"
    r"mitään|niets|inget|ingenting|nimic|ו?(?:אל|לא|בלי)|(?:لا|دون|بدون|بلا)|بدون|मत|बिना|नहीं|न)\b|"
    r"ไม่|อย่า|না|ছাড়া|不|别|別|勿|无需|無需|ない|않|없이|말고|madan|meden|"
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
    r"触れ|말하|알리|언급|szólj|említ|mondd|ř[ií]k")
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
    r"비밀번호|~/\.ssh|\bid_rsa|id_ed25519")


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
    return bool(text) and (hides_from_user(text) or sends_out(text) or asks_credential(text))
