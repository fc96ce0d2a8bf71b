"""Everything across files, a pure function of all the scans plus the index: the
derivation (``derive``), the link graph (``graph``), where a link's target lies
(``link_target``), workspace-level findings (``gathered``) and the memoised steps that
make a re-audit incremental (``memo``). Nothing is imported here: import the module
you use."""
