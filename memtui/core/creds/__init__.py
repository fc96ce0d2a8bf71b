"""Credentials by structure: where a value sits next to its label (``structure``), what the
label says in any of two dozen languages (``lexicon``, kept as data in ``lexicon.json``),
whether the value has a secret's shape (``values``), and providers' token formats from a
maintained rule set (``vendor``). ``memtui.core.creds.detector`` puts them together."""
