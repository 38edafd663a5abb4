"""Corpus stage: read abstracts from seed ``.txt`` files, JSON Lines, directories or stdin, reject bad
records with ``file:line`` and a reason, and normalise LaTeX/markup.

Hands ``PaperRecord`` objects (plain text, title, provenance) to ``extract``; rejected records become
``Rejected`` rows for the rejects file. Knows nothing about spaCy or RDF.
"""
