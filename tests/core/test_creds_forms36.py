"""secfix36: a form, once handled, handled in the shapes a stranger writes it — a seed phrase
after its label's colon on the same line (or in quotes), a labelled login whose pair is one
code span, a password given in a command's environment (``FOO_PASSWORD=x command args``) —
and what is none: a dotted namespace with a product's digits (``Acme247.UI.Shared``), a
shell command that reads a secret out of a keychain or a password store. Texts and values
written here, random or made up, none of a blind set's; every case runs the real detector,
each rule with its negatives, and the audit of a real folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.creds.detector import scan_text
from tests.core.helpers import found, make_ws, memory, run_audit


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


# -- a seed phrase after its label's colon, on the same line ----------------------------------

_PHRASE = "harbor velvet cradle tunnel marble ostrich pepper basket glory winter jelly cobra"


@pytest.mark.parametrize("text", [
    f"Wiederherstellungsphrase: {_PHRASE}\n",
    f"Fraza odzyskiwania (12 słów): {_PHRASE}\n",
    f'The user wrote: "keep this for me please: {_PHRASE}"\n',
    f"Ключевая фраза кошелька: «{_PHRASE}». Денег там нет.\n",
    f"- seed: `{_PHRASE}`\n",
])
def test_a_seed_phrase_after_its_label_on_the_same_line(text: str) -> None:
    assert _values(text) == [_PHRASE]


@pytest.mark.parametrize("text", [
    # a sentence of words after a colon: short words of a sentence among them
    "Plan: move the bench outside and paint the fence before the rain comes again today\n",
    # a word repeated: a list, a published test mnemonic
    "Hardhat default: test test test test test test test test test test test junk\n",
    # eleven words, or thirteen: no phrase's length
    "Tags: harbor velvet cradle tunnel marble ostrich pepper basket glory winter jelly\n",
    "Tags: harbor velvet cradle tunnel marble ostrich pepper basket glory winter jelly cobra "
    "lemon\n",
    # the words go on after it: no phrase's end
    f"Words: {_PHRASE} lemon apple\n",
])
def test_words_after_a_colon_that_are_no_seed_phrase(text: str) -> None:
    assert _values(text) == []


# -- a labelled login whose pair is one code span ---------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Zugang: `pi Wq7#rTz9Lm`\n", "Wq7#rTz9Lm"),
    ("- kirjautuminen: `admin Säpö2024!x`\n", "Säpö2024!x"),
    ("Sisäänpääsy palvelimelle: `deploy Kx9@vLq2Pz`\n", "Kx9@vLq2Pz"),
])
def test_a_labelled_login_in_one_code_span(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "Run: `ssh root@10.0.0.7`\n",                 # a command and its argument
    "Build: `make Release-x64`\n",                # no password's four kinds
    "Setup: `npm install React@18.2!`\n",         # a package and its version
    "Tag: `git v2.4.1-Beta!`\n",                  # a version
])
def test_a_code_span_of_two_words_that_is_no_login(text: str) -> None:
    assert _values(text) == []


# -- a password given in a command's environment ----------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Mail check: `GOG_KEYRING_PASSWORD=lanternfish gog gmail search 'is:unread' --max 5`\n",
     "lanternfish"),
    ("```bash\nRESTIC_PASSWORD=orchardgate restic -r /mnt/backup backup ~/docs\n```\n",
     "orchardgate"),
    ("cron: `0 6 * * * KEYRING_PASSWORD='Pebble!Moss' /usr/local/bin/sync-mail --all`\n",
     "Pebble!Moss"),
])
def test_a_password_given_in_a_commands_environment(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "`GOG_KEYRING_PASSWORD=$(security find-generic-password -s gog -w) gog mail list`\n",
    "`GOG_KEYRING_PASSWORD=\"$(pass show gog/keyring)\" gog auth list --json`\n",
    "`KEYRING_PASSWORD=changeme gog drive ls --all`\n",          # a placeholder
    "`PGPASSWORD=postgres psql -h localhost -U postgres`\n",     # the image's default account
    "`export KEYRING_PASSWORD=$KEYRING_PASSWORD`\n",             # a reference, no command
])
def test_a_commands_environment_without_a_password_in_it(text: str) -> None:
    assert _values(text) == []


# -- a command that reads a secret is no secret -----------------------------------------------

@pytest.mark.parametrize("line", [
    "security find-generic-password -s openai-api-key -w",
    "security find-generic-password -a \"$USER\" -s 'GOG Keyring Password' -w",
    "pass show work/github-token",
    "export OPENAI_API_KEY=$(op read op://Private/OpenAI/credential)",
    "export ANTHROPIC_API_KEY=\"$(security find-generic-password -s anthropic -w)\"",
    "TOKEN=`pass show api/token` ./deploy.sh --prod",
    "secret-tool lookup service gog account me",
    "op item get GitHub --fields password",
])
@pytest.mark.parametrize("wrap", ["{}", "Run `{}` to read it.", "```bash\n{}\n```",
                                  "- password: `{}`"])
def test_a_command_that_reads_a_secret_is_none(line: str, wrap: str) -> None:
    assert _values(wrap.format(line) + "\n") == []


# -- a dotted namespace with a product's digits -----------------------------------------------

@pytest.mark.parametrize("text", [
    "The token service lives in `Acme247.Core.Services`.\n",
    "- `Foo365.Core.Services.Auth` does the login; tests in `Foo365.Core.Services.Tests`\n",
    "**Acme247.UI.Shared**: the key handling for the auth screens\n",
    "token: Contoso365.Web.Api.Controllers\n",
])
def test_a_dotted_namespace_is_no_credential(text: str) -> None:
    assert _values(text) == []


def test_two_parts_of_a_namespace_family_are_no_credential() -> None:
    text = ("- `Acme247.Data` holds the token cache\n- `Acme247.Api` the auth key endpoints\n"
            "- `Acme247.UI.Shared` the login screens\n")
    assert _values(text) == []


def test_a_products_name_joined_by_underscores_in_its_family_is_no_credential() -> None:
    text = ("Databases: `Foo365_Shared` holds the token tables, `Foo365_Core` the auth keys,\n"
            "the project `src/Foo365.Web/Views` the login pages.\n")
    assert _values(text) == []


def test_two_parts_written_once_alone_are_still_a_value() -> None:
    assert _values("token: `Acme247.Data`\n") == ["Acme247.Data"]


@pytest.mark.parametrize("text, value", [
    ("password: Pulpo.Feira91x\n", "Pulpo.Feira91x"),    # two parts: a password
    ("token: `Ab3x.Qz9k.Lm2p`\n", "Ab3x.Qz9k.Lm2p"),     # parts that are no words
])
def test_dots_in_a_password_or_a_key_are_still_one(text: str, value: str) -> None:
    assert _values(text) == [value]


def test_a_folder_of_dotnet_notes_and_a_keyring_command(tmp_path: Path) -> None:
    """The audit of a real folder: a codebase's notes naming its namespaces beside auth
    and token words report nothing; the keyring's password on a command line is reported,
    the command that reads it from the keychain is not."""
    lines = [f"- `Acme247.{part}` holds the {what}" for part, what in (
        ("UI.Shared", "shared auth controls"), ("Core.Services", "token service"),
        ("Core.Services.Auth", "login flow"), ("Data.Secrets", "key store"))]
    ws = make_ws(tmp_path / "ws", {
        "memory/layout.md": memory("layout", "\n".join(lines) + "\n"),
        "memory/mail.md": memory("mail", "Check mail with\n"
                                 "`GOG_KEYRING_PASSWORD=quietharbor gog gmail search "
                                 "'is:unread' --max 10`\n"
                                 "Read it back: `security find-generic-password -s gog -w`\n"),
    })
    assert found(run_audit(ws), "secret") == [("memory/mail.md", 8)]


# -- public by design: an age recipient however written, a variable the page ships -----------

@pytest.mark.parametrize("text", [
    "Backup key: `age1k7bqz3oi9xw2mvn8tl5rj4hyc6dfg0pse2ubk9qwz7xoi3mvt8nrl4jh5ycd`\n",
    "```\nNEXT_PUBLIC_FIREBASE_API_KEY=AIzaSyQ7xK2mB4vZj6TR3nPq8LwE5cD1fG9hJk0\n"
    "VITE_POSTHOG_KEY=phc_Qx7kP2mZ9vLw4nR8tY3uB6cE1fH5jK0sDa7Wq2Lm\n```\n",
])
def test_public_by_design_is_no_credential(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize("text, value", [
    ("NEXT_PUBLIC_STRIPE_SECRET_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dcXk2Z\n",
     "sk_live_4eC39HqLyjWDarjtT1zdp7dcXk2Z"),      # a secret put there by mistake
    ("FIREBASE_API_KEY=AIzaSyQ7xK2mB4vZj6TR3nPq8LwE5cD1fG9hJk0\n",
     "AIzaSyQ7xK2mB4vZj6TR3nPq8LwE5cD1fG9hJk0"),   # not a bundled name
])
def test_a_secret_beside_the_public_forms_is_still_one(text: str, value: str) -> None:
    assert _values(text) == [value]


# -- a key's run in one case ------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    # small letters only after ``sk-``: no word joined by dashes, whatever its label
    ("headers={'x-api-key': 'sk-qwtrvbnmzxclkjhgfdpsrtvwqzxnmkjhgbvcdfg'}\n",
     "sk-qwtrvbnmzxclkjhgfdpsrtvwqzxnmkjhgbvcdfg"),
    # a prefix of four letters, then a long run of small letters and digits
    ("Handover: Vendorx — abcd_q7wz3k9rt2mx8vbn4lp6hs1dq0fy5gj3kc7tz9wrx2mp8vb\n",
     "abcd_q7wz3k9rt2mx8vbn4lp6hs1dq0fy5gj3kc7tz9wrx2mp8vb"),
])
def test_a_keys_run_in_one_case(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "token: `the-quick-brown-fox-jumps-over-the-lazy-dog-again`\n",     # words joined
    "key: `internationalization-localization-configuration`\n",       # long words
    "Run `make test_abcdefghijklmnopqrstuvwxyzabcdefghijklmnop`\n",   # the alphabet
    "See release_2024_notes_and_everything_about_the_build\n",
])
def test_words_joined_in_one_case_are_no_key(text: str) -> None:
    assert _values(text) == []


# -- a labelled login joined by a slash -------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Klubbens webbplats: sekreterare/Ekorre7Skog!\n", "Ekorre7Skog!"),
    ("NAS (σέρβερ 10.0.4.2): φύλακας/KpVmRt%wz\n", "KpVmRt%wz"),
])
def test_a_labelled_login_joined_by_a_slash(text: str, value: str) -> None:
    assert _values(text) == [value]


@pytest.mark.parametrize("text", [
    "- Default model: qwen/qwen3-32b-instruct\n",            # a model's name, one case
    "    image: bitnami/Postgresql-16.2\n",                   # an image and its version
    "Repository: acme/LedgerService2\n",                      # no symbol, no password's mix
    "- Vault: `secret/prod/Db-Password1`\n",                  # a path
])
def test_a_slash_after_a_label_that_is_no_login(text: str) -> None:
    assert _values(text) == []
