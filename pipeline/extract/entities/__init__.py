"""Entity rules: candidate names from the parse and the text, their type (method, dataset, metric, task),
their role (proposed / baseline / used; introduced / used), title evidence and acronyms.

``extractor.find_entities`` is the entry point; it hands ``EntityMention`` records to ``results`` (which
attributes numbers to them) and to ``graph``.
"""
