"""The wheel's build hook (hatch_build.py): ``memtui_native`` compiled when a C compiler is
at hand, and the build going on without it (a pure-Python wheel) when it is not."""

from __future__ import annotations

import importlib.util
import shutil
import sysconfig
from pathlib import Path

import pytest

import hatch_build
from memtui.core.checks import near_duplicate_kernel as kernel


def test_no_compiler_builds_no_kernel_and_raises_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    assert hatch_build.compile_native(tmp_path) is None
    assert "pure-Python steps" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_compiler_error_builds_no_kernel(tmp_path: Path) -> None:
    bad = tmp_path / "bad.c"
    bad.write_text("this is not C;\n")
    out = tmp_path / "out"
    out.mkdir()
    assert hatch_build.compile_native(out, bad) is None
    assert [p for p in out.iterdir() if p.name.startswith(hatch_build.NAME)] == []


def test_turned_off_builds_no_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_PURE_PYTHON", "1")
    assert hatch_build.compile_native(tmp_path) is None


def test_the_wheel_is_pure_without_the_kernel_and_platform_specific_with_it(
        tmp_path: Path) -> None:
    themes = {"/src/themes": "memtui/themes"}
    data: dict = {"force_include": {}, "force_include_editable": {}, "pure_python": True,
                  "infer_tag": False}
    hatch_build.hook_data("standard", data, None, themes)
    assert data == {"force_include": {}, "force_include_editable": {}, "pure_python": True,
                    "infer_tag": False}
    so = tmp_path / ("memtui_native" + hatch_build.suffix())
    hatch_build.hook_data("standard", data, so, themes)
    assert data["force_include"] == {str(so): so.name}
    assert not data["pure_python"] and data["infer_tag"]
    editable: dict = {"force_include": {}, "force_include_editable": {}}
    hatch_build.hook_data("editable", editable, so, themes)
    assert editable["force_include_editable"] == {**themes, str(so): so.name}


@pytest.mark.skipif(not (sysconfig.get_config_var("CC")
                         and shutil.which(sysconfig.get_config_var("CC").split()[0])),
                    reason="no C compiler here")
def test_the_compiled_kernel_loads_and_passes_its_self_check(tmp_path: Path) -> None:
    built = hatch_build.compile_native(tmp_path)
    assert built is not None and built.name.startswith("memtui_native")
    spec = importlib.util.spec_from_file_location("memtui_native", built)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.KERNEL == kernel.KERNEL
    assert kernel.works(mod)


@pytest.mark.skipif(not (sysconfig.get_config_var("CC")
                         and shutil.which(sysconfig.get_config_var("CC").split()[0])),
                    reason="no C compiler here")
def test_without_zlib_the_kernel_is_built_without_the_git_reader(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """native/git_chain.c needs zlib's header and library: where they are missing (a
    compiler that fails on them, here), the rest of the kernel is built and the git reader
    reads each object in Python (`memtui.core.git.chain.chain` is then None)."""
    cc = sysconfig.get_config_var("CC")
    fake = tmp_path / "cc-without-zlib"
    fake.write_text("#!/bin/sh\nfor a in \"$@\"; do\n"
                    "  case \"$a\" in -DMEMTUI_ZLIB|-lz) echo 'zlib.h: No such file' >&2; "
                    "exit 1;; esac\ndone\n"
                    f"exec {cc} \"$@\"\n")
    fake.chmod(0o755)
    monkeypatch.setenv("CC", str(fake))
    monkeypatch.delenv("LDSHARED", raising=False)
    out = tmp_path / "out"
    out.mkdir()
    built = hatch_build.compile_native(out)
    assert built is not None
    spec = importlib.util.spec_from_file_location("memtui_native", built)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert kernel.works(mod) and not hasattr(mod, "git_chain")
    monkeypatch.delenv("CC")
    with_zlib = tmp_path / "with"
    with_zlib.mkdir()
    built = hatch_build.compile_native(with_zlib)
    assert built is not None
    spec = importlib.util.spec_from_file_location("memtui_native", built)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert hasattr(mod, "git_chain") == Path("/usr/include/zlib.h").exists()
