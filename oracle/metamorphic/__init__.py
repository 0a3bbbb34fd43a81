"""Dialogue oracles without an LLM judge (MORTAR): metamorphic relations MR1-MR3 over answers
compared by what they say.

Each answer is read first (reading.py: years, numbers, Yes/No, "Unknown", KB entities) and
compared by its round's gold type (gold.py, typed.py); MORTAR's mixed similarity (mss.py)
decides only for free text. The single-turn baselines (METAL's synonym, l33t and typo
perturbations) are judged the same way. docs/metamorphic.md says why.
"""
