"""The words a reply says its verdict in: what may precede it, the phrases of each stance, and the
shapes of doubt, correction and conclusion that oracle/answer.py reads a reply's stance with.

Kept apart from the reading so the vocabulary can grow without the reading's logic in view; each
pattern says what it matches and, where it was slow once, why it is possessive.
"""

from __future__ import annotations

import re

# What may precede a verdict: markdown, quotes, brackets, list marks and numbers, and a label
# such as "Answer:" or 'The answer to the question "Is it true that ...?" is'.
DECOR = r"[\s*_#>`\"'“”‘’(\[\-•]*+"
"""Possessive: a run of decoration is never split between two of the prefix's places (on 20,000
blank lines the splits made matching a prefix take hours)."""
NUMBER = r"(?:(?:\d{1,2}|[a-z])[.)]\s+)?"
_QUOTED = r"(?:\"[^\"\n]*\"|“[^”\n]*”|'[^'\n]*\?'|‘[^’\n]*’)"
_QUESTION = rf"(?:\s+to\s+(?:the|this|your|that)\s+question(?:\s*[:,]?\s*(?:{_QUOTED}|[^.!?\n:]*\?))?)?"
_LABEL = (
    rf"(?:(?:(?:final|short|my|the|correct)\s+)?(?:answer{_QUESTION}|conclusion|verdict)[\s*_]*"
    r"(?:is|would\s+be|['’]s)?[\s*_]*|a(?=\s*:))\s*[:\-–—]?"
)
_WOULD_SAY = r"i(?:\s+would|['’]d)\s+(?:have\s+to\s+|actually\s+|still\s+)?(?:say|go\s+with)"
"""An opinion's verdict: "I'd say no", "I would say yes", "I'd have to say no", "I'd go with no"."""
_OPINION = (
    rf"(?:{_WOULD_SAY}|i\s+think|i\s+believe"
    r"|as\s+far\s+as\s+i\s+(?:know|can\s+tell|remember|recall)|if\s+i\s+(?:remember|recall)\s+(?:correctly|rightly)"
    r"|(?:i'?m|i\s+am)\s+(?:fairly|pretty|quite|reasonably|very)\s+(?:sure|certain|confident)(?:\s+that)?)"
    r"[\s,]*"
)
"""Belief before a verdict ("I think", "as far as I know", "I'm fairly sure that"): the verdict stands.
Doubt is another thing ("but I'm not sure", "probably yes"): that makes a reply ambiguous."""
_SOFTENER = (
    r"(?:(?:i'?m|i\s+am)\s+(?:afraid|sorry)|sorry|honestly|to\s+be\s+(?:honest|frank)|unfortunately|frankly"
    r"|truthfully|sadly|good\s+question)\s*[,:\-–—!.?]?\s*"
)
"""Politeness before the answer: "I'm afraid I don't know", "Honestly, no", "Sorry, yes"."""
_HEADING = r"(?:[a-z][\w'’\-]*(?:\s+[a-z][\w'’\-]*){0,2}\s*:\s*)"
"""A short heading before the answer: "Fantasy: No", "Verdict: Yes"."""
_INTERJECTION = (
    r"(?:(?:ah+|oh+|hmm+|well|ok(?:ay)?|ha(?:ha)*|heh)\s*[,!]\s*"
    r"|oh+\s+(?=yes\s*(?:!|,\s*(?:definitely|absolutely|certainly|indeed|of\s+course|easily)\b)))"
)
"""A chatty word before the answer: "Ah, I'm sorry, but I can't ...", "Well, no", "Ha, definitely not!", "Oh
yes, definitely!" ("Oh yes, the 2020 UAE Tour" recalls the race: no answer)."""
PREFIX = (
    rf"{DECOR}{_HEADING}?{DECOR}{NUMBER}{DECOR}(?:{_LABEL}{DECOR})?{_INTERJECTION}?"
    rf"(?:{_SOFTENER})?(?:{_OPINION}{DECOR})?"
)
_DECLINE = (
    r"(?:(?:i'?m|i\s+am)\s+going\s+to|i(?:'ll|\s+will))\s+(?:have\s+to\s+)?"
    r"(?:decline|pass\s+on\s+(?:this|that|giving\s+(?:you\s+)?(?:a|an)\s+(?:definite\s+|firm\s+)?answer)"
    r"|sit\s+(?:this|that)(?:\s+one)?\s+out)\b"
    r"|i(?:['’]d|\s+would)\s+rather\s+not\s+(?:commit\s+to|give|offer|provide)\s+(?:you\s+)?(?:a|an)\s+"
    r"(?:yes\s+or\s+no|answer)\b"
)
"""Declining in words of one's own: "I'm going to have to decline this one", "I'll have to pass on this
question", "I'm going to have to pass on giving you a definite answer", "I'm going to sit this one
out", "I'd rather not commit to a yes or no", "I'd rather not give an answer"."""
_CANNOT_ANSWER = (
    r"(?:(?:i['’]m|i\s+am)\s+(?:not\s+able|unable)\s+to|i\s+(?:can(?:no|['’])t|cannot))\s+answer\s+"
    r"(?:that|this|it|the\s+question)\b"
    r"(?!\s+(?:with|for)\s+(?:certainty|sure|confidence)|\s+(?:definitively|confidently|for\s+certain))"
)
"""Not answering, in so many words: "so I'm not able to answer that", "so I can't answer that"; "I'm
unable to answer that with certainty" is doubt, not a refusal."""
OWN_RIGHT = (
    r"\bif\s+(?:(?:that|this)(?:['’]s|\s+is)|i['’]m|i\s+am|i\s+have\s+(?:that|it)|my\s+(?:memory|recollection)\s+is)"
    r"\s+(?:right|correct|accurate)\b"
)
"""The condition that the reply's own claim is right ("if that's right", "if I'm correct"): a hedge."""
_END = r"(?=[\s\W]|$)"
_STOP = r"(?=\s*(?:[.,;:!?)*_\"”’\-–—]|\n|$))"  # words that are verdicts only when the clause ends there
_SUBJECT = r"(?:that|this|it|the\s+(?:statement|claim|assertion|answer|premise|sentence))"
_AUX = (
    r"(?:they|he|she|it)\s+(?:(?:sure|really|certainly|definitely|indeed)\s+)?"
    r"(?:do|does|did|was|were|is|are|(?:has|have|had)(?:\s+been)?)"
)
_SAID = r"(?:\s+indeed)?(?=\s*[.!;:–—]|\s+-\s)"
"""The question answered by its own auxiliary, as a sentence or clause of its own: "They do.", "I believe
they do.", "They were indeed – ...", "He didn't.", "It has been.", "He sure did!", "He did: ..." ("He was
born in 1990" is no answer)."""
_IS = r"(?:'s|\s+is|\s+was)"
_QUITE_NOT = r"(?:\s+yet\b[^.!?\n]{0,30})?(?=[*_\"”’]*[.!])"
""""Not quite!", "**Not quite.**", "Not quite yet in 1979!": a No that closes its sentence, the correction
after it; "not quite" going on ("Not quite — it's partly in Peru", "not quite, but close") stays a hedge."""

