"""String-level scanners shared by the entity and result rules: acronym definitions ("Hard View
Pretraining (HVP)"), numbers with their units, and the Papers-with-Code gazetteers.

Pure functions over ``str``; hands spans and lookups to ``entities`` and ``results``.
"""
