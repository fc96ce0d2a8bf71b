"""newuser37 #10: Chinese and Japanese notes of one template, two numbers changed
(``第10号交接流程由班组长负责 每次检查3项`` / ``第8号… 每次检查8项``), were contradictions
(55 in zh, 36 in ja; 0 for the same notes in English): a number glued to the characters
around it made the whole clause one token, so two changed values were one place. The
number alone is the value; two places changed is no contradiction, one still is."""

from __future__ import annotations

from memtui.core.checks.near_duplicate_conflict import contradicts

HEAD = "交接流程的说明\n"


def _note(i: int, n: int) -> str:
    return (f"关于交接的第{i}条记录\n交接记录：第{i}号交接流程由班组长负责，每次检查{n}项。\n\n"
            "**原因：**避免重复出错。\n\n**如何应用：**每次交接前先读这条。")


def test_two_numbers_changed_is_no_contradiction() -> None:
    assert contradicts(_note(8, 8), _note(10, 3)) is None


def test_one_number_changed_still_is() -> None:
    rest = ("，所有客户端都连接这个端口，部署脚本也使用它，监控也看它，日志也写它，"
            "告警也发它，文档也写它。")
    a = HEAD + "测试环境的服务端口是8080" + rest
    b = HEAD + "测试环境的服务端口是9090" + rest
    assert contradicts(a, b) == "8080 / 9090"
