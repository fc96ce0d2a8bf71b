"""newuser30 #24: Hermes' near-duplicate entries were compared by their ``\\w+`` words, and a
Chinese, Japanese or Thai entry is one such word, so two entries differing by one character
were never reported. An unspaced run is now read as overlapping character pairs (triples in
Thai and its neighbours), as the memory files' own check reads it."""

from __future__ import annotations

from memtui.core.checks.unspaced_words import entry_words
from memtui.core.profiles.hermes import store_findings

LIMIT = 2200


def _near(*entries: str) -> list[int]:
    text = "\n§\n".join(entries) + "\n"
    return [f.line for f in store_findings("MEMORY.md", text, LIMIT)
            if f.kind == "duplicate_entry"]


def test_an_unspaced_entry_written_again_with_another_ending_is_reported() -> None:
    zh = "团队的周报每周五下午四点前发到共享文件夹，迟交的要先在群里说明原因"
    assert _near(zh + "。", zh + "！") == [3]
    th = "ทีมส่งรายงานประจำสัปดาห์ทุกวันศุกร์ก่อนสี่โมงเย็นไปที่โฟลเดอร์กลาง"
    assert _near(th, th + "นะ") == [3]
    ja = "週報は毎週金曜日の午後四時までに共有フォルダへ提出すること"
    assert _near(ja + "。", ja + "！") == [3]


def test_two_unspaced_entries_on_other_matters_stay_apart() -> None:
    assert _near("团队的周报每周五下午四点前发到共享文件夹。",
                 "服务器的备份每天凌晨两点自动运行并保留三十天。") == []


def test_the_words_of_a_mixed_entry() -> None:
    words = entry_words("Deploy 到 build-7 服务器")
    assert {"deploy", "build", "7", "到", "服务", "务器"} == set(words)
