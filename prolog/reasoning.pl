:- encoding(utf8).
/** <module> Positive derivations with proofs: R-Sym, R-Inverse, R-Trans and their compositions, in time

Drowzee Fig. 8 derives new facts from ground facts with four rule shapes. Here they are
written once, generically, and switched on per property by the curated relation catalog,
which prolog/export.py writes next to the facts (module user):

    kb_fact(Fid, S, P, O)        a ground fact of the KB (one Wikidata statement)
    kb_fact_time(Fid, A, B)      its years; `none` for an end the KB does not give
    kb_excluded(Fid)             a fact that breaks a sanity rule (sanity.pl): never a premise
    kb_symmetric(P)              P(S,O) -> P(O,S)                      [R-Sym]
    kb_inverse(P, Q)             Q(O,S) -> P(S,O); Q is a catalog property   [R-Inverse]
    kb_inverse_phrase(P)         P(O,S) -> '^P'(S,O), a new predicate read with the
                                 catalog's inverse phrase ("is the father of")  [R-Inverse]
    kb_transitive(P)             P(S,X), P(X,O) -> P(S,O)              [R-Trans]

A property the catalog does not curate has none of these facts, so nothing is derived
from it. Compositions come for free: a transitive chain may use edges read through
R-Sym or R-Inverse (P150 "contains" chains through inverted P131 facts), and '^P' may
invert a whole chain.

**Time.** A fact holds in its *known years*: [A, B] when both are given, only A when the end
is unknown (A, none) and only B when the start is (none, B): an open end means "from then on,
end unknown", so no later year is known to hold. An undated fact holds `always`, as before
dates were read. A conclusion holds in the years where all its premises hold together
(intervals.pl intersects them); a chain with no common year derives nothing. Undated
premises take the years of the dated ones; a conclusion from undated premises only is
`always`.

Every answer carries its proof, as a list so that it reaches Python intact (pyswip turns
compound terms into lossy text):

    [derive, Rule, S, P, O, Premises, Years]   Rule: ground | symmetric | inverse | transitive
    Premise: [fact, Fid] | a proof              Years: always | [[A, B], ...]

A transitive proof lists its steps in order, S to O; each step is a one-edge proof. Of the
proofs of one statement, the one with the most years is given (`always` first), then the
shortest, then the first in the standard order of terms, so nothing depends on evaluation
order.

`linked/3` is the same closure with dates ignored and excluded facts included: the negation
rules use it to make sure that nothing the KB could support, at any time, is refuted.
*/
:- module(reasoning, [
    prove/4,          % +S, +P, +O, -Proof: P(S,O) holds in some years; the best proof
    derived/4,        % ?S, ?P, ?O, -Proof: a fact the KB does not state but the rules prove
    derived_rules/5,  % ?S, ?P, ?O, -Years, -Rules: derived/4 with its years and rules, not the proof
    derived_rules_text/1,  % -Text: every derived_rules/5 answer, a line each
    linked/3,         % +S, +P, +O: P(S,O) follows from any stated fact, dates ignored
    edge/3,           % ?S, +P, ?O: one stated fact of P, maybe read through R-Sym or R-Inverse
    usable_fact/5,    % ?Fid, ?S, ?P, ?O, -Years: a fact that may be a premise, with its years
    meet/3,           % +Years1, +Years2, -Years: the years both hold; fails when there are none
    years_lists/2,    % ?Years, ?Lists: internal years <-> `always` or [[A, B], ...]
    index_ends/0      % the KB's subjects and objects as sets, after it is loaded
]).
:- use_module(intervals).

:- dynamic(user:kb_excluded/1).
:- dynamic(kb_subject/2).
:- dynamic(kb_object/2).

% -- the facts' ends ----------------------------------------------------------------------

