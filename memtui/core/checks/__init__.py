"""What the audit finds: the finding kinds and the Finding record (``findings``), the
catalogue of rules (``rules``), and the content checks, one concept each —
``instructions``, ``hidden_text``, ``relative_date``, ``missing_why``,
``near_duplicate``, ``stale_reference`` (with ``project``, the project it reads) and
``noise``. Nothing is imported here: import the module you use."""
