:- encoding(utf8).
/** <module> Answerability of the questions of a (perturbed) dialogue, with proofs

MORTAR's answerability check (docs/dialogue.md): a question in a dialogue is answerable when
what it leaves out can be recovered from what comes before it; where the reader that made the
dialogue's graphs says its own evidence is weak, it is undecided. A dialogue arrives as one
ground term; nothing is asserted, so any number of dialogues are decided in one query. Every
name (concept, relation, frame, pronoun class) is a small integer chosen by prolog/answerability.py,
which keeps the query text short; the rules only compare them.

    dialogue(StoryNames, StoryPronouns, StoryStates, Turns)
    StoryPronouns: [Class-E, ...]        the story calls E by a pronoun of Class (he, she, it, they)
    StoryStates:   [t(S, R, O), ...]     triples the story states
    Turns: [turn(Pos, Frame, Names, Introduces, Refs, Needs, States), ...]   in the order asked
      Names       entities the question names (its text is always shown)
      Introduces  entities the round makes known once answered (its answer, what it describes)
      Refs        [pronoun(Class, E, Weak, Rivals) | mention(E, Weak) | ellipsis(F, Weak), ...]
      Needs       [t(S, R, O), ...]   triples the question presupposes
      States      [t(S, R, O), ...]   triples the round establishes once answered
      Frame       what a following ellipsis ("And her husband?", "when?") continues
      Weak        where the reader's reading of the words is too weak to decide on, among
                  missing, story, near, far, distant, rival, ambiguous (below); [] for an
                  exact reading
      Rivals      other concepts the pronoun's words could stand for

A turn's requirements are its needs, then its references, in that order. Each is met
  * need t(S,R,O):       an earlier answerable turn states it, or the story does (subgraph check);
  * pronoun(C, E, ...):  E is introduced earlier (named by an earlier question, or introduced by
                         an earlier answerable turn), or the story calls E by a pronoun of class C;
  * mention(E, ...):     E is introduced earlier, or the story names E;
  * ellipsis(F, ...):    the turn right before is answerable and has frame F (coreference check).
Its source is the most recent earlier turn that meets it (context first, as MORTAR checks), else
the story; else, where only an undecided turn would meet it had it been answerable, that turn.

A requirement is doubtful when it is met only through an undecided turn (that turn's answer is
shown, but whether it answers is not known), or when its reference is weak where:
  * missing: nothing meets it (the reader may have missed what people read it as);
  * story:   only the story meets it;
  * near:    the turn that meets it is one or two turns back (where the turn was moved, the CoQA
             reader's referent is not always the one people see);
  * far:     the turn that meets it is three or more turns back;
  * distant: the turn that meets it is four or more turns back (as far, a turn later: the
             CoQA reader's "they");
  * rival:   the turn that meets it, or a later one, shows one of its rivals;
  * ambiguous: wherever it is met, for a pronoun: the reader found two readings of it, the
             second being its first rival.
A turn is unanswerable when a requirement is missing and not doubtful; else undecided when one
is doubtful; else answerable. An unanswerable turn's answer is shown as "Unknown", so it states
and introduces nothing; an undecided turn's answer is shown, and what only it makes known is
doubtful for the turns after it.

The proof of a turn is, for each requirement, [At, Doubt, DoubtAt, Rival]: At the source's
position, 0 for the story, -1 for nothing; Doubt 0 (none), 1 missing, 2 story, 3 far, 4 rival
(DoubtAt: the turn showing Rival), 5 through the undecided turn DoubtAt, 6 ambiguous (Rival:
the other reading), 7 distant, 8 near (DoubtAt for both: the turn that meets it). A decision is
[Status | Proofs], Status 1 answerable, 0 unanswerable, 2 undecided. check_answerability/2
re-checks stored decisions: each claimed source must be the one the rules prefer and meet its
requirement there, and each doubt must be the one that source gives.
*/
:- module(dialogue, [answerability/2, decide_all/2, check_answerability/2, failed_checks/3]).

%!  decide_all(+Dialogues, -Text) is det.
%   Text: the decisions of every dialogue, written as nested lists of integers (valid JSON).
decide_all(Dialogues, Text) :-
    maplist(answerability, Dialogues, All),
    format(string(Text), "~w", [All]).

%!  answerability(+Dialogue, -Decisions) is det.
answerability(dialogue(SN, SP, SS, Turns), Decisions) :-
    walk(Turns, story(SN, SP, SS), [], Decisions).

walk([], _, _, []).
walk([turn(Pos, Frame, Names, Intro, Refs, Needs, States)|Turns], Story, Seen, [[Ok|Proofs]|Decisions]) :-
    requirements(Refs, Needs, Reqs),
    maplist(proof(Story, Seen, Pos), Reqs, Proofs),
    status(Proofs, Ok),
    walk(Turns, Story, [seen(Pos, Ok, Frame, Names, Intro, States)|Seen], Decisions).

requirements(Refs, Needs, Reqs) :-
    maplist([t(S, R, O), need(S, R, O)]>>true, Needs, NeedReqs),
    append(NeedReqs, Refs, Reqs).

status(Proofs, 0) :-
    memberchk([-1, 0|_], Proofs),
    !.
status(Proofs, 2) :-
    member([_, D|_], Proofs),
    D > 0,
    !.
status(_, 1).

proof(Story, Seen, Pos, Req, [At, D, DAt, X]) :-
    (   source(Req, Story, Seen, At0, Via)
    ->  At = At0
    ;   At = -1, Via = firm
    ),
    doubt(Req, Pos, At, Via, Seen, D, DAt, X).