%!  index_ends is det.
%
%   Every (subject, property) and (object, property) of a fact, once each, for stated/4.
%   SWI-Prolog indexes a kb_fact/4 argument only where its values spread the clauses: with a
%   subject of 100,000 facts and nothing else, each look-up of another subject (each step of a
%   transitive closure out of its objects) scanned all 100,000 clauses, and likewise an object.
index_ends :-
    retractall(kb_subject(_, _)),
    retractall(kb_object(_, _)),
    findall(S-P, kb_fact(_, S, P, _), SPs),
    sort(SPs, Subjects),  % distinct/2 took 0.08 s over Wikidata12k, this whole predicate 0.05 s
    forall(member(S-P, Subjects), assertz(kb_subject(S, P))),
    findall(O-P, kb_fact(_, _, P, O), OPs),
    sort(OPs, Objects),
    forall(member(O-P, Objects), assertz(kb_object(O, P))).

%!  stated(?F, ?S, ?P, ?O) is nondet.
%
%   kb_fact/4, looked up only where some fact has the end given with the property (index_ends/0):
%   what the facts' own index cannot answer ends in a set hashed on the end.
stated(F, S, P, O) :-
    (   var(S) -> true ; \+ \+ kb_subject(S, P) ),
    (   var(O) -> true ; \+ \+ kb_object(O, P) ),
    kb_fact(F, S, P, O).

% -- years --------------------------------------------------------------------------------

%!  usable_fact(?F, ?S, ?P, ?O, -Years) is nondet.
%
%   A fact that may serve as a premise: stated, not excluded by a sanity rule, and with
%   known years (a fact whose start is after its end has none).
usable_fact(F, S, P, O, Years) :-
    stated(F, S, P, O),
    \+ kb_excluded(F),
    fact_years(F, Years).

fact_years(F, Years) :-
    (   kb_fact_time(F, A, B)
    ->  known_years(A, B, Years)
    ;   Years = always
    ).

known_years(A, none, [A-A]) :- !.
known_years(none, B, [B-B]) :- !.
known_years(A, B, [A-B]) :-
    A =< B.

%!  meet(+Years1, +Years2, -Years) is semidet.
meet(always, Y, Y) :- !.
meet(Y, always, Y) :- !.
meet(A, B, Y) :-
    all_years(U),
    iset_intersection(U, A, B, Y),
    Y \== [].

all_years(U0-U1) :-
    U0 is -inf,
    U1 is inf.

%!  years_lists(?Years, ?Lists) is det.
years_lists(always, always) :- !.
years_lists(Set, Lists) :-
    is_list(Lists),
    !,
    all_years(U),
    iset_from_lists(U, Lists, Set).
years_lists(Set, Lists) :-
    iset_to_lists(Set, Lists).

proof_years(Proof, Years) :-
    nth0(6, Proof, Lists),
    years_lists(Years, Lists).

% -- one edge -----------------------------------------------------------------------------

%!  step(?S, +P, ?O, -Years, -Proof) is nondet.
%
%   One edge of P in its years: a ground fact, or a fact read through R-Sym or R-Inverse.
step(S, P, O, Y, [derive, ground, S, P, O, [[fact, F]], L]) :-
    usable_fact(F, S, P, O, Y),
    years_lists(Y, L).
step(S, P, O, Y, [derive, symmetric, S, P, O, [[fact, F]], L]) :-
    kb_symmetric(P),
    usable_fact(F, O, P, S, Y),
    years_lists(Y, L).
step(S, P, O, Y, [derive, inverse, S, P, O, [[fact, F]], L]) :-
    kb_inverse(P, Q),
    usable_fact(F, O, Q, S, Y),
    years_lists(Y, L).

%!  path(+P, ?S, ?O, ?Years, -Steps) is nondet.
%
%   Tabled transitive closure over step/5, one answer per (P, S, O, Years): the shortest
%   list of steps (ties broken by the standard order of terms). Years only shrink along a
%   chain and come from the facts' own years, so there are finitely many and cycles end.
%   A step is tabled as `s(Rule, S, O, Fid)`, which orders as its proof does (P is the
%   path's, the years the fact's): whole proofs made the table a third slower to fill.
:- table path(_, _, _, _, lattice(shorter/3)).

path(P, S, O, Y, [Step]) :-
    short_step(S, P, O, Y, Step).
