"""Graph stage (rdflib): resolve mentions to one node per real-world entity across the corpus, mint IRIs,
map extractions to the ``pkg:`` ontology, write Turtle and validate it with SHACL.

Takes ``PaperExtraction`` records; hands a validated Turtle file to ``load`` and to SPARQL users.
"""
