"""Dialogue oracles without an LLM judge (MORTAR): mixed similarity and metamorphic relations MR1-MR3.

Answers to the same question across rounds and perturbed dialogues are compared with the
mixed similarity score; conflicts between them are bugs. The single-turn baselines (METAL's
synonym, l33t and typo perturbations) are judged the same way.
"""