PATTERNS: tuple[tuple[str, str], ...] = (
    (
        "refusal",
        r"(?:but\s+)?as\s+an\s+(?:ai|a\.i\.|artificial\s+intelligence|ai\s+language\s+model|language\s+model|llm)\b"
        r"|i(?:'m|\s+am)\s+(?:sorry|afraid),?\s+(?:but\s+)?"
        r"(?:i\s+(?:can(?:no|')t|cannot|won't|will\s+not|am\s+unable)|i['’]m\s+(?:not\s+able|unable)\s+to\b)(?!\s+give\s+(?:you\s+)?(?:a|an)\s+(?:reliable|confident|accurate|certain)\b)"
        r"|(?:i\s+(?:can(?:no|')t|won't|will\s+not)|(?:i['’]m|i\s+am)\s+(?:not\s+able|unable)\s+to)\s+"
        r"(?:help|assist|comply|provide\s+(?:that|this|an?\s+answer)|discuss|engage|share)"
        r"|i\s+(?:must|have\s+to)\s+decline"
        r"|(?:i'?m|i\s+am)\s+(?:not\s+able|unable)\s+to\s+give\s+(?:you\s+)?(?:a|an)\s+"
        r"(?:ruling|verdict|definitive\s+answer)\b"
        rf"|{_DECLINE}|{_CANNOT_ANSWER}",
    ),
    (
        "idk",
        r"i\s+(?:(?:honestly|really|genuinely|simply|just)\s+)?(?:do\s+not|don't|dont)\s+(?:really\s+)?know"
        r"|(?:i\s+have\s+)?no\s+(?:idea|clue)\b|(?:(?:that|this|it)(?:'s|\s+is)\s+)?beyond\s+my\s+knowledge|i(?:'m|\s+am)\s+not\s+aware\b"
        r"|i\s+(?:really\s+|honestly\s+)?(?:could\s*n[o']t|couldn't|can(?:no|')t|cannot)\s+(?:really\s+)?(?:say|tell)\b"
        r"|(?:i(?:'m|\s+am)\s+)?(?:not\s+(?:sure|certain)|unsure|uncertain)\b"
        r"|(?:i\s+)?(?:can\s*not|can't|cannot|am\s+unable\s+to|unable\s+to|could\s+not|couldn't)\s+"
        r"(?:determine|say|tell|verify|confirm|know|be\s+(?:sure|certain)|answer)\b"
        r"|(?:i['’]m|i\s+am)\s+not\s+able\s+to\s+(?:determine|say|tell|know|be\s+(?:sure|certain))\b"
        r"|i\s+(?:can(?:no|['’])t|cannot)\s+give\s+(?:you\s+)?(?:a|an)\s+(?:reliable|confident|accurate|certain)\s+answer\b"
        r"|it\s+is\s+(?:unclear|uncertain|unknown|not\s+known)\b|unknown\b"
        r"|there\s+is\s+(?:not\s+enough|insufficient|no)\s+(?:information|data|evidence)"
        r"|i\s+(?:have\s+no|don't\s+have|do\s+not\s+have)\s+(?:(?:enough|reliable|that|this|the|any)\s+){0,2}"
        r"(?:information|knowledge|data)"
        r"|insufficient\s+information|not\s+enough\s+information",
    ),
    (
        "ambiguous",
        r"(?:both\s+)?yes\s*(?:and|or|/)\s*no\b|no\s*(?:and|or|/)\s*yes\b"
        rf"|not\s+necessarily|not\s+exactly|not\s+quite(?!{_QUITE_NOT})|not\s+always"
        r"|(?:it|that|this)\s+depends|partly|partially|sort\s+of|kind\s+of|maybe|possibly|perhaps|probably"
        r"|(?:most\s+|very\s+)?likely\b|i\s+(?:guess|suppose)\b",
    ),
    (
        "yes",
        r"no\s+doubt|without\s+(?:a\s+)?doubt|i\s+(?:think|believe)\s+so\b"
        rf"|{_AUX}{_SAID}"
        r"|(?:yes|yeah|yep|yup|indeed)"
        + _END
        + r"|(?:true|correct|right|affirmative)"
        + _STOP
        + r"|(?:definitely|certainly|absolutely|of\s+course|surely)(?!\s+not)"
        + _END
        + rf"|{_SUBJECT}{_IS}\s+(?:(?:indeed|definitely|certainly|absolutely)\s+)?"
        + r"(?:true|correct|right|the\s+case)"
        + _END,
    ),
    (
        "no",
        rf"{_AUX}(?:n['’]t|\s+not){_SAID}"
        r"|neither(?:\s+(?:did|does|do|was|were|is|are|has|have|had))?"
        + _STOP
        + r"|no(?!\s+(?:one|longer|matter|more|less|other|such|single)\b)"
        + _END
        + r"|(?:nope|nah)"
        + _END
        + r"|(?:false|incorrect|wrong|untrue)"
        + _STOP
        + rf"|not\s+quite{_QUITE_NOT}|not\s+so{_STOP}"
        + r"|not\s+(?:true|correct|really|at\s+all)"
        + _END
        + r"|(?:i'?m|i\s+am)\s+afraid\s+not|i\s+(?:don't|do\s+not)\s+(?:think|believe)\s+so"
        + _END
        + r"|(?:definitely|certainly|absolutely|of\s+course|surely)\s+not"
        + _END
        + rf"|{_SUBJECT}{_IS}\s+(?:not\s+(?:true|correct|right|the\s+case)|false|incorrect|wrong|untrue)"
        + _END,
    ),
)
UNSURE_ANYWHERE = re.compile(
    r"\b(?:i\s+(?:honestly\s+|really\s+|just\s+)?(?:do\s+not|don't)\s+know\s+(?:whether|if|the\s+answer|which)"
    r"|i\s+(?:just\s+|simply\s+)?(?:do\s+not|don't)\s+have\s+(?:(?:reliable|enough|solid)\s+){1,2}information\s+"
    r"(?:(?:on|about)\s+|to\s+(?:say|tell|know|determine|confirm)\s+)(?:whether|if|which)"
    r"|(?:we|i)\s+(?:can\s*not|can't|cannot|am\s+unable\s+to|are\s+unable\s+to)\s+(?:determine|tell|say|know)"
    r"|(?:i['’]m|i\s+am)\s+not\s+able\s+to\s+(?:determine|tell|say)\s+(?:whether|if)\b"
    r"|(?:not|don't\s+have|do\s+not\s+have)\s+enough\s+information"
    r"|(?:i'?m|i\s+am)\s+(?:just\s+|honestly\s+|simply\s+)?not\s+sure\b"
    r"(?!\s+(?:whether|if|this|that|there|how|what|which|it))"
    r"|i\s+(?:honestly\s+|really\s+|simply\s+|just\s+)?(?:do\s+not|don't)\s+know"
    r"(?=\s*(?:[.!—–]|-\s|$)|\s+(?:on|about)\s+(?:this|that)\s+one\b)"
    r"|i\s+(?:can\s*not|can't|cannot)\s+(?:reliably\s+)?(?:recall|confirm|pin\s+down)\s+(?:which|whether|if|its|the)"
    r"|(?:i'?m|i\s+am)\s+afraid\s+i\s+(?:do\s+not|don't)\s+know)\b",
    re.I,
)
"""A plain "cannot tell" in a reply with no verdict anywhere: an honest I don't know."""