%   source(+Req, +Story, +Seen, -At, -Via): Via is firm, or undecided where only an undecided
%   turn meets Req (had it been answerable).
source(ellipsis(F, _), _, [seen(At, Ok, F, _, _, _)|_], At, Via) :-
    !,
    via(Ok, Via).
source(ellipsis(_, _), _, _, _, _) :-
    !,
    fail.
source(Req, _, Seen, At, firm) :-
    member(seen(At, Ok, _, Names, Intro, States), Seen),
    meets(Req, Ok, Names, Intro, States),
    !.
source(Req, Story, _, 0, firm) :-
    story_meets(Req, Story),
    !.
source(Req, _, Seen, At, undecided) :-
    member(seen(At, 2, _, Names, Intro, States), Seen),
    meets(Req, 1, Names, Intro, States),
    !.

via(1, firm).
via(2, undecided).

meets(need(S, R, O), 1, _, _, States) :-
    memberchk(t(S, R, O), States).
meets(pronoun(_, E, _, _), Ok, Names, Intro, _) :-
    introduced(E, Ok, Names, Intro).
meets(mention(E, _), Ok, Names, Intro, _) :-
    introduced(E, Ok, Names, Intro).

introduced(E, _, Names, _) :-
    memberchk(E, Names).
introduced(E, 1, _, Intro) :-
    memberchk(E, Intro).

story_meets(need(S, R, O), story(_, _, States)) :-
    memberchk(t(S, R, O), States).
story_meets(pronoun(C, E, _, _), story(_, Pronouns, _)) :-
    memberchk(C-E, Pronouns).
story_meets(mention(E, _), story(Names, _, _)) :-
    memberchk(E, Names).

%   doubt(+Req, +Pos, +At, +Via, +Seen, -D, -DAt, -Rival): the first that applies.
doubt(_, _, At, undecided, _, 5, At, 0) :-
    !.
doubt(pronoun(_, _, Weak, [X|_]), _, _, _, _, 6, 0, X) :-
    memberchk(ambiguous, Weak),
    !.
doubt(Req, _, -1, _, _, 1, 0, 0) :-
    weak(Req, missing),
    !.
doubt(Req, _, 0, _, _, 2, 0, 0) :-
    weak(Req, story),
    !.
doubt(Req, Pos, At, _, _, 3, At, 0) :-
    At > 0,
    Pos - At >= 3,
    weak(Req, far),
    !.
doubt(Req, Pos, At, _, _, 7, At, 0) :-
    At > 0,
    Pos - At >= 4,
    weak(Req, distant),
    !.
doubt(Req, Pos, At, _, _, 8, At, 0) :-
    At > 0,
    Pos - At =< 2,
    weak(Req, near),
    !.
doubt(pronoun(_, _, Weak, Rivals), _, At, _, Seen, 4, J, X) :-
    At > 0,
    memberchk(rival, Weak),
    member(seen(J, Ok, _, Names, Intro, _), Seen),
    J >= At,
    member(X, Rivals),
    shows(X, Ok, Names, Intro),
    !.
doubt(_, _, _, _, _, 0, 0, 0).

shows(X, _, Names, _) :-
    memberchk(X, Names).
shows(X, Ok, _, Intro) :-
    Ok =\= 0,
    memberchk(X, Intro).

weak(pronoun(_, _, Weak, _), W) :-
    memberchk(W, Weak).
weak(mention(_, Weak), W) :-
    memberchk(W, Weak).
weak(ellipsis(_, Weak), W) :-
    memberchk(W, Weak).

% -- re-checking stored decisions ---------------------------------------------------------

%!  failed_checks(+Dialogues, +DecisionLists, -Failed) is det.
%   Failed: the 0-based indexes of the dialogues whose stored decisions do not check.
failed_checks(Dialogues, DecisionLists, Failed) :-
    findall(I, (nth0(I, Dialogues, D), nth0(I, DecisionLists, Ds), \+ check_answerability(D, Ds)), Failed).

%!  check_answerability(+Dialogue, +Decisions) is semidet.
check_answerability(dialogue(SN, SP, SS, Turns), Decisions) :-
    recheck(Turns, Decisions, story(SN, SP, SS), []).

recheck([], [], _, _).
recheck([Turn|Turns], [[Ok|Proofs]|Decisions], Story, Seen) :-
    Turn = turn(Pos, Frame, Names, Intro, Refs, Needs, States),
    requirements(Refs, Needs, Reqs),
    maplist(holds(Story, Seen, Pos), Reqs, Proofs),
    status(Proofs, Ok0),
    Ok == Ok0,
    recheck(Turns, Decisions, Story, [seen(Pos, Ok, Frame, Names, Intro, States)|Seen]).

holds(Story, Seen, Pos, Req, [At, D, DAt, X]) :-
    integer(At), integer(D), integer(DAt), integer(X),
    claimed(Req, Story, Seen, At, Via),
    doubt(Req, Pos, At, Via, Seen, D0, DAt0, X0),
    D == D0, DAt == DAt0, X == X0.

%   claimed(+Req, +Story, +Seen, +At, -Via): At is where the rules find Req met (or -1: nowhere).
claimed(Req, Story, Seen, -1, firm) :-
    !,
    \+ source(Req, Story, Seen, _, _).
claimed(Req, Story, Seen, At, Via) :-
    source(Req, Story, Seen, At0, Via),
    At == At0.
