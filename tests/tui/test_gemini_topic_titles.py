"""The repoint picker titled Gemini topic files from their names (``importacion.md
Importacion``), though each starts with its ``# topic`` heading, ``# importación``: the
accents were lost in every title (newuser42 #13). A memory with no frontmatter name is
titled by its first line's ``# heading``."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.memory_picker import MemoryPickerScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import make_ws
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started, switch


async def test_the_picker_titles_topic_files_by_their_heading(tmp_path: Path) -> None:
    folder = tmp_path / ".gemini" / "tmp" / "tienda" / "memory"
    make_ws(folder, {"importacion.md": "# importación\nCSV de proveedores.\n",
                     "auditoria.md": "\n# auditoría\nRevisión mensual.\n",
                     "plain.md": "No heading here.\n"})
    root = folder.resolve()
    make_ws(folder, {"MEMORY.md": f"- See {root}/importacion.md for import notes.\n"
                                  f"- See {root}/gone.md for gone notes.\n"})
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "4")
        broken = app.query_one("#broken-view", AuditTable)
        await wait_for(pilot, lambda: broken.table.row_count == 1)
        await pilot.press("e")
        screen = await dialog(pilot, app, MemoryPickerScreen)
        titles = {c.path: c.title for c in screen.candidates}
        assert titles["importacion.md"] == "importación", titles
        assert titles["auditoria.md"] == "auditoría", titles
        assert titles["plain.md"] == "Plain", titles