path(P, S, O, Y, Steps) :-
    kb_transitive(P),
    path(P, S, X, Y0, Steps0),
    short_step(X, P, O, Y1, Step),
    meet(Y0, Y1, Y),
    append(Steps0, [Step], Steps).

short_step(S, P, O, Y, s(Rule, S, O, F)) :-
    step(S, P, O, Y, [derive, Rule, S, P, O, [[fact, F]], _]).

shorter(A, B, C) :-
    length(A, LA),
    length(B, LB),
    (   LA < LB -> C = A
    ;   LB < LA -> C = B
    ;   A @=< B -> C = A
    ;   C = B
    ).

steps_proof(_, P, _, _, [Step], Proof) :-
    !,
    step_proof(P, Step, Proof).
steps_proof(S, P, O, Y, Steps, [derive, transitive, S, P, O, Proofs, L]) :-
    maplist(step_proof(P), Steps, Proofs),
    years_lists(Y, L).

step_proof(P, s(Rule, S, O, F), [derive, Rule, S, P, O, [[fact, F]], L]) :-
    fact_years(F, Y),
    years_lists(Y, L).

% -- the best proof -----------------------------------------------------------------------

% rank(+Years, +Size, -Key): `always` first, then more years, then fewer steps.
rank(always, Size, k(0, 0, Size)) :- !.
rank(Set, Size, k(1, Negative, Size)) :-
    years_count(Set, 0, N),
    Negative is -N.

years_count([], N, N).
years_count([A-B|T], N0, N) :-
    N1 is N0 + B - A + 1,
    years_count(T, N1, N).

% best_by_pair(+Candidates, -Best): Candidates are (S-O)-Key-Payload; the first per S-O.
best_by_pair(Candidates, Best) :-
    msort(Candidates, Sorted),
    first_per_pair(Sorted, Best).

first_per_pair([], []).
first_per_pair([Pair-_-X|T], [Pair-X|Best]) :-
    skip_pair(T, Pair, Rest),
    first_per_pair(Rest, Best).

skip_pair([Pair-_-_|T], Pair, Rest) :- !,
    skip_pair(T, Pair, Rest).
skip_pair(Rest, _, Rest).

%!  best_proofs(+P, -Best) is det.
%
%   Every (S, O) for which P holds, with its best proof: `(S-O)-Proof`, sorted.
best_proofs(P, Best) :-
    kb_transitive(P),
    !,
    findall((S-O)-K-(Y-Steps), (path(P, S, O, Y, Steps), length(Steps, N), rank(Y, N, K)), All),
    best_by_pair(All, Paths),
    findall((S-O)-Proof, (member((S-O)-(Y-Steps), Paths), steps_proof(S, P, O, Y, Steps, Proof)), Best).
best_proofs(P, Best) :-
    findall((S-O)-K-Proof, (step(S, P, O, Y, Proof), rank(Y, 1, K)), All),
    best_by_pair(All, Best).

%!  prove(+S, +P, +O, -Proof) is semidet.
%
%   P(S,O) holds in some years; Proof is the best derivation (a ground fact when the KB
%   states it undated). P may be '^Q', the inverse-phrase reading of Q.
prove(S, P, O, Proof) :-
    inverse_reading(P, Q),
    !,
    prove(O, Q, S, Sub),
    nth0(6, Sub, L),
    Proof = [derive, inverse, S, P, O, [Sub], L].
prove(S, P, O, Proof) :-
    kb_transitive(P),
    !,
    findall(K-(Y-Steps), (path(P, S, O, Y, Steps), length(Steps, N), rank(Y, N, K)), All),
    msort(All, [_-(Y-Steps)|_]),
    steps_proof(S, P, O, Y, Steps, Proof).
prove(S, P, O, Proof) :-
    findall(K-Step, (step(S, P, O, Y, Step), rank(Y, 1, K)), All),
    msort(All, [_-Proof|_]).

%!  inverse_reading(+IP, -P) is semidet.
%
%   IP is '^P' for a property P whose catalog entry has an inverse phrase.
inverse_reading(IP, P) :-
    atom(IP),
    atom_concat('^', P, IP),
    kb_inverse_phrase(P).

