"""Token counts with the Qwen and cl100k vocabularies, offline (``tokens``), in this
process or in the counting child (``child``, ``python -m memtui.core.counting.child``),
spoken to over a pipe (``pipe``); ``partial`` is the encoder over only the tokens a small
batch can use. Nothing is imported here: import the module you use."""
