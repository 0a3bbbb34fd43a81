"""Small hand-made cases with Wikidata's ids and labels, shaped as the generators emit them.

Conclusions are ``holds('S', 'P', 'O')`` Prolog text as generator/proofs.py writes them; a "No"
by functional conflict carries the class premises (P31) that make it sound, as the reasoner's do.
"""

from __future__ import annotations

from kgtest.generator.case import Answer, EvidenceFact, Proof, TestCase

DICKENS, CATHERINE, PORTSMOUTH, LONDON, JOHN = "Q5686", "Q3048797", "Q72259", "Q84", "Q6247640"
OXFORD, OXFORDSHIRE, ENGLAND, TWIST = "Q34217", "Q23169", "Q21", "Q165873"
P131 = "located in the administrative territorial entity"

BORN = EvidenceFact(DICKENS, "Charles Dickens", "P19", "place of birth", PORTSMOUTH, "Portsmouth")
MARRIED = EvidenceFact(DICKENS, "Charles Dickens", "P26", "spouse", CATHERINE, "Catherine Dickens")
IN_SHIRE = EvidenceFact(OXFORD, "Oxford", "P131", P131, OXFORDSHIRE, "Oxfordshire")
SHIRE_IN = EvidenceFact(OXFORDSHIRE, "Oxfordshire", "P131", P131, ENGLAND, "England")
AUTHOR = EvidenceFact(TWIST, "Oliver Twist", "P50", "author", DICKENS, "Charles Dickens")
CAPITAL = EvidenceFact(ENGLAND, "England", "P36", "capital", LONDON, "London")
CITY = ("Q515", "city")
PORTSMOUTH_CITY = EvidenceFact(PORTSMOUTH, "Portsmouth", "P31", "instance of", *CITY)
LONDON_CITY = EvidenceFact(LONDON, "London", "P31", "instance of", *CITY)
FATHER = EvidenceFact(DICKENS, "Charles Dickens", "P22", "father", JOHN, "John Dickens")
BIRTH = EvidenceFact(DICKENS, "Charles Dickens", "P569", "date of birth", "1812", "1812")
DEATH = EvidenceFact(DICKENS, "Charles Dickens", "P570", "date of death", "1870", "1870")


def holds(s: str, p: str, o: str) -> str:
    return f"holds('{s}', '{p}', '{o}')"


def case(
    case_id: str,
    rule: str,
    question: str,
    expected: Answer,
    evidence: tuple[EvidenceFact, ...],
    conclusion: str,
) -> TestCase:
    return TestCase(
        id=case_id,
        kind="temporal" if rule == "mtl" else "fact",
        rule=rule,
        domain="people",
        question=question,
        prompt=f"Answer the question ... {question}",
        expected=expected,
        evidence=evidence,
        proof=Proof(rule, conclusion, evidence),
    )


BORN_IN_PORTSMOUTH = case(
    "born",
    "ground",
    "Was Charles Dickens born in Portsmouth?",
    Answer.YES,
    (BORN,),
    holds(DICKENS, "P19", PORTSMOUTH),
)
BORN_IN_LONDON = case(
    "not-london",
    "negation",
    "Is it true that Charles Dickens was born in London?",
    Answer.NO,
    (BORN, PORTSMOUTH_CITY, LONDON_CITY),
    f"not({holds(DICKENS, 'P19', LONDON)})",
)
SPOUSE = case(
    "spouse",
    "symmetric",
    "Was Catherine Dickens married to Charles Dickens?",
    Answer.YES,
    (MARRIED,),
    holds(CATHERINE, "P26", DICKENS),
)
IN_ENGLAND = case(
    "oxford",
    "transitive",
    "Is Oxford located in England?",
    Answer.YES,
    (IN_SHIRE, SHIRE_IN),
    holds(OXFORD, "P131", ENGLAND),
)
WROTE = case(
    "twist",
    "ground",
    "Was Oliver Twist written by Charles Dickens?",
    Answer.YES,
    (AUTHOR,),
    holds(TWIST, "P50", DICKENS),
)
CAPITAL_OF = case(
    "capital",
    "inverse",
    "Is London the capital of England?",
    Answer.YES,
    (CAPITAL,),
    holds(LONDON, "P1376", ENGLAND),
)
ALIVE = case(
    "alive",
    "mtl",
    "Was Charles Dickens alive in 1850?",
    Answer.YES,
    (BIRTH, DEATH),
    "holds(event('Charles Dickens was alive'), 1850)",
)
FATHER_OF = case(
    "father",
    "inverse",
    "Is it true that John Dickens is the father of Charles Dickens?",
    Answer.YES,
    (FATHER,),
    holds(JOHN, "^P22", DICKENS),
)
