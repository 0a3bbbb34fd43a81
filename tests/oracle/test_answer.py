"""Reading the verdict: the lead decides, whole words only, hedges and conflicts are ambiguous."""

from __future__ import annotations

import pytest

from kgtest.generator.case import Answer
from kgtest.oracle.answer import Stance, parse_answer


@pytest.mark.parametrize(
    ("reply", "stance", "evidence"),  # evidence None: the deciding words are the label with its quote
    [
        ("No.", Stance.NO, "No"),  # the published code of seed 003 read this as a yes
        ("no", Stance.NO, "no"),
        ("NO. He was not.", Stance.NO, "NO"),
        ("No, Dickens was born in Portsmouth.", Stance.NO, "No"),
        ("Yes", Stance.YES, "Yes"),
        ("**Yes**\n\n1. Dickens was born in Portsmouth.", Stance.YES, "Yes"),
        ("Answer: No", Stance.NO, "Answer: No"),
        ("**Answer:** Yes. He was.", Stance.YES, "Answer:** Yes"),
        ("The answer is: yes", Stance.YES, "The answer is: yes"),
        ("A: no", Stance.NO, "A: no"),
        ("'No' - he was born elsewhere.", Stance.NO, "No"),
        ("(Yes)", Stance.YES, "Yes"),
        ("Noted, yes.", Stance.YES, "yes"),
        ("Based on historical records, no, he was not.", Stance.NO, "no"),
        ("True.", Stance.YES, "True"),
        ("Correct, he was.", Stance.YES, "Correct"),
        ("Indeed he was.", Stance.YES, "Indeed"),
        ("Absolutely, he was.", Stance.YES, "Absolutely"),
        ("Definitely not.", Stance.NO, "Definitely not"),
        ("That's not true: he was born in Portsmouth.", Stance.NO, "That's not true"),
        ("No doubt about it, he was.", Stance.YES, "No doubt"),
        ("Yes, no doubt about it.", Stance.YES, "Yes"),
        ("Nope.", Stance.NO, "Nope"),
        ("I think no.", Stance.NO, "I think no"),
        ("Dickens was born in Portsmouth. Therefore, yes.", Stance.YES, "Therefore, yes"),
        # a concluding verdict set off by a dash, as citing and step-by-step replies end
        ("Per the records he was born in 1980. So yes - he was born by then.", Stance.YES, "So yes"),
        ("He was at Nantes then. Therefore no — he was not there.", Stance.NO, "Therefore no"),
        # a verdict after a chatty opener's "but", the last line's colon, an opinion late in the reply
        ("Ha, it's a common assumption, but no! He was born in Chicago.", Stance.NO, "no"),
        ("1. He left in 2008.\n2. He came back in 2013.\n\nSo in 2011 he was away: No.", Stance.NO, "No"),
        ("He joined in 1871. As it kept its king, I'd say no: it was only allied.", Stance.NO, "I'd say no"),
        ("Let me think.\nYes\nHe was.", Stance.YES, "Yes"),
        ("I don't know.", Stance.IDK, "I don't know"),
        ("I do not know whether he was.", Stance.IDK, "I do not know"),
        ("I am not sure.", Stance.IDK, "I am not sure"),
        ("Not sure, the sources disagree.", Stance.IDK, "Not sure"),
        ("Cannot determine from what I know.", Stance.IDK, "Cannot determine"),
        ("It is unclear whether he was.", Stance.IDK, "It is unclear"),
        ("As an AI, I cannot browse the web.", Stance.REFUSAL, "As an AI"),
        ("I'm sorry, but I can't help with that.", Stance.REFUSAL, "I'm sorry, but I can't"),
        ("I must decline to answer.", Stance.REFUSAL, "I must decline"),
        ("Not necessarily.", Stance.AMBIGUOUS, "Not necessarily"),
        ("Yes and no.", Stance.AMBIGUOUS, "Yes and no"),
        ("Yes/No: it depends.", Stance.AMBIGUOUS, "Yes/No"),
        ("No or yes, hard to say.", Stance.AMBIGUOUS, "No or yes"),
        ("It depends on the year.", Stance.AMBIGUOUS, "It depends"),
        ("Possibly.", Stance.AMBIGUOUS, "Possibly"),
        # the sentences small models write
        ('The answer to the question "Is it true that Gauss died in London?" is "No".', Stance.NO, None),
        ('The answer to the question "Is it true that Tesla died in New York?" is "Yes."', Stance.YES, None),
        ("The answer to this question is: No.", Stance.NO, "The answer to this question is: No"),
        ("1. The answer is not true.\n2. Gauss died in Göttingen.", Stance.NO, "The answer is not true"),
        ("The statement is false.", Stance.NO, "The statement is false"),
        ("True: Zürich is located in Switzerland.", Stance.YES, "True"),
        ("Fantasy: No", Stance.NO, "Fantasy: No"),
        ("Step 1: Read it.\nThe answer is:\n\nYes.", Stance.YES, "The answer is:\n\nYes"),
        ('The correct answer to the question is "True."', Stance.YES, None),
        ("**Conclusion**: No, he was not alive.", Stance.NO, None),
        ("Yes, there was a year exactly 9 years after 1926.", Stance.YES, "Yes"),
    ],
)
def test_stance_and_the_words_that_decided_it(reply: str, stance: Stance, evidence: str | None) -> None:
    parsed = parse_answer(reply)
    assert parsed.stance is stance
    (start, end), *_ = parsed.spans
    if evidence is not None:
        assert parsed.evidence == (evidence,)
        assert reply[start:end] == evidence


