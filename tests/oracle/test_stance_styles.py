"""Stances said in a writer's own words (issue 38, the eleventh session): an answer at the end of
chatty or step-by-step reasoning, the question answered by its own auxiliary ("They do."), a refusal
or an "I don't know" in words of one's own, and hedges that lean one way (with ``leanings``). Replies
written for this test in the styles of bench/styled_blind9..11's writers."""

from __future__ import annotations

import pytest

from kgtest.oracle.answer import Stance, parse_answer

STEPS = "1. He joined the club in 1983.\n2. He left it in 1985.\n3. 1986 is after that.\n\n"


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        # the answer at the end of a chatty reasoning, in an opinion's words
        ("Aid is not the same as formal ties, so I'd have to say no on that one.", Stance.NO),
        ("It sat in the old province. So, strictly speaking, I'd have to say no — ", Stance.NO),
        ("His story ends in Pacific Palisades. So I'd actually say no — not the city as such.", Stance.NO),
        ("He spent a year in California. So I'd say yes to your question!", Stance.YES),
        ("The community there is tiny, so I'd say no on this one!", Stance.NO),
        ("He raced elsewhere that spring. So yeah, I'm pretty sure he missed it.", Stance.YES),
        ("The link goes back to 1972. So yep, that statement holds up: it's true!", Stance.YES),
        ("He went there on loan in 2009. So he did play for them — the answer's yes!", Stance.YES),
        # the question answered by its own auxiliary
        ("They do. The nunciature in Sarajevo has been open since 1992.", Stance.YES),
        ("I believe they do. Relations were set up in 1983.", Stance.YES),
        ("They were indeed – Bangkok counts Shanghai among its sister cities.", Stance.YES),
        ("He didn't. He was injured for the whole season.", Stance.NO),
        ("It has been. The town joined the province in 1927.", Stance.YES),
        # the verdict opening the last line after steps, or answering the line's own question
        (STEPS + "**No**, he wasn't at the club in 1986.", Stance.NO),
        ("**Birth years**\n\n- A — 1998\n- B — 1985\n\n**Is 1985 in 1966 or earlier?** Yes.", Stance.YES),
        # after a long chatty opener, or an "Oh"
        ("Ha, a natural guess – he was brooding, very Russian – but no, Dostoyevsky wasn't one.", Stance.NO),
        ("Oh yes, definitely! The two go way back.", Stance.YES),
        ("I'm going to pass on the details, but yes, he died there.", Stance.YES),  # passing on no question
        # a refusal or an "I don't know" in words of one's own
        ("I'm not able to give a definitive answer on this one. Dates depend on the law.", Stance.REFUSAL),
        ("I'm not able to give a ruling on questions of constitutional status.", Stance.REFUSAL),
        ("I'm going to have to decline this one:\n\n- I can't verify old boundaries.", Stance.REFUSAL),
        ("I'll have to pass on this question.", Stance.REFUSAL),
        ("I'd rather not commit to a yes or no on this one. Records differ.", Stance.REFUSAL),
        ("1. It needs birth dates.\n2. I don't share them, so I'm going to decline it.", Stance.REFUSAL),
        ("I'd love to help, but I'm going to sit this one out – the records are patchy.", Stance.REFUSAL),
        ("Oh, a maze! It's near Lyon, but I honestly don't know which region it was in.", Stance.IDK),
        ("A rare pairing! I just don't have reliable information on whether they have ties.", Stance.IDK),
        ("Ooh, tricky! So I'll have to say I don't know on this one; the archive would tell.", Stance.IDK),
    ],
)
def test_a_stance_in_the_writers_words(reply: str, stance: Stance) -> None:
    assert parse_answer(reply).stance is stance, parse_answer(reply)