# A verdict stated later: "The answer is No", "Answer: yes", "answered with Yes", "Therefore, no.".
LATER = re.compile(
    rf"(?:\b{_LABEL}\s*{DECOR}|\banswered\s+(?:with\s+)?{DECOR}"
    rf"|\b(?:therefore|thus|hence|so)\s*[,:]?\s*(?:the\s+answer\s+is\s*)?{DECOR}"
    rf"|\b{_WOULD_SAY}\s+{DECOR}|(?<=:)[^\S\n]*{DECOR}(?=(?:yes|no)[\s*_.!]*$))"
    # an informal one only in the reply's last sentence, and not as a filler ("So yeah, it's complicated")
    r"(?=(?:yeah|yep|yup|nope)\b[^.!?\n]*[.!?]*[\s*_\"”’)]*$|(?!yeah|yep|yup|nope))"
    rf"(?P<v>yes|no|true|false|correct|incorrect|yeah|yep|yup|nope|not\s+quite{_QUITE_NOT})\b"
    r"(?![\s,]*(?:(?:it|that)['’]?s\s+(?:complicated|tricky|messy|hard)|it\s+depends))"
    r"(?:(?=[\s.!*_\"”’)]*(?:\n|$))|(?=[\s*_]*[.!,:;\"”’–—])|(?=\s+-\s)"
    r"|(?=\s+(?:on|to|for)\s+(?:this|that|your)\s+(?:one|question)\b))",
    re.I,
)
# Within one line: a decoration that ran across line breaks made this quadratic in blank lines.
_IN_LINE = DECOR.replace(r"\s", r" \t\r\f\v")
STANDALONE = re.compile(rf"^{_IN_LINE}(?P<v>yes|no){_IN_LINE}[.!]?{_IN_LINE}$", re.I | re.M)
CLOSING = re.compile(
    r"(?:[,:;]|\bthat)[^\S\n]*[*_]*(?P<v>yes|no)[*_]*(?![^\S\n]*,[^\S\n]*but\b)"
    r"(?=[^\S\n]*[,—–]|[^\S\n]+-[^\S\n])(?=[^\n]*[.!]?[\s*_]*$)",
    re.I,
)
"""The last line's verdict, set off inside its sentence: "Step 2 settles it: yes, the University of
Göttingen employed him", "so I'd conclude that yes, Egypt does have ...", "..., **yes**, he was"; not one
conceded ("the late 1860s, yes, but I couldn't swear to the city")."""
FINAL_LINE = re.compile(
    rf"^{_IN_LINE}(?P<v>yes|no)[*_]*(?=[^\S\n]*[,.!—–])|\?[*_]*[^\S\n]+[*_]*(?P<w>yes|no)[*_.!]*[^\S\n]*$"
    r"|(?<=[.!])[*_]*[^\S\n]+[*_]*(?P<x>yes|no)[*_]*(?=[^\S\n]*[,.!—–])",
    re.I | re.M,
)
"""A last line that opens with the verdict after steps ("**Yes**, he was born in 1995 or earlier."),
answers the question it asks ("**Is 1985 in 1966 or earlier?** Yes.") or has a sentence opening with it
("Step 4: So it stayed a German state. Yes, it was in the Empire.")."""
AFTER_OPENER = re.compile(
    r"(?:[^.!?\n]{0,60}?,\s*(?:but\s+)?|[^.!?\n]{0,200}?\s[–—-]\s*but\s+)(?P<v>yes|no)\b(?!\s*,\s*but\b)"
    r"(?=\s*(?:[,.!;]|$))",
    re.I,
)
"""The first sentence's verdict after an opening phrase: "Based on the records, no, ...", "Ha, it's a
natural guess – Mailer was big and brooding – but no, Dostoyevsky wasn't one of his influences"; not one
conceded ("In the late 1860s, yes, but I couldn't swear to the city")."""