def test_a_word_joined_by_a_hyphen_is_no_verdict_after_so() -> None:
    assert parse_answer("He rode for them in 1980. So no-one doubts it.").stance is Stance.MISSING


@pytest.mark.parametrize(
    ("reply", "rule"),
    [
        ("- Yes\n- No\n- I don't know", "options"),
        ("1. Yes\n2. No\n3. I don't know\n4. I'm not sure", "options"),
        ("1. No- no:\n- The answer is not true\n2. I don't know- yes:", "options"),
        ("- Yes: there is evidence.\n- No: there is no record.", "options"),
        ("I think yes, but I'm not sure.", "hedge"),
        ("Yes. I'm not sure though.", "hedge"),
        ("No, I'm sorry. The answer is: No, I'm unable to provide a definitive answer.", "hedge"),
        ("No. Wait, yes: he was born there.", "correction"),
        ("Yes. Actually, no.", "correction"),
        ("Yes. No.", "correction"),
        ("No, no, no, yes.\nYes, it is absolutely true.", "conflict"),
        ("The answer is yes.\n1. It is possible.\n3. No, I don't know.", "conflict"),
        ("Yes? No? It is hard to say.", "correction"),
    ],
)
def test_options_hedges_and_changes_of_mind_are_never_a_yes_or_no(reply: str, rule: str) -> None:
    parsed = parse_answer(reply)
    assert (parsed.stance, parsed.rule) == (Stance.AMBIGUOUS, rule)


def test_a_first_sentence_that_asks_or_repeats_the_question_is_no_answer() -> None:
    negated = (
        "It is false that Andrew Wiles was born in Rome. Please judge the truthfulness of this statement."
    )
    assert parse_answer("It is false that Andrew Wiles was born in Rome.", negated).stance is Stance.MISSING
    assert parse_answer("It is false that Andrew Wiles was born in Rome. Yes.", negated).stance is Stance.YES
    asked = "Is it true that Stephen Hawking died in Rome?"
    assert parse_answer(
        'You ask "Did Stephen Hawking die in Rome?" The answer is No: he did not.', asked
    ).stance is (Stance.NO)
    assert (
        parse_answer("The question asks whether he died in Rome. No, in Cambridge.", asked).stance
        is Stance.NO
    )
    # "It is true that X." answering "Is it true that X?" is an answer, not the question repeated.
    employed = "Is it true that University of Cambridge employed Stephen Hawking?"
    assert parse_answer(
        "It is true that University of Cambridge employed Stephen Hawking.", employed
    ).stance is (Stance.YES)


def test_no_verdict_but_a_plain_cannot_tell_is_an_honest_i_dont_know() -> None:
    parsed = parse_answer(
        "Knowledge: we cannot determine the answer because we do not have enough information."
    )
    assert (parsed.stance, parsed.rule) == (Stance.IDK, "unsure")


@pytest.mark.parametrize(
    "reply",
    [
        "Yesterday it rained in Portsmouth.",
        "Norway is a country.",
        "Nobody knows where he was born.",
        "No one knows where he was born.",
        "Dickens had no children.",
        "Knowledge of his birth is scarce.",
        "",
    ],
)
def test_verdict_words_inside_other_words_or_phrases_are_not_verdicts(reply: str) -> None:
    assert parse_answer(reply).stance is Stance.MISSING


def test_a_final_answer_that_contradicts_the_lead_is_ambiguous() -> None:
    reply = "Yes. Dickens was born in Portsmouth. So the answer is no."
    parsed = parse_answer(reply)
    assert parsed.stance is Stance.AMBIGUOUS
    assert parsed.rule == "conflict"
    assert parsed.evidence == ("Yes", "So the answer is no")


def test_a_final_answer_that_repeats_the_lead_is_kept() -> None:
    parsed = parse_answer("No. He was born in Portsmouth. Therefore, no.")
    assert parsed.stance is Stance.NO


