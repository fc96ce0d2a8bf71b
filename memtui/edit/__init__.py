"""Safe writes, the journal (undo), and the repair operations."""
