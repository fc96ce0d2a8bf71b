"""detect-secrets runs without importing requests (its verifiers' network client, which
memtui never calls): the credential found is the same, and requests is whole when asked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_CHILD = """
import sys
from memtui.core.creds.detector import scan_text
hits = scan_text("stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc and AKIAZ4XK3J7QW2PLMN5R")
print(sorted(h.kind for h in hits))
print("detect_secrets.core.scan" in sys.modules, "urllib3" in sys.modules,
      "requests" in sys.modules)
import requests
import detect_secrets.plugins.base as base
print(requests.Response.__module__, base.requests.exceptions.RequestException is
      requests.exceptions.RequestException)
"""


def test_detect_secrets_scans_with_requests_left_unimported() -> None:
    out = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                         check=True).stdout.splitlines()
    assert out == ["['AWS Access Key', 'Stripe Access Key']", "True False False",
                   "requests.models True"]
