:- encoding(utf8).
/** <module> Answerability of the questions of a (perturbed) dialogue, with proofs

MORTAR's answerability check (docs/dialogue.md): a question in a dialogue is answerable when
what it leaves out can be recovered from what comes before it. A dialogue arrives as one
ground term; nothing is asserted, so any number of dialogues can be decided in one query.

    dialogue(StoryNames, StoryPronouns, StoryStates, Turns)
    StoryPronouns: [[Class, E], ...]     the story calls E by a pronoun of Class (he, she, it, they)
    StoryStates:   [[S, R, O], ...]      triples the story states
    Turns: [turn(Pos, Frame, Names, Introduces, Refs, Needs, States), ...]   in the order asked
      Names       entities the question names (its text is always shown)
      Introduces  entities the round makes known once answered (its answer, what it describes)
      Refs        [[pronoun, Class, E] | [mention, E] | [ellipsis, F]]
      Needs       [[S, R, O], ...]   triples the question presupposes
      States      [[S, R, O], ...]   triples the round establishes once answered
      Frame       what a following ellipsis ("And her husband?", "when?") continues

A turn's requirements are its needs and its references. Each is met
  * need [S,R,O]:        an earlier answerable turn states it, or the story does (subgraph check);
  * pronoun [C,E]:       E is introduced earlier (named by an earlier question, or introduced by
                         an earlier answerable turn), or the story calls E by a pronoun of class C;
  * mention [E]:         E is introduced earlier, or the story names E;
  * ellipsis [F]:        the turn right before is answerable and has frame F (coreference check).
A turn is answerable when every requirement is met; an unanswerable turn's answer is not
shown to later turns, so it states and introduces nothing.

Decisions are lists, one per turn, in order:

    [Pos, yes, Checks, Support, []]     Checks: self | context | story | mixed
    [Pos, no,  none,   [],      Missing]
    Support: [[Req, Source, SourcePos], ...]   Source: round | story (SourcePos 0)
    Missing: [Req, ...]                        every requirement nothing meets
    Req: [Kind, Target, Class, S, R, O]        unused places are ''

check_answerability/2 re-checks such decisions without searching: each support must hold
where it points, and each missing requirement must have no source at all.
*/
:- module(dialogue, [answerability/2, answerability_all/2, check_answerability/2, failed_checks/3]).

%!  answerability_all(+Dialogues, -DecisionLists) is det.
answerability_all(Dialogues, All) :-
    maplist(answerability, Dialogues, All).

%!  answerability(+Dialogue, -Decisions) is det.
answerability(dialogue(SN, SP, SS, Turns), Decisions) :-
    walk(Turns, story(SN, SP, SS), [], Decisions).

walk([], _, _, []).
walk([Turn|Turns], Story, Seen, [Decision|Decisions]) :-
    Turn = turn(Pos, Frame, Names, Intro, Refs, Needs, States),
    requirements(Refs, Needs, Reqs),
    supports(Reqs, Story, Seen, Supported, Missing),
    (   Missing == []
    ->  checks(Supported, Checks),
        Decision = [Pos, yes, Checks, Supported, []],
        Ok = yes
    ;   Decision = [Pos, no, none, [], Missing],
        Ok = no
    ),
    walk(Turns, Story, [seen(Pos, Ok, Frame, Names, Intro, States)|Seen], Decisions).

requirements(Refs, Needs, Reqs) :-
    maplist(need_req, Needs, NeedReqs),
    maplist(ref_req, Refs, RefReqs),
    append(NeedReqs, RefReqs, Reqs).

need_req([S, R, O], [need, '', '', S, R, O]).

ref_req([pronoun, C, E], [pronoun, E, C, '', '', '']).
ref_req([mention, E], [mention, E, '', '', '', '']).
ref_req([ellipsis, F], [ellipsis, F, '', '', '', '']).

