"""bench/gguf.py reads a GGUF header as untrusted input: real files, hostile lengths."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from bench.gguf import ArrayInfo, GGUFError, read_header


def s(text: str | bytes) -> bytes:
    raw = text.encode() if isinstance(text, str) else text
    return struct.pack("<Q", len(raw)) + raw


def kv_string(key: str, value: str) -> bytes:
    return s(key) + struct.pack("<I", 8) + s(value)


def gguf(*pairs: bytes, keys: int | None = None, magic: bytes = b"GGUF",
         version: int = 3) -> bytes:
    count = len(pairs) if keys is None else keys
    return magic + struct.pack("<IQQ", version, 291, count) + b"".join(pairs)


TEMPLATE = "{% if tools %}<tools>{{ tools }}</tools><tool_call>{% endif %}"


def test_reads_names_numbers_and_skips_arrays(tmp_path: Path) -> None:
    tokens = struct.pack("<IQ", 8, 3) + s("a") + s("b") + s("c")
    ids = struct.pack("<IQ", 5, 4) + struct.pack("<4i", 1, 2, 3, 4)
    data = gguf(kv_string("general.name", "Tiny Instruct"),
                s("qwen2.context_length") + struct.pack("<II", 4, 32768),
                s("general.file_type") + struct.pack("<II", 4, 15),
                s("tokenizer.ggml.tokens") + struct.pack("<I", 9) + tokens,
                s("tokenizer.ggml.token_type") + struct.pack("<I", 9) + ids,
                s("tokenizer.ggml.add_bos_token") + struct.pack("<I?", 7, False),
                kv_string("tokenizer.chat_template", TEMPLATE)) + b"\x00" * 64
    path = tmp_path / "m.gguf"
    path.write_bytes(data)
    h = read_header(path)
    assert (h.version, h.tensor_count) == (3, 291)
    assert h.get("general.name") == "Tiny Instruct"
    assert h.get("qwen2.context_length") == 32768
    assert h.get("tokenizer.ggml.tokens") == ArrayInfo(8, 3)
    assert h.get("tokenizer.ggml.token_type") == ArrayInfo(5, 4)
    assert h.get("tokenizer.ggml.add_bos_token") is False
    assert h.template_has_tools


@pytest.mark.parametrize(("data", "fault"), [
    (b"GGML" + b"\x00" * 20, "not a GGUF file"),
    (gguf(version=7), "GGUF version 7 is not 2 or 3"),
    (gguf(keys=10**9), "1,000,000,000 metadata keys"),
    (gguf(kv_string("general.name", "x"), keys=2), "header runs past the end"),
    (gguf(s("k") + struct.pack("<I", 8) + struct.pack("<Q", 2**62)), "a string of "),
    (gguf(s("k") + struct.pack("<I", 99) + b"\x00" * 8), "unknown value type 99"),
    (gguf(s("k") + struct.pack("<IIQ", 9, 4, 2**40)), "an array of "),
    (gguf(s("k") + struct.pack("<IIQ", 9, 4, 1000) + b"\x00" * 8), "runs past the end"),
    (b"GG", "runs past the end"),
])
def test_hostile_or_broken_headers_are_one_line(tmp_path: Path, data: bytes,
                                                fault: str) -> None:
    path = tmp_path / "bad.gguf"
    path.write_bytes(data)
    with pytest.raises(GGUFError) as info:
        read_header(path)
    assert str(info.value).startswith(f"{path}: ")
    assert fault in str(info.value) and "\n" not in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(GGUFError, match="No such file"):
        read_header(tmp_path / "none.gguf")
