"""The audit as it is reported: the JSON report (``json_report``) and SARIF (``sarif``),
what a user said not to report (``suppress``) and what a configuration hides
(``hidden``), many findings of a kind in one line (``grouping``), a workspace's health
in one row (``health``), text safe to show (``safe_output``) and numbers in words
(``wording``). Nothing is imported here: import the module you use."""
