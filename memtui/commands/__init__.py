"""The command line's commands, one module per command (``audit``, ``fix``, ``history``,
``undo``, ``eval``, and ``app`` for ``memtui [PATH]``). Each provides
``add_arguments(parser)`` and ``run(args) -> int``; ``memtui.cli`` builds the parser and
dispatches, importing a command's module only when it runs."""
