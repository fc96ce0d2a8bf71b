"""secprec39: a value that is code, by its structure — a PowerShell environment variable, a
place in source code (a path, a file and its lines), an ``owner/repo`` name, a class's name
in CamelCase or a function's in snake_case after a token or key label — is not reported; a
credential with a vendor's prefix in backticks, a password of snake_case-like words with
digits and a symbol, a passphrase of CamelCase words under a password label, a login's
``user/Password2024`` stay found. Texts and values written here (made up, none of a blind
set's or a real folder's); every case runs the real detector, one the audit of a folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.creds.detector import scan_text
from tests.core.helpers import found, make_ws, memory, run_audit


def _values(text: str) -> list[str]:
    return [h.value for h in scan_text(text)]


@pytest.mark.parametrize("text", [
    # an environment variable in PowerShell, in any note's language
    "- Token: `$env:GITHUB_TOKEN`\n",
    "- API key: `$env:ANTHROPIC_API_KEY` (PowerShell), or `%ANTHROPIC_API_KEY%` in cmd.\n",
    "- シークレット: `$env:AZURE_CLIENT_SECRET`\n",
    "- Токен: `$env:BOT_TOKEN`\n",
    "- password: `$env:DB_PASS`\n",
    # a place in source code: a path, a file, its line or its lines
    "- API key: see `src/lib/apiKeys.ts:87-107` for the lookup order.\n",
    "8. token: lib/oauth/refresh.py:118-140\n",
    "- token: `src/auth/token_store.py:87-107`\n",
    "- key: `handlers/apiKeyHandler.go:144-190`\n",
    "- secret: `internal/secret/vault.go:58`\n",
    "- token: lib/auth.rb:12\n",
    "- APIキー: `src/gemini/client.ts:33-41`\n",
    # an owner/repo name (a tokenizer, a model) after a token word
    "- token: `tiktoken/cl100k_base`\n",
    # a class's name, a function's name after a token or key word
    "- token: `AutoModelForCausalLM`\n",
    "token: `HTTPServerAuthHandler`\n",
    "token: `get_token_v2`\n",
    # a word holding one or two digits, an interface's ``I``, a first word in small letters
    "token: `Qwen2ForCausalLM`\n",
    "key: `I18nEditorDialog`\n",
    "secret: `IContextParamResolver`\n",
    "token: `challengeExpiresAt`\n",
    # a column's name, capitalised words joined by ``_``
    "secret: Sys_Lookup\n",
    "token = \"Table_Code\"\n",
    # … and the next name the reading goes on to, a table's after an acronym
    "db/060 (token) · db/068 (Reload_Trigger_Fields) · db/082 (HT_VaiTro_CongTy)\n",
])
def test_code_beside_a_label_is_not_reported(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize(("text", "value"), [
    # a vendor's prefix in backticks: a key, whatever its neighbours
    ("- api key: `sk-proj-AbC123xYz456QrS789tUv0`\n", "sk-proj-AbC123xYz456QrS789tUv0"),
    ("- token: `ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8`\n",
     "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"),
    # snake_case-like words under a password label, with digits and a symbol: typed by a
    # person (a function's name holds no ``!``), kept
    ("password: `blue_horse_42!`\n", "blue_horse_42!"),
    # a password may be words a person chose; a token never is
    ("- password: `CorrectHorseBatteryStaple`\n", "CorrectHorseBatteryStaple"),
    # ``user/Password2024``: a login and its password, no repository
    ("login: admin/Summer2024\n", "Summer2024"),
    ("password: `Sommer2024!`\n", "Sommer2024!"),
    # a label line's whole value under a password word: a class's shape is no reason there
    ("password: `Qwen2ForCausalLM`\n", "Qwen2ForCausalLM"),
    # a digit last, capitals where no word starts: typed or made up, not a name
    ("token: `Summer2024Fun`\n", "Summer2024Fun"),
    ("token: `MySecretKey24`\n", "MySecretKey24"),
])
def test_a_credential_stays_found(text: str, value: str) -> None:
    assert _values(text) == [value]


def test_the_audit_of_a_folder(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "ws", {
        "memory/code.md": memory("code", (
            "- Token: `$env:GITHUB_TOKEN`\n"
            "- API key: see `src/lib/apiKeys.ts:87-107`\n"
            "- token: `AutoModelForCausalLM`\n"
            "- token: `tiktoken/cl100k_base`\n")),
        "memory/key.md": memory("key", "- api key: `sk-proj-AbC123xYz456QrS789tUv0`\n"),
    })
    assert found(run_audit(ws), "secret") == [("memory/key.md", 7)]
