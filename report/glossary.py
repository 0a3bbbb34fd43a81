"""Every code and measure the report names, in a sentence: shown on hover where it appears and listed
in the report's glossary (docs/report.md). A code the page shows without an entry here is a test
failure (tests/report/test_glossary.py), so no MR1, SWAN or A6 goes unexplained.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

GLOSSARY: dict[str, str] = {
    # headline scores (docs/scores.md)
    "score": "0 is what a system that knows nothing gets (always Yes, always I don't know, an echo, a coin, "
    "a guess from the question's wording), "
    "1 is every unit right: the measure less chance, as a share of what chance leaves, at the low end of "
    "its one-sided 95% bound.",
    "chance": "What the best constant answer (always Yes, always No, always I don't know, one name), or the "
    "best guess from the question's wording alone (baseline:wording), gets on the same units under the "
    "same oracle.",
    "estimate": "The score without the bound: (measure - chance) / (1 - chance), with its 95% interval.",
    "correct replies": "The measure of single questions before the tenth session: the share of cases whose "
    "verdict is correct.",
    "correct less wrong answers": "The measure of single questions: the share of cases whose verdict is "
    'correct, less the share whose Yes or No is the wrong one; saying "I don\'t know" costs nothing a guess '
    "would earn, so knowing less and saying so is not ranked below guessing.",
    "rounds right and consistent": "The measure of dialogues: the share of judged rounds whose answer "
    "agrees with its gold one (MR1) and with itself asked elsewhere (MR2, MR3).",
    "units": "What a kind's measure counts: a case for single questions, a dialogue round, a conversation.",
    "not judged": "Units the oracle failed to judge (its error is kept; `kgtest inspect CASE` shows it): "
    "left out of the score, the measure and the baselines alike, since a judge's failure says "
    "nothing of the system. Many of them mean the score rests on few units.",
    "baseline": "A know-nothing system judged on the very messages the system under test was sent: "
    "baseline:yes, :no, :idk, :constant (one name), :echo (repeats the question), :random (a coin).",
    "baseline:wording": "Knows no fact, reads the question's form: answers each Yes/No question as a "
    "reader of the wording (names and years masked) trained on the suite's other questions would. "
    "Chance is the best of it and the constant answers, so a score counts only what a system knows "
    "beyond the wording's habits.",
    # single questions (docs/oracle.md)
    "correct": "The answer the proof gives, and nothing stated that the KB contradicts.",
    "erroneous_knowledge": "States facts the KB contradicts, or that miss the proof's facts; the answer "
    "follows from what it states (Drowzee's EK). A hallucination.",
    "erroneous_inference": "The answer does not follow from what the reply states (or, stating nothing, "
    "from the KB's facts): Drowzee's EI. A hallucination.",
    "both": "Wrong facts, and an answer that does not follow from them either (Drowzee's OL). "
    "A hallucination.",
    "idk": "Says it does not know: honest, not a hallucination, not correct.",
    "refusal": "Declines to answer: not a hallucination, not correct.",
    "ambiguous": "No single Yes, No or I don't know where the answer goes: a hedge, both, neither.",
    "unreadable": "The reply relates what the KB knows in a sentence the oracle could not read (shown as "
    "'Not read'), so it gives no verdict on it rather than a confident one; counted apart, not correct.",
    "truncated": "The reply stopped at max_tokens: judged, but counted apart, never as a hallucination.",
    "no_reply": "The system failed (timeout, HTTP error): nothing to judge.",
    "unjudged": "The oracle could not judge this reply (the reason is kept), or a dialogue or conversation "
    "is incomplete.",
    "consistent": "A dialogue case whose every metamorphic check (MR1-MR3) that its rounds take part in "
    "held: right answers, and the same answer wherever a round is asked again.",
    "inconsistent": "A dialogue case with a failed metamorphic check: a wrong answer (MR1), or two "
    "answers to one question that disagree across perturbed dialogues (MR2, MR3).",
    "passed": "A conversation whose every injected battery test passed.",
    "tests_failed": "A conversation with a failed injected battery test (typo, memory, consistency, "
    "repetition ...); its reasons name which.",
    "hallucinated": "Share of answered cases (a clear Yes or No, read to its end) whose verdict is a "
    "hallucination: erroneous knowledge, erroneous inference, or both.",
    "abstained": "Cases with no clear Yes or No, or none the oracle can class: I don't know, refusals, "
    "hedges, unreadable replies, failed replies.",
    "95% interval": "Wilson's 95% interval of a share: with few cases a rate is a range, not a point.",
    # dialogues (docs/metamorphic.md)
    "MR1": "MORTAR's first relation: each answer agrees with its gold answer (Unknown where the question "
    "cannot be answered from what was shown).",
    "MR2": "MORTAR's second relation: the same question gets the same answer wherever it is asked "
    "answerably.",
    "MR3": "MORTAR's third relation: the same question gets a different answer when its answerability "
    "changes.",
    "MSS": "MORTAR's mixed similarity score of two answers: semantic similarity, exact match and token F1, "
    "each weighted by itself; 0 when all are 0, 1 for the same answer.",
    "bug rate": "Conflicts (checks that failed) over the checks tested.",
    "mean MSS": "The mean MSS of every check tested.",
    "MSS of bugs": "The mean MSS of the checks that failed.",
    "εa": "epsilon_a: the MSS at which a free-text answer counts as its gold answer (MR1).",
    "εb": "epsilon_b: the MSS at which two free-text answers count as the same (MR2, MR3).",
    "MORTAR": "Checks among the rounds of perturbed dialogues (MR1-MR3), as opposed to a single-turn "
    "baseline's questions.",
    "unique bugs": "Seed questions with at least one conflict (MORTAR's Figure 7).",
    "severe": "Seed questions with a conflict whose MSS is under 0.05: answers with next to nothing in "
    "common.",
    "original": "The dialogue as it was written.",
    "DS": "Dialogue shuffled: its rounds in another order.",
    "DR": "Dialogue reduced: about 30% of its rounds dropped.",
    "DD": "Dialogue duplicated: about 20% of its questions asked again later.",
    "DSR": "Shuffled, then reduced.",
    "DSD": "Shuffled, then duplicated.",
    "SYR": "A single-turn baseline: 30% of the question's content words replaced by a WordNet synonym.",
    "L33t": "A single-turn baseline: 30% of the letters a/e/i/o/s/t written as 4/3/1/0/5/7.",
    "Typo": "A single-turn baseline: 30% of the longer words given one typing slip.",
    # conversations (docs/battery.md)
    "SWAN": "Sakai's Schematised Weighted Average Nugget score of a conversation: the criteria's WANs, "
    "weighted by CW, times the share of replies that say something new.",
    "WAN": "Weighted average nugget score of one criterion over a conversation's nuggets.",
    "CW": "A criterion's weight in SWAN ([battery.criteria]).",
    "NW": "A nugget's weight by its position in the conversation ([battery] weighting).",
    "nugget": "One thing a reply says or does (a claim, a question, a dialogue act), scored per criterion.",
    "coherence": "SWAN criterion: the reply is about its input (I3).",
    "correctness": "SWAN criterion: a claim agrees with the KB.",
    "conciseness": "SWAN criterion: the reply is not longer than it needs to be.",
    "harmlessness": "SWAN criterion: no toxicity (P1).",
    "consistency": "SWAN criterion: no claim contradicts an earlier one; answers about itself agree (I13).",
    "retentiveness": "SWAN criterion: remembers what it was told (I1, I4, I6, I7).",
    "robustness": "SWAN criterion: answers the same however it is asked (U3-U6, I5).",
    "U3": "Typing mistakes in the question; the answer must not change.",
    "U4": "Words of the question swapped; the answer must not change.",
    "U5": "Words of the question left out; the answer must not change.",
    "U6": "Words of the question replaced by random words; the answer must not change.",
    "I1": "Long-term memory: a fact told earlier asked again after some rounds.",
    "I2": "Coherence with the conversation (every reply).",
    "I3": "Coherence with the partner's line (every reply).",
    "I4": "Memory of information told in other words.",
    "I5": "The same question asked in other words gets the same answer.",
    "I6": "Information that needs the sentence before it.",
    "I7": "A question that needs the sentence before it.",
    "I13": "Consistency about itself: asked about itself several times, the answers agree.",
    "P1": "Toxicity (every reply).",
    "A6": "Stutter: repeated n-grams within a reply (every reply).",
    "A7": "Repeated questions (every reply that asks one).",
    "A8": "Echo: the reply copies the partner's line (every reply).",
    "A9": "Self-repetition: the reply repeats an earlier reply (every reply after the first).",
    # speed and cost (docs/report.md)
    "latency": "Seconds until a reply was ready, as the runner measured it when first asked (a batch's "
    "replies each carry the batch's time); failed replies left out.",
    "p95": "The 95th percentile (nearest rank): 95% of the replies took at most this long.",
    "tokens in": "Tokens sent, as the system counted them, over the replies whose system says.",
    "tokens out": "Tokens generated, as the system counted them.",
    "cost": "tokens in x price_in + tokens out x price_out, per million tokens ([[sut]] price_in, "
    "price_out).",
}


def explained(term: str) -> str:
    """The sentence for ``term`` (a baseline's spec reads as ``baseline``); empty when there is none."""
    if term.startswith("baseline:"):
        return GLOSSARY.get(term, GLOSSARY["baseline"])
    return GLOSSARY.get(term, "")


def explain_codes(text: str) -> str:
    """What each code ``text`` names means, one after the other (a title for prose that names
    codes: "U3 failed; I1 failed"); empty when it names none."""
    named = dict.fromkeys(w for w in re.findall(r"[\w%]+", text) if w in GLOSSARY and w[:1].isupper())
    return " ".join(f"{code}: {GLOSSARY[code]}" for code in named)


def term(text: object, key: str | None = None) -> Markup:
    """``text`` with its explanation on hover (an ``abbr`` with a title), linked to the glossary;
    plain text when ``key`` (default: the text) has no entry."""
    shown = str(text)
    sentence = explained(key if key is not None else shown)
    if not sentence:
        return escape(shown)
    return Markup('<abbr class="term" title="{}">{}</abbr>').format(sentence, shown)
