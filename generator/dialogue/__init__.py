"""Multi-turn dialogue test cases (MORTAR): seed dialogues, round graphs, perturbations, answerability.

Seed dialogues come from the KB, CoQA stories or ConvQuestions conversations; each is
perturbed (DS, DR, DD, DSR, DSD) and every question's answerability in the perturbed order is
proven by prolog/dialogue.pl. The result is ``TestCase(kind="dialogue")`` records in the suite.
docs/dialogue.md describes the design; docs/architecture.md shows where the rest of the
dialogue stage lives.
"""
