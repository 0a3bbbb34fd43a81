"""Knowledge triples read from text: a reply for the oracle, a story or a round for the dialogue generator.

``make_extractor(name)`` gives a ``TripleExtractor`` (``spacy``, the offline default, or
``corenlp`` against a server you run); docs/oracle.md describes what each reads.
"""