def test_reasoning_is_the_reply_without_its_verdict() -> None:
    assert parse_answer("No, Dickens was born in Portsmouth.").reasoning == "Dickens was born in Portsmouth."
    assert parse_answer("**Yes**\n\n1. He wrote it.").reasoning == "1. He wrote it."


def test_stances_map_onto_the_case_answers() -> None:
    assert parse_answer("Yes.").answer is Answer.YES
    assert parse_answer("No.").answer is Answer.NO
    assert parse_answer("I don't know.").answer is Answer.IDK
    assert parse_answer("As an AI, I cannot say.").answer is None
    assert parse_answer("Not necessarily.").answer is None


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        ("Hmm, interesting one! No, that isn't right.", Stance.NO),
        ("Great question! Yes. Tesla died there.", Stance.YES),
        ("Hmm, let me think. I don't know where he died.", Stance.IDK),
        ("Okay! Probably yes.", Stance.AMBIGUOUS),
    ],
)
def test_a_chatty_opener_before_the_verdict_is_skipped(reply: str, stance: Stance) -> None:
    assert parse_answer(reply).stance is stance
    # An opener that holds a verdict and a doubt is no opener: never a firm answer.
    assert parse_answer("Hmm, I think yes, but I'm not sure.").stance not in (Stance.YES, Stance.NO)


@pytest.mark.parametrize(
    "reply",
    [
        "I'm afraid I don't know.",
        "I'm afraid I do not know the answer to that.",
        "Honestly, I don't know.",
        "Sorry, I don't know.",
        "I have no idea.",
        "No idea.",
        "I really couldn't say.",
        "I'm afraid I'm not sure.",
        "Unfortunately, I don't have that information.",
        "That's beyond my knowledge.",
        "Good question - I don't know.",
    ],
)
def test_a_clear_i_dont_know_and_its_kin_are_idk(reply: str) -> None:
    """Issue 38: "I'm afraid I don't know" was read as no stance at all; "No idea" as a No."""
    assert parse_answer(reply).stance is Stance.IDK


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        ("I think so. As far as I know he was born in 1979.", Stance.YES),
        ("I believe so; he was.", Stance.YES),
        ("I don't think so. He was born in Denmark.", Stance.NO),
        ("I don't believe so. As far as I know, she is American. So I'd say No.", Stance.NO),
        ("As far as I know, the statement is true.", Stance.YES),
        ("I'm fairly sure that's not right. She was born in the United States.", Stance.NO),
        ("I think the answer is Yes. If I remember correctly, both were born in 1995.", Stance.YES),
        ("I'm afraid not.", Stance.NO),
        ("Sorry, no.", Stance.NO),
    ],
)
def test_belief_and_politeness_do_not_undo_a_verdict(reply: str, stance: Stance) -> None:
    """Belief ("I think", "as far as I know") is no doubt; doubt ("but I'm not sure") still is."""
    assert parse_answer(reply).stance is stance
    assert parse_answer("I believe so, but I'm not completely sure.").stance is Stance.AMBIGUOUS


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        ("1. He was born in 1989.\n2. It ran from 1998 to 1999.\n\nConclusion: I don't know.", Stance.IDK),
        ("1. A holds.\n2. B holds.\n\nConclusion: No — it is not true.", Stance.NO),
        (
            "1. If the state, the answer is yes; if the land, the answer is no.\n\nConclusion: it depends.",
            Stance.AMBIGUOUS,
        ),
        ("Easy one! ⚽ It was under way in 1991, so: **Yes**! 🎉", Stance.YES),
        (
            "Thanks for the question! I'm sorry, but I can't verify the dates of twinning agreements.",
            Stance.REFUSAL,
        ),
        (
            "Whew, that's a lot of windows! 😅 I'm sorry, but I can't work through this one reliably.",
            Stance.REFUSAL,
        ),
        ("## Unable to verify\n\nI'm sorry, but I can't confirm partnership agreements.", Stance.REFUSAL),
        ("Hmm, good question! 🤔 I honestly can't recall his birth year. I'm not sure, sorry.", Stance.IDK),
    ],
)
def test_conclusion_lines_openers_and_headings(reply: str, stance: Stance) -> None:
    assert parse_answer(reply).stance is stance


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        ("Yes. Did Tesla die in Paris? No, he died in New York City.", Stance.YES),
        ("No. Was he born in Ulm? Yes, but he did not die there.", Stance.NO),
        ("Yes. If Tesla had died in Paris, the answer would be No; he died in New York.", Stance.YES),
        ("Yes. Is it true that Tesla died in New York City? No.", Stance.AMBIGUOUS),
    ],
)
def test_a_yes_or_no_to_a_question_the_reply_asks_itself_or_supposes_keeps_the_verdict(
    reply: str, stance: Stance
) -> None:
    question = "Is it true that Nikola Tesla died in New York City?"
    assert parse_answer(reply, question).stance is stance


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        # a verdict only a supposition gives is none; a condition stated for each reading is no answer
        (
            "Tricky. If he was still there, the answer would be yes; if he had left, it would be no.",
            Stance.MISSING,
        ),
        ("That depends on how you read it. If it means the old region, the answer is no.", Stance.AMBIGUOUS),
        ("If I recall correctly, the answer is no. It was created in 1790.", Stance.NO),
        # a title line over the verdict, a chatty word before a refusal, a refusal after steps
        ("### Bryansk and Gomel\n\n**Yes** — twinned since 2001.", Stance.YES),
        ("Ah, I'm sorry, but I can't help with questions about foreign policy.", Stance.REFUSAL),
        (
            "Let me think about this step by step.\n1. The question asks about a record.\n"
            "2. I can't verify it.\nI'm sorry, but I can't assist with this request.",
            Stance.REFUSAL,
        ),
        ("Hmm, I'd love to help, but I'm afraid I don't know the founding dates of these clubs.", Stance.IDK),
    ],
)
def test_suppositions_titles_and_late_refusals(reply: str, stance: Stance) -> None:
    assert parse_answer(reply).stance is stance


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        (
            "1. He was called to Göttingen in 1883.\n2. He left in 1897.\n\n"
            "Step 1 settles it: yes, Göttingen employed him.",
            Stance.YES,
        ),  # step-by-step
        (
            "The ministry lists no embassy. Still, both sit in the UN, so I'd conclude that no, they have no "
            "relations.",
            Stance.NO,
        ),  # citing
        (
            "- **Cádiz** - loan, 2012-2014\n\nSince the loan ran through 2013, **yes**, he played there.",
            Stance.YES,
        ),
    ],
)
def test_a_verdict_set_off_in_the_last_line_where_nothing_else_gave_one(reply: str, stance: Stance) -> None:
    parsed = parse_answer(reply)
    assert (parsed.stance, parsed.rule) == (stance, "closing")


