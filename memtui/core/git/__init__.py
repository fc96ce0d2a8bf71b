"""Git history read as data, never by running git: a repository (``repo``) and its packs
(``pack``), how old a memory is (``age``) with the ages kept in the user cache
(``cache``), and a workspace's drift over its commits (``trend``). Nothing is imported
here: import the module you use."""
