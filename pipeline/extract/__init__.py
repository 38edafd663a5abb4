"""Extract stage (spaCy): find the named methods, datasets, metrics and tasks of one abstract, their
roles, and the numbers it reports with what they are attributed to.

``nlp`` assembles the spaCy pipeline and registers the components as factories; ``text`` holds the
string-level scanners (acronym definitions, numbers, gazetteers), ``entities`` the entity rules and
``results`` the result rules. Hands one ``PaperExtraction`` per paper to ``graph``. Imports nothing from
``graph``, ``load`` or ``build``.
"""
