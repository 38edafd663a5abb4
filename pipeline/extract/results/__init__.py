"""Result rules: which numbers of an abstract are experimental outcomes, their kind and unit, and the
metric, dataset, method and baseline each belongs to.

``extractor.find_results`` is the entry point; it reads the entity mentions and hands ``ResultMention``
records to ``graph``.
"""
