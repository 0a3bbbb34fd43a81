:- encoding(utf8).
/** <module> Answerability of the questions of a (perturbed) dialogue, with proofs

MORTAR's answerability check (docs/dialogue.md): a question in a dialogue is answerable when
what it leaves out can be recovered from what comes before it. A dialogue arrives as one
ground term; nothing is asserted, so any number of dialogues are decided in one query. Every
name (concept, relation, frame, pronoun class) is a small integer chosen by prolog/dialogue.py,
which keeps the query text short; the rules only compare them.

    dialogue(StoryNames, StoryPronouns, StoryStates, Turns)
    StoryPronouns: [Class-E, ...]        the story calls E by a pronoun of Class (he, she, it, they)
    StoryStates:   [t(S, R, O), ...]     triples the story states
    Turns: [turn(Pos, Frame, Names, Introduces, Refs, Needs, States), ...]   in the order asked
      Names       entities the question names (its text is always shown)
      Introduces  entities the round makes known once answered (its answer, what it describes)
      Refs        [pronoun(Class, E) | mention(E) | ellipsis(F), ...]
      Needs       [t(S, R, O), ...]   triples the question presupposes
      States      [t(S, R, O), ...]   triples the round establishes once answered
      Frame       what a following ellipsis ("And her husband?", "when?") continues

A turn's requirements are its needs, then its references, in that order. Each is met
  * need t(S,R,O):       an earlier answerable turn states it, or the story does (subgraph check);
  * pronoun(C, E):       E is introduced earlier (named by an earlier question, or introduced by
                         an earlier answerable turn), or the story calls E by a pronoun of class C;
  * mention(E):          E is introduced earlier, or the story names E;
  * ellipsis(F):         the turn right before is answerable and has frame F (coreference check).
A turn is answerable when every requirement is met; an unanswerable turn's answer is not
shown to later turns, so it states and introduces nothing.

The proof of a turn is where each requirement is met: the position of the most recent earlier
turn that meets it (context first, as MORTAR checks), else 0 for the story, else -1 for nothing.
A decision is [Answerable | Sources] with Answerable 1 or 0 (0 exactly when a source is -1).
check_answerability/2 re-checks stored decisions without searching: each source must meet its
requirement where it points, and a -1 must have no source at all.
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
walk([turn(Pos, Frame, Names, Intro, Refs, Needs, States)|Turns], Story, Seen, [[Ok|Sources]|Decisions]) :-
    requirements(Refs, Needs, Reqs),
    maplist(source_of(Story, Seen), Reqs, Sources),
    ( memberchk(-1, Sources) -> Ok = 0 ; Ok = 1 ),
    walk(Turns, Story, [seen(Pos, Ok, Frame, Names, Intro, States)|Seen], Decisions).

requirements(Refs, Needs, Reqs) :-
    maplist([t(S, R, O), need(S, R, O)]>>true, Needs, NeedReqs),
    append(NeedReqs, Refs, Reqs).

source_of(Story, Seen, Req, Source) :-
    (   source(Req, Story, Seen, At)
    ->  Source = At
    ;   Source = -1
    ).

source(ellipsis(F), _, [seen(At, 1, F, _, _, _)|_], At) :-
    !.
source(Req, _, Seen, At) :-
    Req \= ellipsis(_),
    member(seen(At, Ok, _, Names, Intro, States), Seen),
    meets(Req, Ok, Names, Intro, States),
    !.
source(Req, Story, _, 0) :-
    story_meets(Req, Story).

meets(need(S, R, O), 1, _, _, States) :-
    memberchk(t(S, R, O), States).
meets(pronoun(_, E), Ok, Names, Intro, _) :-
    introduced(E, Ok, Names, Intro).
meets(mention(E), Ok, Names, Intro, _) :-
    introduced(E, Ok, Names, Intro).

introduced(E, _, Names, _) :-
    memberchk(E, Names).
introduced(E, 1, _, Intro) :-
    memberchk(E, Intro).

story_meets(need(S, R, O), story(_, _, States)) :-
    memberchk(t(S, R, O), States).
story_meets(pronoun(C, E), story(_, Pronouns, _)) :-
    memberchk(C-E, Pronouns).
story_meets(mention(E), story(Names, _, _)) :-
    memberchk(E, Names).

% -- re-checking stored decisions ---------------------------------------------------------

%!  failed_checks(+Dialogues, +DecisionLists, -Failed) is det.
%   Failed: the 0-based indexes of the dialogues whose stored decisions do not check.
failed_checks(Dialogues, DecisionLists, Failed) :-
    findall(I, (nth0(I, Dialogues, D), nth0(I, DecisionLists, Ds), \+ check_answerability(D, Ds)), Failed).

%!  check_answerability(+Dialogue, +Decisions) is semidet.
check_answerability(dialogue(SN, SP, SS, Turns), Decisions) :-
    recheck(Turns, Decisions, story(SN, SP, SS), []).

recheck([], [], _, _).
recheck([Turn|Turns], [[Ok|Sources]|Decisions], Story, Seen) :-
    Turn = turn(Pos, Frame, Names, Intro, Refs, Needs, States),
    requirements(Refs, Needs, Reqs),
    maplist(holds(Story, Seen), Reqs, Sources),
    ( memberchk(-1, Sources) -> Ok == 0 ; Ok == 1 ),
    recheck(Turns, Decisions, Story, [seen(Pos, Ok, Frame, Names, Intro, States)|Seen]).

holds(Story, Seen, Req, -1) :-
    !,
    \+ source(Req, Story, Seen, _).
holds(Story, _, Req, 0) :-
    !,
    story_meets(Req, Story).
holds(_, [seen(At, 1, F, _, _, _)|_], ellipsis(F), At) :-
    !.
holds(_, Seen, Req, At) :-
    Req \= ellipsis(_),
    memberchk(seen(At, Ok, _, Names, Intro, States), Seen),
    meets(Req, Ok, Names, Intro, States).
