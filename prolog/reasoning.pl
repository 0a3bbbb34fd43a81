:- encoding(utf8).
/** <module> Positive derivations with proofs: R-Sym, R-Inverse, R-Trans and their compositions

Drowzee Fig. 8 derives new facts from ground facts with four rule shapes. Here they are
written once, generically, and switched on per property by the curated relation catalog,
which prolog/export.py writes next to the facts (module user):

    kb_fact(Fid, S, P, O)        a ground fact of the KB (one Wikidata statement)
    kb_symmetric(P)              P(S,O) -> P(O,S)                      [R-Sym]
    kb_inverse(P, Q)             Q(O,S) -> P(S,O); Q is a catalog property   [R-Inverse]
    kb_inverse_phrase(P)         P(O,S) -> '^P'(S,O), a new predicate read with the
                                 catalog's inverse phrase ("is the father of")  [R-Inverse]
    kb_transitive(P)             P(S,X), P(X,O) -> P(S,O)              [R-Trans]

A property the catalog does not curate has none of these facts, so nothing is derived
from it. Compositions come for free: a transitive chain may use edges read through
R-Sym or R-Inverse (P150 "contains" chains through inverted P131 facts), and '^P' may
invert a whole chain.

Every answer carries its proof, as a list so that it reaches Python intact (pyswip turns
compound terms into lossy text):

    [derive, Rule, S, P, O, Premises]    Rule: ground | symmetric | inverse | transitive
    Premise: [fact, Fid] | a proof

A transitive proof lists its steps in order, S to O; each step is a one-edge proof.
*/
:- module(reasoning, [
    prove/4,       % +S, +P, +O, -Proof: P(S,O) holds; the shortest proof
    step/4,        % ?S, +P, ?O, -Proof: one edge of P (a fact, maybe read through a rule)
    derived/4,     % ?S, ?P, ?O, -Proof: a fact the KB does not state but the rules prove
    derived_rules/4  % ?S, ?P, ?O, -Rules: derived/4 with the rules its proof uses, not the proof
]).

%!  step(?S, +P, ?O, -Proof) is nondet.
%
%   One edge of P: a ground fact, or a fact read through R-Sym or R-Inverse.
step(S, P, O, [derive, ground, S, P, O, [[fact, F]]]) :-
    kb_fact(F, S, P, O).
step(S, P, O, [derive, symmetric, S, P, O, [[fact, F]]]) :-
    kb_symmetric(P),
    kb_fact(F, O, P, S).
step(S, P, O, [derive, inverse, S, P, O, [[fact, F]]]) :-
    kb_inverse(P, Q),
    kb_fact(F, O, Q, S).

%!  path(+P, ?S, ?O, -Steps) is nondet.
%
%   Tabled transitive closure over step/4. Mode-directed tabling keeps one answer per
%   (P, S, O), the shortest list of steps (ties broken by the standard order of terms, so
%   the proof does not depend on evaluation order), which also makes cycles terminate.
:- table path(_, _, _, lattice(shorter/3)).

path(P, S, O, [Step]) :-
    step(S, P, O, Step).
path(P, S, O, Steps) :-
    kb_transitive(P),
    path(P, S, X, Steps0),
    step(X, P, O, Step),
    append(Steps0, [Step], Steps).

shorter(A, B, C) :-
    length(A, LA),
    length(B, LB),
    (   LA < LB -> C = A
    ;   LB < LA -> C = B
    ;   A @=< B -> C = A
    ;   C = B
    ).

steps_proof(_, _, _, [Step], Step) :- !.
steps_proof(S, P, O, Steps, [derive, transitive, S, P, O, Steps]).

%!  prove(+S, +P, +O, -Proof) is semidet.
%
%   P(S,O) follows from the KB; Proof is the shortest derivation (a ground fact when the
%   KB states it). P may be '^Q', the inverse-phrase reading of Q.
prove(S, P, O, Proof) :-
    inverse_reading(P, Q),
    !,
    prove(O, Q, S, Sub),
    Proof = [derive, inverse, S, P, O, [Sub]].
prove(S, P, O, Proof) :-
    kb_transitive(P),
    !,
    path(P, S, O, Steps),
    steps_proof(S, P, O, Steps, Proof).
prove(S, P, O, Proof) :-
    once(shortest_step(S, P, O, Proof)).

% A ground fact first, then the other readings in rule order.
shortest_step(S, P, O, Proof) :-
    Proof = [derive, ground|_],
    step(S, P, O, Proof).
shortest_step(S, P, O, Proof) :-
    step(S, P, O, Proof).

%!  inverse_reading(+IP, -P) is semidet.
%
%   IP is '^P' for a property P whose catalog entry has an inverse phrase.
inverse_reading(IP, P) :-
    atom(IP),
    atom_concat('^', P, IP),
    kb_inverse_phrase(P).

%!  derived(?S, ?P, ?O, -Proof) is nondet.
%
%   Every fact the rules add to the KB, once, with its shortest proof: not stated in the
%   KB and not reflexive (a cycle of "located in" proves nothing about a place itself).
derived(S, P, O, Proof) :-
    deriving(Ps),
    member(P, Ps),
    derived_of(P, S, O, Proof).
derived(S, IP, O, [derive, inverse, S, IP, O, [Sub]]) :-
    kb_inverse_phrase(P),
    atom_concat('^', P, IP),
    forward(O, P, S, Sub),
    S \== O.

%!  derived_rules(?S, ?P, ?O, -Rules) is nondet.
%
%   derived/4 without the proof, only the sorted names of the rules it applies: enough to
%   choose which statements to ask about, and far cheaper to hand to Python than proofs.
derived_rules(S, P, O, Rules) :-
    derived(S, P, O, Proof),
    findall(R, proof_rule(Proof, R), Rs),
    sort(Rs, Rules).

proof_rule([_, Rule|_], Rule).
proof_rule([_, _, _, _, _, Premises], Rule) :-
    member([Tag|Sub], Premises),
    memberchk(Tag, [derive, refute]),
    proof_rule([Tag|Sub], Rule).

deriving(Ps) :-
    findall(P, (kb_symmetric(P) ; kb_inverse(P, _) ; kb_transitive(P)), All),
    sort(All, Ps).

derived_of(P, S, O, Proof) :-
    kb_transitive(P),
    !,
    path(P, S, O, Steps),
    S \== O,
    \+ kb_fact(_, S, P, O),
    steps_proof(S, P, O, Steps, Proof).
derived_of(P, S, O, Proof) :-
    distinct(S-O, (step(S, P, O, _), S \== O, \+ kb_fact(_, S, P, O))),
    once(step(S, P, O, Proof)).

% Every P(S,O) that holds, with its proof, for enumeration.
forward(S, P, O, Proof) :-
    kb_transitive(P),
    !,
    path(P, S, O, Steps),
    steps_proof(S, P, O, Steps, Proof).
forward(S, P, O, Proof) :-
    distinct(S-O, step(S, P, O, _)),
    once(shortest_step(S, P, O, Proof)).