supports([], _, _, [], []).
supports([Req|Reqs], Story, Seen, Supported, Missing) :-
    (   source(Req, Story, Seen, Source, At)
    ->  Supported = [[Req, Source, At]|Supported1], Missing = Missing1
    ;   Supported = Supported1, Missing = [Req|Missing1]
    ),
    supports(Reqs, Story, Seen, Supported1, Missing1).

% The most recent earlier turn is preferred over the story: context first, as MORTAR checks.
source(Req, _, Seen, round, At) :-
    Req = [Kind|_],
    Kind \== ellipsis,
    member(seen(At, Ok, _, Names, Intro, States), Seen),
    meets(Req, Ok, Names, Intro, States),
    !.
source([ellipsis, F|_], _, [seen(At, yes, F, _, _, _)|_], round, At).
source(Req, Story, _, story, 0) :-
    story_meets(Req, Story).

meets([need, _, _, S, R, O], yes, _, _, States) :-
    memberchk([S, R, O], States).
meets([Kind, E|_], Ok, Names, Intro, _) :-
    memberchk(Kind, [pronoun, mention]),
    introduced(E, Ok, Names, Intro).

introduced(E, _, Names, _) :-
    memberchk(E, Names).
introduced(E, yes, _, Intro) :-
    memberchk(E, Intro).

story_meets([need, _, _, S, R, O], story(_, _, States)) :-
    memberchk([S, R, O], States).
story_meets([pronoun, E, C|_], story(_, Pronouns, _)) :-
    memberchk([C, E], Pronouns).
story_meets([mention, E|_], story(Names, _, _)) :-
    memberchk(E, Names).

checks([], self) :- !.
checks(Supported, Checks) :-
    findall(S, member([_, S, _], Supported), Sources),
    sort(Sources, Kinds),
    (   Kinds == [round] -> Checks = context
    ;   Kinds == [story] -> Checks = story
    ;   Checks = mixed
    ).

% -- re-checking stored decisions ---------------------------------------------------------

%!  failed_checks(+Dialogues, +DecisionLists, -Failed) is det.
%   Failed: the 0-based indexes of the dialogues whose stored decisions do not check.
failed_checks(Dialogues, DecisionLists, Failed) :-
    findall(I, (nth0(I, Dialogues, D), nth0(I, DecisionLists, Ds), \+ check_answerability(D, Ds)), Failed).

%!  check_answerability(+Dialogue, +Decisions) is semidet.
check_answerability(dialogue(SN, SP, SS, Turns), Decisions) :-
    recheck(Turns, Decisions, story(SN, SP, SS), []).

recheck([], [], _, _).
recheck([Turn|Turns], [Decision|Decisions], Story, Seen) :-
    Turn = turn(Pos, Frame, Names, Intro, Refs, Needs, States),
    requirements(Refs, Needs, Reqs),
    recheck_one(Decision, Pos, Reqs, Story, Seen, Ok),
    recheck(Turns, Decisions, Story, [seen(Pos, Ok, Frame, Names, Intro, States)|Seen]).

recheck_one([Pos, yes, Checks, Supported, []], Pos, Reqs, Story, Seen, yes) :-
    findall(R, member([R, _, _], Supported), Claimed),
    msort(Claimed, Sorted),
    msort(Reqs, Sorted),
    forall(member([Req, Source, At], Supported), holds_at(Source, At, Req, Story, Seen)),
    checks(Supported, Checks).
recheck_one([Pos, no, none, [], Missing], Pos, Reqs, Story, Seen, no) :-
    Missing \== [],
    forall(member(Req, Missing), (memberchk(Req, Reqs), \+ source(Req, Story, Seen, _, _))).

holds_at(story, 0, Req, Story, _) :-
    story_meets(Req, Story).
holds_at(round, At, [ellipsis, F|_], _, [seen(At, yes, F, _, _, _)|_]) :-
    !.
holds_at(round, At, Req, _, Seen) :-
    Req = [Kind|_],
    Kind \== ellipsis,
    memberchk(seen(At, Ok, _, Names, Intro, States), Seen),
    meets(Req, Ok, Names, Intro, States).
