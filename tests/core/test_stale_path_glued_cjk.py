"""newuser37 #35: a path written the Chinese way, glued to the characters around it
("发票由src/old_loader.py里的…", "配置在scripts/deploy_legacy.sh中。"), was never read as a path,
so its deletion went unreported; the same path with spaces or backticks was. A path ends
where the ideographs begin; in a spaced script a letter beside it is still part of a word."""

from __future__ import annotations

from memtui.core.checks.stale_reference import references


def _paths(text: str) -> list[str]:
    return [value for _, kind, value in references(text, 1) if kind == "path"]


def test_a_path_glued_to_cjk_is_read() -> None:
    assert _paths("发票由src/old_loader.py里的load_store加载。\n") == ["src/old_loader.py"]
    assert _paths("配置在scripts/deploy_legacy.sh中。\n") == ["scripts/deploy_legacy.sh"]
    assert _paths("設定はconfig/app.yamlにあります。\n") == ["config/app.yaml"]


def test_a_letter_of_a_spaced_script_still_joins_it() -> None:
    assert _paths("éxito/src/app.py\n") == []
    assert _paths("see src/app.py now\n") == ["src/app.py"]
