"""The Graph view: the link graph as a tree — pick a memory, see where it leads and what
leads to it; dangling targets show as placeholders; isolated memories and connected
components are listed."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Input, Tree
from textual.widgets.tree import TreeNode

from memtui.core.audit import AuditResult
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.tui.messages import JumpTo, MemorySelected, displayed
from memtui.tui.views.base import FilteredView
from memtui.tui.widgets.hidden_focus import FocusStylesPutOffWhileHidden
from memtui.tui.widgets.pass_style import StyleOncePerPaint
from memtui.tui.widgets.summary_line import SummaryLine

#: A tree group lists at most this many memories; the filter finds the rest.
MAX_LISTED = 500


@dataclass(frozen=True)
class GraphNode:
    """What a tree node stands for: a memory (``path``), a dangling name, or a group."""

    kind: str  # memory | dangling | group
    path: str | None = None
    expand: str | None = None  # memory whose links fill this node's children when opened


class GraphTree(FocusStylesPutOffWhileHidden, StyleOncePerPaint, Tree[GraphNode]):
    """Textual's tree, not rebuilt when only its focus changed or it is shown again at its
    size (each view switch to and from the Graph view): Textual's tree takes every restyle
    and every resize event (one comes with being shown) for a change of its lines, builds
    them all again, measuring every label, and lays the screen out again (8–15 ms at 261
    memories). Its drawn lines are kept by focus state and width already, and drawn with
    its style worked out once a paint (``StyleOncePerPaint``); its restyle for the focus it
    loses while hidden is put off (``FocusStylesPutOffWhileHidden``)."""

    def __init__(self, label: str, *, id: str | None = None) -> None:
        super().__init__(label, id=id)
        self._styled_focus = False  # `has_focus` at the last restyle
        self._sized: Size | None = None  # the size of the last resize event

    def on_resize(self, event: events.Resize) -> None:
        if event.size == self._sized:
            event.prevent_default()  # shown again at its size: Textual's tree rebuilds
        self._sized = event.size

    def notify_style_update(self) -> None:
        focus_only = self.has_focus != self._styled_focus
        self._styled_focus = self.has_focus
        if focus_only:
            Widget.notify_style_update(self)  # Textual's own, without the tree's rebuild
        else:
            super().notify_style_update()


class GraphView(FilteredView):
    DEFAULT_CSS = """
    GraphView > Tree { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor(1)", "Down", show=False),
        Binding("k", "cursor(-1)", "Up", show=False),
        Binding("home,g", "cursor_to(0)", "First", show=False),
        Binding("end,G", "cursor_to(-1)", "Last", show=False),
    ]

    def action_cursor(self, step: int) -> None:
        tree = self.tree
        tree.move_cursor_to_line(max(0, min(tree.cursor_line + step, tree.last_line)))

    def action_cursor_to(self, line: int) -> None:
        tree = self.tree
        tree.move_cursor_to_line(tree.last_line if line < 0 else line)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._dangling: dict[str, list[str]] = {}

    def compose(self) -> ComposeResult:
        yield SummaryLine(classes="summary")
        yield Input(placeholder="filter memories  (/)", classes="filter")
        tree = GraphTree("graph", id="graph-tree")
        tree.show_root = False
        yield tree

    @property
    def tree(self) -> Tree[GraphNode]:
        return self.query_one(Tree)

    @property
    def body(self) -> Tree[GraphNode]:
        return self.tree

    def refilter(self) -> None:
        self.rebuild()

    def selection(self) -> tuple[str, int | None] | None:
        node = self.tree.cursor_node
        data = node.data if node is not None else None
        return (data.path, None) if data is not None and data.path else None

    def why_nothing(self) -> str:
        return "the cursor is on a group, not a memory"

    def _memory_label(self, path: str) -> Text:
        result = self.result
        assert result is not None
        scan = result.scans.get(path)
        key = scan.memory.key if scan else path
        label = Text(printable(key))
        if path in result.index_linked:
            pass
        elif path in result.reachable:
            label.stylize(self.palette.warning)
        else:
            label.stylize(self.palette.error)
        g = result.graph
        label.append(f"  →{len(g.out.get(path, ())):,} ←{len(g.back.get(path, ())):,}",
                     style=self.palette.muted)
        if key != path:
            label.append(f"  {printable(path)}", style=self.palette.muted)
        return label

    def _add_memory(self, parent: TreeNode[GraphNode], path: str) -> None:
        result = self.result
        assert result is not None
        g = result.graph
        has_links = bool(g.out.get(path) or g.back.get(path) or self._dangling.get(path))
        parent.add(self._memory_label(path), GraphNode("memory", path, path),
                   allow_expand=has_links)

    def draw(self, result: AuditResult) -> None:
        tree = self.tree
        keep = tree.cursor_node.data.path if tree.cursor_node and tree.cursor_node.data \
            else None
        g = result.graph
        self._dangling = defaultdict(list)
        for name, sources in g.placeholders.items():
            for src in sources:
                self._dangling[src].append(name)
        words = self.filter_text.casefold().split()

        def wanted(path: str) -> bool:
            if not words:
                return True
            scan = result.scans.get(path)
            hay = (path + " " + (scan.memory.key if scan else "")).casefold()
            return all(w in hay for w in words)

        tree.clear()
        root = tree.root
        # A branch counts what it lists ("2 of 40" under a filter); the summary counts
        # the whole graph, the filter's matches first (newuser22 #33: only "isolated"
        # followed the filter, links and components did not).
        def count(shown: int, total: int) -> str:
            return f"{shown:,} of {total:,}" if words else f"{total:,}"

        nodes = [p for p in g.nodes if wanted(p)]
        mem = root.add(f"Memories ({count(len(nodes), len(g.nodes))})", GraphNode("group"),
                       expand=True)
        for path in nodes[:MAX_LISTED]:
            self._add_memory(mem, path)
        self._more(mem, len(nodes))
        every_isolated = g.isolated()
        isolated = [p for p in every_isolated if wanted(p)]
        shown = count(len(isolated), len(every_isolated))
        iso = root.add(f"Isolated — no links in or out ({shown})", GraphNode("group"))
        for path in isolated[:MAX_LISTED]:
            iso.add_leaf(self._memory_label(path), GraphNode("memory", path))
        self._more(iso, len(isolated))
        comps = [c for c in g.components() if len(c) > 1]
        matching = sum(1 for c in comps if any(wanted(p) for p in c)) if words else len(comps)
        comp_node = root.add(f"Connected components ({count(matching, len(comps))})",
                             GraphNode("group"))
        for i, comp in enumerate(comps[:MAX_LISTED], start=1):
            if not any(wanted(p) for p in comp):
                continue
            node = comp_node.add(f"#{i}: {len(comp):,} memories", GraphNode("group"))
            for path in comp[:MAX_LISTED]:
                node.add_leaf(self._memory_label(path), GraphNode("memory", path))
            self._more(node, len(comp))
        self._more(comp_node, len(comps))
        dangling = sorted(g.placeholders)
        dn = root.add(Text(f"Dangling targets ({len(dangling):,})"), GraphNode("group"))
        for name in dangling[:MAX_LISTED]:
            srcs = g.placeholders[name]
            leaf = dn.add(Text(f"[[{printable(name)}]]", style=self.palette.dangling),
                          GraphNode("dangling"))
            for src in srcs:
                leaf.add_leaf(Text("← ") + self._memory_label(src), GraphNode("memory", src))
        matched = f"{len(nodes):,} of {len(g.nodes):,} match · " if words else ""
        self.query_one(".summary", SummaryLine).update(
            f"{matched}{plural(len(g.nodes), 'memory', 'memories')} · "
            f"{plural(sum(len(v) for v in g.out.values()), 'link')} · "
            f"{len(every_isolated):,} isolated · {plural(len(comps), 'component')} · "
            f"{len(dangling):,} dangling")
        if keep is not None:
            for node in mem.children:
                if node.data and node.data.path == keep:
                    tree.move_cursor(node)
                    break

    def _more(self, parent: TreeNode[GraphNode], total: int) -> None:
        if total > MAX_LISTED:
            parent.add_leaf(Text(f"… {total - MAX_LISTED:,} more: type in the filter to narrow",
                                 style=self.palette.muted), GraphNode("group"))

    @on(Tree.NodeExpanded)
    def _expanded(self, event: Tree.NodeExpanded[GraphNode]) -> None:
        event.stop()
        node = event.node
        data = node.data
        if data is None or data.expand is None or node.children or self.result is None:
            return
        path = data.expand
        g = self.result.graph
        out, back = g.out.get(path, []), g.back.get(path, [])
        if out:
            grp = node.add(Text(f"→ links to ({len(out):,})"), GraphNode("group"), expand=True)
            for t in out:
                self._add_memory(grp, t)
        if back:
            grp = node.add(Text(f"← linked from ({len(back):,})"), GraphNode("group"),
                           expand=True)
            for s in back:
                self._add_memory(grp, s)
        for name in self._dangling.get(path, []):
            node.add_leaf(Text(f"? [[{printable(name)}]] — no such memory yet",
                               style=self.palette.dangling), GraphNode("dangling"))

    @on(Tree.NodeHighlighted)
    def _highlighted(self, event: Tree.NodeHighlighted[GraphNode]) -> None:
        event.stop()
        data = event.node.data
        if data is not None and data.path and displayed(self):
            self.post_message(MemorySelected(data.path))

    @on(Tree.NodeSelected)
    def _selected(self, event: Tree.NodeSelected[GraphNode]) -> None:
        event.stop()
        data = event.node.data
        if data is not None and data.path and not event.node.allow_expand:
            self.post_message(JumpTo(data.path))

