"""Build memtui's optional C extension, ``memtui_native`` (native/memtui_native.c).

As hatchling's build hook (pyproject.toml, ``[tool.hatch.build.targets.wheel.hooks.custom]``):
the wheel gets ``memtui_native`` as a top-level module beside the ``memtui`` package (so a
checkout's tests, which import ``memtui`` from the checkout, import the installed kernel
too) and a platform tag. When it cannot be compiled (no C compiler, no Python headers, a
compiler error), the build still succeeds, a pure-Python wheel, and memtui runs its Python
steps instead (`memtui.core.checks.near_duplicate_kernel`): the same findings, a slower
near-duplicate check. ``MEMTUI_PURE_PYTHON=1`` at build time builds without it.

For a developer, in place (the module beside ``memtui/``, where a checkout imports it):

    python hatch_build.py          # compile native/memtui_native.c into the checkout
    python hatch_build.py --clean  # remove it (the Python steps run)

The compiler is the platform's, as this Python was built with it (sysconfig's ``CC``,
``CFLAGS``, ``CCSHARED``, ``LDSHARED``; ``CC`` in the environment overrides it); where
sysconfig names none (Windows), setuptools' compiler if setuptools is installed.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
SOURCE = ROOT / "native" / "memtui_native.c"
NAME = "memtui_native"


def suffix() -> str:
    return sysconfig.get_config_var("EXT_SUFFIX") or (".pyd" if os.name == "nt" else ".so")


def _say(message: str) -> None:
    print(f"memtui build: {message}", file=sys.stderr)


def _posix(source: Path, target: Path, cc: str, zlib: bool = False) -> None:
    """Compile and link ``source``; ``zlib``: with native/git_chain.c (``MEMTUI_ZLIB``,
    linked with ``-lz``), which needs zlib's header and library."""
    cfg = sysconfig.get_config_var
    include = sysconfig.get_paths()["include"]
    flags = shlex.split(cfg("CFLAGS") or "") + shlex.split(cfg("CCSHARED") or "")
    flags += ["-DMEMTUI_ZLIB"] if zlib else []
    obj = target.with_suffix(".o")
    subprocess.run([*shlex.split(cc), *flags, "-I", include, "-c", str(source), "-o", str(obj)],
                   check=True, capture_output=True, timeout=300)
    link = os.environ.get("LDSHARED") or cfg("LDSHARED") or f"{cc} -shared"
    if os.environ.get("CC") and not os.environ.get("LDSHARED"):
        link = f"{cc} {' '.join(shlex.split(cfg('LDSHARED') or '')[1:]) or '-shared'}"
    subprocess.run([*shlex.split(link), str(obj), "-o", str(target), *(["-lz"] if zlib else [])],
                   check=True, capture_output=True, timeout=300)
    obj.unlink(missing_ok=True)


def _setuptools(source: Path, target: Path) -> None:
    import importlib

    importlib.import_module("setuptools")  # first: it provides distutils on 3.12+
    ccompiler = importlib.import_module("distutils.ccompiler")
    compiler = ccompiler.new_compiler()
    importlib.import_module("distutils.sysconfig").customize_compiler(compiler)
    objects = compiler.compile([str(source)], output_dir=str(target.parent),
                               include_dirs=[sysconfig.get_paths()["include"]])
    compiler.link_shared_object(objects, str(target),
                                library_dirs=[str(Path(sys.base_prefix) / "libs")])


def compile_native(out_dir: Path, source: Path = SOURCE) -> Path | None:
    """``memtui_native`` compiled into ``out_dir``: its path, or None (said on stderr)
    when it cannot be (no compiler, a compiler error, turned off)."""
    if os.environ.get("MEMTUI_PURE_PYTHON", "") not in ("", "0"):
        _say("MEMTUI_PURE_PYTHON set: memtui_native not built (the Python steps run)")
        return None
    target = Path(out_dir) / (NAME + suffix())
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC")
    try:
        if cc:
            try:  # with the git reader's line of commits where zlib is (native/git_chain.c)
                _posix(source, target, cc, zlib=True)
            except subprocess.CalledProcessError:  # no zlib.h or -lz: the rest of the kernel
                _posix(source, target, cc)
        else:
            _setuptools(source, target)
    except Exception as e:  # no compiler, no headers, a compiler error: no kernel
        detail = getattr(e, "stderr", b"") or b""
        if isinstance(detail, bytes):
            detail = detail.decode(errors="replace")
        _say(f"memtui_native not built ({type(e).__name__}: {e}; {detail.strip()[:500]}); "
             "memtui runs its pure-Python steps instead (same findings, slower)")
        target.unlink(missing_ok=True)
        return None
    return target


def hook_data(version: str, build_data: dict[str, Any], built: Path | None,
              force_include: dict[str, str]) -> None:
    """What the wheel's build data becomes with ``built`` (the compiled module, or None):
    the module at the wheel's top, the wheel platform-specific; unchanged without it."""
    if built is None:
        return
    if version == "editable":  # hatchling reads this map, not force_include, for these
        build_data["force_include_editable"] = {**force_include, str(built): built.name}
    else:
        build_data["force_include"][str(built)] = built.name
    build_data["pure_python"] = False
    build_data["infer_tag"] = True


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script, or imported by a test, without hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]


class NativeBuildHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """hatchling's custom build hook: `compile_native`, then `hook_data`."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        self._tmp = tempfile.TemporaryDirectory(prefix="memtui-native-")
        built = compile_native(Path(self._tmp.name), Path(self.root) / "native"
                               / "memtui_native.c")
        hook_data(version, build_data, built, self.build_config.get_force_include())

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            tmp.cleanup()


def main(argv: list[str]) -> int:
    for old in ROOT.glob(NAME + "*" + (".pyd" if os.name == "nt" else ".so")):
        old.unlink()
    if "--clean" in argv:
        return 0
    built = compile_native(ROOT)
    if built is None:
        return 1
    print(built)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
