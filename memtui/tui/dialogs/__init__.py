"""Modal screens: the curation dialogs and the help screen."""
