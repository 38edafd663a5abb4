"""Learned extraction: a spaCy NER model trained on the project's annotated abstracts, and the rules that
turn annotations into training spans.

``spans`` turns one guideline annotation into character spans over the normalised text (used by
``scripts/train.py`` and its tests); ``component`` registers ``paperkg_learned_entities``, which runs the
packaged model (``model/``, trained with ``config.cfg``) and hands its spans to the entity rules on
``doc.spans["paperkg_model"]``.
"""
