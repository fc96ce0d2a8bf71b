"""Files opened, read and written safely: inside a folder tree without following links
(``safe_open``), every input that is not a memory (``input_file``), the permission bits
of what memtui creates (``file_modes``), memtui's folders in the user's home
(``user_dirs``) and workspace-relative globs (``globs``). Nothing is imported here:
import the module you use."""
