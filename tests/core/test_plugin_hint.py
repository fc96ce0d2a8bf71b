"""``PLUGIN_HINT``: a line without it skips detect-secrets, and a text whose lines all skip it
never imports detect-secrets; every credential found is the same as when every candidate
line goes through detect-secrets."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.core.creds import detector
from tests.core.secrets_corpus import CREDENTIALS, LOOK_ALIKES

ROOT = Path(__file__).resolve().parents[2]
#: The enabled plugins' patterns ``PLUGIN_HINT`` was read from (detect-secrets 1.5.0): a
#: new plugin or a changed pattern fails here, and ``PLUGIN_HINT`` must be read again.
PINNED = "00202a786508fad055419643f7e3ab0f3dd28317406b5904697b15d4e8c41036"

#: One line each enabled plugin finds a value on (made-up values).
SAMPLES = {
    "ArtifactoryDetector": 'x AKCp5e2gM3jKLmNoPqRsTuV "',
    "AWSKeyDetector": "uploader AKIAQ7XK2MB4VZJ6TR3N here",
    "AzureStorageKeyDetector": "AccountKey=" + "a" * 86 + "==",
    "BasicAuthDetector": "see https://ops:Vt9qLm2xPz@db.example/x",
    "CloudantDetector": "cloudant_password='" + "b" * 24 + "'",
    "DiscordBotTokenDetector": "MTA" + "x" * 21 + "." + "y" * 6 + "." + "z" * 27,
    "GitHubTokenDetector": "ghp_" + "7Tq2Lm9XvB4nR8sK1wZ6yH3cJ5dF0gP2aE7u",
    "GitLabTokenDetector": "glpat-" + "Ab3dEf6hIj9kLm2nOp5q",
    "IbmCloudIamDetector": "ibm_cloud_iam_key = " + "c" * 44,
    "IbmCosHmacDetector": "secret_access_key = " + "d" * 48,
    "JwtTokenDetector": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl",
    "MailchimpDetector": "k " + "e" * 32 + "-us12",
    "NpmDetector": "//registry.npmjs.org/:_authToken=npm_abcdefabcdef",
    "OpenAIDetector": "sk-" + "A" * 20 + "T3BlbkFJ" + "B" * 20,
    "PrivateKeyDetector": "-----BEGIN RSA PRIVATE KEY-----",
    "PypiTokenDetector": "pypi-AgEIcHlwaS5vcmc" + "f" * 70,
    "SendGridDetector": "SG." + "g" * 22 + "." + "h" * 43,
    "SlackDetector": "xoxb-482915736024-7391846205317-hq4tz8kmw2vlr9xbn6cyp3ds",
    "SoftlayerDetector": "softlayer_api_key = " + "4f9c2e7a1b3d8f6e" * 4,
    "SquareOAuthDetector": "sq0csp-" + "i" * 43,
    "StripeDetector": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "TelegramBotTokenDetector": "123456789:" + "AAH" + "j" * 32,
    "TwilioKeyDetector": "SK" + "0123456789abcdef" * 2,
}


def _enabled() -> dict[str, type]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    return {cls.__name__: cls for cls in get_mapping_from_secret_type_to_class().values()
            if cls.__name__ not in detector._DISABLED}


def _patterns_digest() -> str:
    rows = sorted((name, [(p.pattern, p.flags) for p in cls.denylist])
                  for name, cls in _enabled().items())
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


def test_the_hint_was_read_from_these_plugins() -> None:
    from detect_secrets.plugins.base import RegexBasedDetector

    plugins = _enabled()
    assert set(plugins) == set(SAMPLES)
    for cls in plugins.values():  # each finds only what its patterns match
        assert issubclass(cls, RegexBasedDetector)
        assert "analyze_line" not in vars(cls)
    assert _patterns_digest() == PINNED



@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_plugin_finding_holds_the_hint(name: str) -> None:
    from detect_secrets.core.scan import scan_line
    from detect_secrets.settings import transient_settings

    line = SAMPLES[name]
    with transient_settings({"plugins_used": [{"name": name}]}):
        assert list(scan_line(line)), f"{name} finds nothing in its sample"
    assert detector.PLUGIN_HINT.search(line)


def _every_line(monkeypatch: pytest.MonkeyPatch | None, texts: list[str]) -> list:
    if monkeypatch is not None:
        monkeypatch.setattr(detector, "PLUGIN_HINT", re.compile(""))
    return [detector.scan_text_bounded(t) for t in texts]


def test_findings_are_those_of_every_candidate_through_detect_secrets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [line for line, _ in CREDENTIALS] + list(LOOK_ALIKES) + list(SAMPLES.values())
    for name in ("creds_general.json", "creds_probe.json"):
        texts += [case["text"] for case in
                  json.loads((ROOT / "tests" / "core" / name).read_text(encoding="utf-8"))]
    texts.append("\n".join(texts))
    hinted = _every_line(None, texts)
    assert hinted == _every_line(monkeypatch, texts)
    assert sum(len(hits) for hits, _ in hinted) > 100


_CHILD = """
import sys
from memtui.core.creds.detector import scan_text
text = "name: report-user-particle\\n相關：[[customer-sidewall-user]]\\nssh admin@host"
print(scan_text(text), "detect_secrets" in sys.modules)
print(len(scan_text("the hook is xoxb-482915736024-7391846205317-hq4tz8kmw2vlr9xbn6cyp3ds")),
      "detect_secrets" in sys.modules)
"""


def test_a_text_no_plugin_can_match_leaves_detect_secrets_unimported() -> None:
    out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                         check=True).stdout.splitlines()
    assert out == ["[] False", "1 True"]
