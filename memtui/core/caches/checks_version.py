"""The version of memtui's checks: one digest of the code and data that decide what a scan
finds (the scanner's modules, the credential lexicon and rule set, detect-secrets' version,
memtui's and Python's). Every cache that keeps a verdict — the scan cache, the derived
result, the clean-text digests — is keyed by it, so a change to any check makes every old
verdict unreadable instead of trusted (nothing to bump by hand).
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from pathlib import Path

from memtui import __version__

#: Modules whose code decides what a scan holds: a change to any changes the version.
SCAN_MODULES = (
    "memtui.core.scanner.scan",
    "memtui.core.caches.scans",
    "memtui.core.scanner.memory_file",
    "memtui.core.scanner.links",
    "memtui.core.creds.detector",
    "memtui.core.creds.lexicon",
    "memtui.core.creds.values",
    "memtui.core.creds.structure",
    "memtui.core.creds.vendor",
    "memtui.core.creds.commands",
    "memtui.core.creds.prose",
    "memtui.core.creds.reading",
    "memtui.core.checks.instructions",
    "memtui.core.checks.hidden_text",
    "memtui.core.checks.relative_date",
    "memtui.core.checks.missing_why",
    "memtui.core.checks.near_duplicate",
    "memtui.core.checks.stale_reference",
    "memtui.core.scanner.keywords",
    "memtui.core.scanner.lazy_pattern",
    "memtui.core.scanner.textfile",
    "memtui.core.checks.findings",
    "memtui.core.checks.rules",
    "memtui.core.git.age",
    "memtui.core.workspace",
    "memtui.core.counting.tokens",
    "memtui.core.caches.clean_texts",
    "memtui.core.scanner.index",
    "memtui.core.reporting.safe_output",
    "memtui.core.git.repo",
    "memtui.core.git.pack",
    "memtui.core.git.cache",
)
#: Data files of memtui.core that decide what a scan holds (the credential lexicon and
#: the vendored rule set).
SCAN_DATA = ("creds/lexicon.json", "creds/gitleaks/gitleaks.toml",
             "creds/gitleaks/keywords.txt")


def source_digest(name: str) -> bytes:
    """The digest of module ``name``'s file (its name alone when it has none)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        return hashlib.sha256(Path(origin).read_bytes()).digest() if origin else name.encode()
    except (ImportError, OSError, ValueError):
        return name.encode()


def _detect_secrets_version() -> bytes:
    """detect-secrets' ``__version__.py``, found without importing the package (its import
    alone costs a fifth of a second)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("detect_secrets")
        places = list(spec.submodule_search_locations or []) if spec is not None else []
        return b"".join(hashlib.sha256((Path(p) / "__version__.py").read_bytes()).digest()
                        for p in places[:1]) or b"no detect-secrets"
    except (ImportError, OSError, ValueError):
        return b"no detect-secrets"


_VERSION: str | None = None


def version() -> str:
    """The checks' version: a digest of what makes the scans."""
    global _VERSION
    if _VERSION is None:
        h = hashlib.sha256(f"{__version__}\0{sys.version}\0{marshal.version}".encode())
        for name in SCAN_MODULES:
            h.update(source_digest(name))
        h.update(_detect_secrets_version())
        for data in SCAN_DATA:
            try:
                h.update(hashlib.sha256((Path(__file__).parents[1] / data).read_bytes()).digest())
            except OSError:
                h.update(data.encode())
        _VERSION = h.hexdigest()[:32]
    return _VERSION