@pytest.mark.parametrize(
    "reply",
    [
        "Well, yes, it is a hard one.\nI cannot say whether he played there.",  # not the last line
        "He played there, no doubt about it, in 2013 or perhaps 2014.",  # "no doubt": no verdict
    ],
)
def test_no_closing_verdict_outside_the_last_line_or_inside_a_phrase(reply: str) -> None:
    assert parse_answer(reply).rule != "closing"


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        ("I'd rather not give a yes or no on this one. The club archives would settle it.", Stance.REFUSAL),
        ("1. The records are not open to me.\n2. So I'm not going to give a yes or no here.", Stance.REFUSAL),
        ("- **Why:** it is subjective.\n\nSorry - I'm going to decline to give a yes or no.", Stance.REFUSAL),
        (
            "Whether the move was in 1961 or 1962 is the crux. So I honestly don't know - check the archive.",
            Stance.IDK,
        ),
        ("Ooh, good one! It is an old club, but whether it existed in 1929, I'm just not sure.", Stance.IDK),
        ("He held posts in Germany, but I can't reliably recall which university employed him.", Stance.IDK),
    ],
)
def test_declining_and_not_knowing_in_other_words(reply: str, stance: Stance) -> None:
    assert parse_answer(reply).stance is stance


@pytest.mark.parametrize(
    ("reply", "question"),
    [
        # one answer per option of an "or" question: read as its last line, it was a confident No
        ("1787: Yes\n1788: No", "Was George Frideric Handel alive in 1787, 1788 or 1789?"),
        # SmolLM2 stating both verdicts in turn: read as its last, a confident (wrong) No
        ("1. Moscow is a city in Russia.\n\nThe answer is yes. The reasoning process involves the "
         "knowledge. The answer is no. The reasoning process involves it.", "Is Moscow in Russia?"),
        ("Yes. Moscow is in Russia. The answer is no. So the answer is yes.", "Is Moscow in Russia?"),
    ],
)  # fmt: skip
def test_a_reply_that_gives_both_verdicts_is_ambiguous_not_its_last_one(reply: str, question: str) -> None:
    parsed = parse_answer(reply, question)
    assert (parsed.stance, parsed.rule) == (Stance.AMBIGUOUS, "conflict")
    assert parse_answer("Answer: No\nReason: he died in 1759.", question).stance is Stance.NO


def test_an_echoed_instruction_that_quotes_i_dont_know_is_no_honest_abstention() -> None:
    """SmolLM2 repeated the prompt's rule ('must contain ... "I don't know."'): it was read as idk."""
    echoed = '5. The answer must contain a sentence with the phrase "I don\'t know."'
    assert parse_answer(echoed, "Is Moscow in Russia?").stance is Stance.MISSING
    assert parse_answer("Honestly, I don't know whether he played there.", "Q?").stance is Stance.IDK