@pytest.mark.parametrize(
    "reply",
    [
        "He was born in Paris. His family moved to Lyon in 1920.",  # a statement, no auxiliary's answer
        "Oh no, not this one again! He lived in Paris and in Rome.",  # an exclamation, no answer
        "Oh yes, the 2020 UAE Tour — what a weird race that was! Teams were stuck in quarantine.",
        "He moved around a lot in those years. So yeah, it's complicated: it depends on the season.",
        # an informal "yeah" that does not close the reply is a filler
        "So yeah, that's the story of his exile. Whether he died in the city proper, I'm not sure.",
        "Depending on which source you trust, it could be no or yes, so I can't give a definitive answer.",
        "If he was there then, he can't have been with both clubs, so I'd go with no.",  # an answer supposed
    ],
)
def test_no_firm_answer_where_none_is_given(reply: str) -> None:
    assert parse_answer(reply).stance not in (Stance.YES, Stance.NO, Stance.REFUSAL), parse_answer(reply)


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        ("I could be wrong here, but I'm inclined to say no. His life centres on Petersburg.", Stance.NO),
        ("I'm inclined to say no, though I'm not entirely certain. The name came later.", Stance.NO),
    ],
)
def test_an_inclination_is_a_leaning(reply: str, stance: Stance) -> None:
    assert parse_answer(reply, leanings=True).stance is stance
    assert parse_answer(reply).stance not in (Stance.YES, Stance.NO)


@pytest.mark.parametrize(
    "reply",
    [
        # a leaning one way and a weaker answer the other: two-sided
        "1. It recognised them early.\n\nSo: formally, probably yes; as an embassy-level tie, possibly not.",
        # an answer, then a weaker one the other way
        "It was the city itself, yes — or maybe not.",
        # an answer that the reply says it cannot give
        "No, I'm sorry for the confusion. The answer is: \"No, I'm unable to provide a definitive answer.\"",
        # a conditional answer, and the other one under "if" (citing sources, styled_blind13 W2-001)
        "So it depends on which record you trust: going by the encyclopedias the answer would be no, but "
        "if those aggregator entries are right it would be yes.",
        # a supposition under a markdown list item's bold label is still a supposition (styled_blind12 W1-001)
        "- **The record:** I vaguely recall a lecture in the early 2000s.\n- **Where that leaves us:** "
        "If that memory is right, the answer would be yes. If I'm conflating him with someone else, it "
        "could just as easily be no.",
    ],
)
def test_two_sided_or_undermined_stays_unclear_with_leanings(reply: str) -> None:
    assert parse_answer(reply, leanings=True).stance not in (Stance.YES, Stance.NO)


@pytest.mark.parametrize(
    ("reply", "question", "stance"),
    [
        (
            "- Togo was a German colony.\n\nSo the premise doesn't hold: Germany does **not** lack diplomatic"
            " relations with Togo.",
            "Does Germany lack diplomatic relations with Togo?",
            Stance.NO,
        ),
        (
            "Quite a race that was! He didn't miss it — he rode all five stages.",
            "Did Hagen miss the UAE Tour?",
            Stance.NO,
        ),
        (
            "He went there on loan in 2009. So he did play for them.",
            "Did Quashie play for MK Dons in 2006?",
            Stance.YES,
        ),
        (
            "He trained in Berlin. So he was employed by the University of Berlin.",
            "Was Virchow employed by the University of Berlin?",
            Stance.YES,
        ),
    ],
)
def test_the_question_restated_is_its_answer(reply: str, question: str, stance: Stance) -> None:
    parsed = parse_answer(reply, question)
    assert (parsed.stance, parsed.rule) == (stance, "restated"), parsed


@pytest.mark.parametrize(
    ("reply", "question"),
    [
        (
            "She grew up in Maryland, and I can't recall whether it was Chicago or not.",
            "Was Goldie Hawn born in Chicago?",
        ),
        (
            "I don't have his birthplace, so I can't say whether he was born in Los Angeles.",
            "Was Ralf Dahrendorf born in Los Angeles?",
        ),
        (
            "He went into exile in 1933. If that's right, he didn't die in Hamburg.",
            "Did Lion Feuchtwanger die in Hamburg?",
        ),
        ("He is a New Yorker; he was born in Brooklyn.", "Was Ben Stiller born in Manhattan?"),
        ("Some sources say he was born in Manhattan. Others disagree.", "Was Ben Stiller born in Manhattan?"),
        (
            "He was born in Manhattan, according to one biography; another says Brooklyn.",
            "Was Ben Stiller born in Manhattan?",
        ),
        ("In 1999 he did play for them. In 2000 he didn't play for them.", "Did Kowalczyk play for Legia?"),
    ],
)
def test_no_restated_answer_where_the_question_is_not_said(reply: str, question: str) -> None:
    assert parse_answer(reply, question).stance not in (Stance.YES, Stance.NO)