# A list whose items are nothing but answer options ("- Yes", "1. No- Yes:"): the reply did not choose.
# An item is one line: spaces within it only, so a run of blank lines is not re-read from each line.
_SPACE = r"[^\S\n]*+"
_CHOICE = r"(?:yes|no|i\s+don'?t\s+know|not\s+sure|maybe)"
OPTION = re.compile(
    rf"^{_SPACE}(?:[-*•]|\(?\d{{1,2}}[.)]|\(?[a-z][.)]){_SPACE}\**{_SPACE}(?P<v>{_CHOICE})\b"
    rf"(?:[^\w\n]*+{_CHOICE}\b)*(?:[^\w\n]*+$|{_SPACE}\**{_SPACE}(?:[:\-–—]|(?:if|when|unless|in\s+case)\b))",
    re.I | re.M,
)
"""An item that is only options ("- Yes", "1. No- Yes:"), or one with a gloss ("- Yes: there is ...") or a
condition ("- **No** if you count ...")."""
CHOICES = re.compile(r"\b(yes|no)\b", re.I)
# The other verdict opening a later sentence, line or clause: "No, no, no, yes." / "No.\nYes, it is".
# Possessive, and blank lines left to the next line's start: on a run of blank lines the old
# pattern tried every split of it at every position.
REVERSAL = re.compile(
    r"(?:^|[.!?:;]\s++|,\s*+|\n[^\S\n]*+(?:[-*•]|\d{1,2}[.)])?[^\S\n]*+)[\"“'‘]?(?P<v>yes|no)\b"
    r"(?!\s+(?:one|longer|matter|more|less|other|such|single|doubt|wonder)\b)(?=\s*(?:[,.!:;\"”’]|\n|$))",
    re.I | re.M,
)
# Doubt about the verdict just given: "Yes, but I'm not sure", "No, probably".
HEDGE = re.compile(
    r"\b(?:(?:but|though|although)\s+(?:i'?m|i\s+am)\s+not\s+(?:\w+\s+)?(?:sure|certain|positive)"
    r"|(?:i'?m|i\s+am)\s+not\s+(?:\w+\s+)?(?:sure|certain|positive)|not\s+(?:100\s*%|a\s+hundred\s+percent)"
    r"|probably|possibly|perhaps|maybe|i\s+(?:guess|suppose)"
    r"|i\s+could\s+be\s+wrong|unsure|uncertain)\b",
    re.I,
)
# Doubt anywhere after the verdict about the answer as a whole.
UNDERMINED = re.compile(
    r"\b(?:(?:unable|not\s+able)\s+to|can\s*not|can't|cannot)\s+(?:provide|give|offer)\s+(?:you\s+)?(?:a\s+|an\s+)?"
    r"(?:definitive|definite|clear|certain|conclusive|accurate)\s+answer"
    r"|\b(?:can\s*not|can't|cannot)\s+be\s+(?:sure|certain)\b",
    re.I,
)
# A change of mind: "No. Wait, yes", "Yes. Actually, no".
CORRECTION = re.compile(
    r"\b(?:wait|actually|sorry|correction|i\s+mean|on\s+second\s+thought|scratch\s+that|rather)\b"
    rf"[\s,:;.!\-–—]*(?:the\s+answer\s+is\s*)?{DECOR}(?P<v>yes|no)\b",
    re.I,
)
SENTENCE_END = re.compile(r"[.!?\n]")
# Chatter before the verdict, one or two short sentences that say nothing: "Hmm, let me think.",
# "Great question!"; none may hold a verdict or a doubt ("Hmm, I think yes." is no opener).
FILLER = re.compile(
    r"(?:\s*(?:hmm+|hm+|well|ok(?:ay)?|sure|great|good|nice|interesting|alright|ah+|oh+|let\s+me\s+(?:think|see|check)"
    r"|let'?s\s+see|thanks|thank\s+you|oof|whew|phew|easy\s+one|ooh+|wow|what\s+a)\b"
    r"(?:(?!\b(?:yes|no|not|true|false|correct|wrong|know|sure|i\s+think|i\s+believe|maybe)\b)[^.!?\n]){0,40}"
    r"(?:[.!?…]|\s*[\u2600-\u27bf\U0001f300-\U0001faff])+){1,2}\s*",
    re.I,
)