% -- enumeration --------------------------------------------------------------------------

%!  derived(?S, ?P, ?O, -Proof) is nondet.
%
%   Every fact the rules add to the KB, once, with its best proof: not stated in the KB
%   and not reflexive (a cycle of "located in" proves nothing about a place itself).
derived(S, P, O, Proof) :-
    deriving(Ps),
    member(P, Ps),
    best_proofs(P, Best),
    member((S-O)-Proof, Best),
    S \== O,
    \+ stated(_, S, P, O).
derived(S, IP, O, [derive, inverse, S, IP, O, [Sub], L]) :-
    kb_inverse_phrase(P),
    atom_concat('^', P, IP),
    best_proofs(P, Best),
    member((O-S)-Sub, Best),
    S \== O,
    nth0(6, Sub, L).

%!  derived_rules(?S, ?P, ?O, -Years, -Rules) is nondet.
%
%   derived/4 without the proof: its years (`always` or [[A, B], ...]) and the sorted
%   names of the rules it applies, enough to choose which statements to ask about and far
%   cheaper to hand to Python than proofs.
derived_rules(S, P, O, Years, Rules) :-
    derived(S, P, O, Proof),
    nth0(6, Proof, Years),
    findall(R, proof_rule(Proof, R), Rs),
    sort(Rs, Rules).

%!  derived_rules_text(-Text) is det.
%
%   Every answer of derived_rules/5 as a line of Text: S, P, O, the rules joined by `,` and the
%   years (`always`, or A:B joined by `;`), separated by tabs. Ids and rule names hold none of
%   these characters. One string crosses into Python in a blink, where the same answers as a
%   list of lists took pyswip 9 s to convert (83,000 of them).
derived_rules_text(Text) :-
    with_output_to(string(Text),
                   forall(derived_rules(S, P, O, Years, Rules),
                          ( atomic_list_concat(Rules, ',', Rs),
                            years_text(Years, Ys),
                            format('~w\t~w\t~w\t~w\t~w~n', [S, P, O, Rs, Ys])
                          ))).

years_text(always, always) :- !.
years_text(Years, Text) :-
    findall(Span, (member([A, B], Years), format(atom(Span), '~w:~w', [A, B])), Spans),
    atomic_list_concat(Spans, ';', Text).

proof_rule([_, Rule|_], Rule).
proof_rule([_, _, _, _, _, Premises|_], Rule) :-
    member([Tag|Sub], Premises),
    memberchk(Tag, [derive, refute]),
    proof_rule([Tag|Sub], Rule).

deriving(Ps) :-
    findall(P, (kb_symmetric(P) ; kb_inverse(P, _) ; kb_transitive(P)), All),
    sort(All, Ps).

% -- the closure without dates ------------------------------------------------------------

%!  edge(?S, +P, ?O) is nondet.
%
%   A stated fact of P, excluded or not, maybe read through R-Sym or R-Inverse.
edge(S, P, O) :-
    stated(_, S, P, O).
edge(S, P, O) :-
    kb_symmetric(P),
    stated(_, O, P, S).
edge(S, P, O) :-
    kb_inverse(P, Q),
    stated(_, O, Q, S).

%!  linked(+S, +P, +O) is semidet.
%
%   P(S,O) follows from what the KB states at any time, excluded facts included: what the
%   negation rules must never refute. A transitive P is looked up among all S reaches, one
%   table per (P, S) whatever O is asked about (a table per O cost a refutation a third more).
linked(S, IP, O) :-
    inverse_reading(IP, P),
    !,
    linked(O, P, S).
linked(S, P, O) :-
    kb_transitive(P),
    !,
    reach(P, S, X),
    X = O,
    !.
linked(S, P, O) :-
    edge(S, P, O),
    !.

:- table reach/3.

reach(P, S, O) :-
    edge(S, P, O).
reach(P, S, O) :-
    reach(P, S, X),
    edge(X, P, O).
