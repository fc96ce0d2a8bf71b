"""What an audit keeps in the user cache between runs: one cache file read and written
(``store``), each file's scan (``scans``), the derivation's result (``derived``), texts
known clean (``clean_texts``), and the version of the checks that keys them all
(``checks_version``). A cache is never worth an error. Nothing is imported here:
import the module you use."""