SOURCED = re.compile(
    r"[^\S\n]*(?:based\s+on|according\s+to|going\s+by|judging\s+by)\s[^.!?\n:,]{1,100},[^\S\n]*(?=[*_]*(?:yes|no)\b)",
    re.I,
)
"""A verdict after its sources, opening the reply: "Based on the club archives and RSSSF's records, no."."""


CONCLUSION = re.compile(
    r"^[^\S\n]*+[*_#>]*+[^\S\n]*+(?:in\s+)?(?:conclusion|final\s+answer|answer|verdict|bottom\s+line|in\s+short)"
    r"[*_]*+[^\S\n]*+[:\-–—]",
    re.I | re.M,
)
"""A line that gives the conclusion: what follows it is read as a lead is."""
HEADING_LINE = re.compile(r"^[^\S\n]*#+[^\n]*\n\s*", re.M)
REFUSED_ANYWHERE = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\n))(?:i'?m|i\s+am)\s+sorry,?\s+(?:but\s+)?i\s+(?:can(?:no|')t|cannot|won't|am\s+unable\s+to)\s+"
    r"(?:help|assist|comply|answer)\b",
    re.I | re.M,
)
"""A refusal opening a sentence of a reply with no verdict anywhere."""
DECLINED_ANYWHERE = re.compile(
    r"\b(?:(?:i'?d|i\s+would)\s+rather\s+not|(?:i'?m|i\s+am)\s+not\s+going\s+to|decline\s+to)\s+"
    r"(?:give|offer|provide)\s+(?:you\s+)?(?:a|an)\s+(?:yes\s+or\s+no|definitive|definite|unverified|firm)\b"
    rf"|\b(?:{_DECLINE})|\b{_CANNOT_ANSWER}"
    r"|\b(?:i(?:['’]d|\s+would)\s+rather\s+not|i\s+(?:won['’]t|will\s+not)(?:\s+be)?|(?:i['’]m|i\s+am)\s+not\s+going\s+to)"
    r"\s+(?:answer(?:ing)?|shar(?:e|ing)|confirm(?:ing)?|speculat(?:e|ing))\b(?!\s+(?:for\s+)?(?:sure|certain))"
    r"|\b(?:not\s+able|unable)\s+to\s+(?:provide|share|give)\b[^.!?\n]{0,60}\b(?:of|about)\s+"
    r"(?:(?:private|specific|individual|named)\s+)?(?:individuals|people|persons)\b",
    re.I,
)
"""A reply that says it will not answer ("I'd rather not give a yes or no on this one", "so I'm going to
decline this one", "I won't be answering this one", "I'd rather not speculate"), or will not give
details of people ("I'm not able to provide employment details about individuals"), with no verdict."""


ANSWER_FIRST = re.compile(rf"{DECOR}{NUMBER}{DECOR}{_LABEL}", re.I)
"""The reply opens with its answer's label; a question quoted in it is part of the label."""


RECALLING = re.compile(
    r"\bif\s+(?:i\s+(?:remember|recall)\s+(?:correctly|rightly|right)|(?:my\s+)?memory\s+serves(?:\s+me)?)\b"
    rf"|{OWN_RIGHT}",
    re.I,
)
"""Belief, not a supposition: "If I recall correctly, the answer is no", "If that's right, the answer
would be no" (the reply's own claim held true: its verdict, hedged)."""
CANNOT_ANSWER = re.compile(rf"[^.!?\n]*?(?P<c>{_CANNOT_ANSWER})", re.I)
"""A refusal later in the sentence of the doubt that is its reason: "I can't verify the records, so I
can't answer that" (matched where the doubt ends)."""
