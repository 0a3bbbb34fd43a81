:- encoding(utf8).
/** <module> Honest negation: proofs that a statement is false, each under a stated assumption

The KB is incomplete, so a fact it does not state is *unknown*, not false: Drowzee's
R-Neg (`nm_new(S,O) :- \+ nm(S,O)`) would turn every gap into a wrong "No". Here a "No"
needs a proof of falsity, built from facts the KB does state plus one assumption about
the property, named by the rule (docs/reasoning.md says why each is sound):

    functional_conflict  P is functional (one value ever: place of birth, father), S has
                         exactly one known value O2, undated, O2 and O share a class
                         (kb_type) and neither is known to contain the other
    coexistence_conflict P relates two humans who must have been alive at the same time
                         (spouse), and one was born after the other died
    parent_lifetime_conflict  P relates a parent and a child (P40, P22, P25), and the
                         child was born before the parent, or over a year after the
                         parent's death
    antisymmetric        P is a transitive, non-symmetric containment (located in, part
                         of): O P S holds, so S P O cannot
    symmetric / inverse  the same falsity read through R-Sym or R-Inverse (one hop)

Data (module user, written by prolog/export.py): kb_fact/4, kb_fact_time(Fid, Start,
End) for dated facts, kb_type(E, Class), kb_start(E, Year) and kb_end(E, Year) (birth
and death for humans), and the catalog flags kb_functional/1, kb_symmetric/1,
kb_transitive/1, kb_inverse/2, kb_inverse_phrase/1.

Proofs are lists, as in reasoning.pl:

    [refute, Rule, S, P, O, Premises]
    Premise: [fact, Fid] | [type, E, Class] | [born, E, Year] | [died, E, Year] | a proof

Whatever the rule, nothing is refuted that the KB proves: an inconsistent KB (two places
of birth, a spouse born after the other died) gives no "No" at all. "Proves" here is
reasoning.pl's `linked/3`: every stated fact, excluded by a sanity rule or not, at any time,
so that a refutation never contradicts anything the KB says. Refutations are atemporal (the
statement holds in no year); the facts they cite must be usable premises (not excluded).
*/
:- module(negation, [
    refute/4,              % +S, +P, +O, -Proof
    sole_value/3,          % +S, +P, -O2: O2 is the one value of functional P for S
    nested/2,              % +X, +Y: X is known to lie within Y
    lifetime_rule/2,       % ?P, ?Roles
    lifetime_clash/5       % ?Rule, +S, +P, +O, ?Premises
]).
:- use_module(reasoning).

:- discontiguous base/4.

%!  refute(+S, +P, +O, -Proof) is semidet.
refute(S, P, O, Proof) :-
    \+ linked(S, P, O),
    once(refutation(S, P, O, Proof)).

refutation(S, P, O, Proof) :-
    base(S, P, O, Proof).
refutation(S, P, O, [refute, symmetric, S, P, O, [Sub]]) :-
    kb_symmetric(P),
    \+ linked(O, P, S),
    base(O, P, S, Sub).
refutation(S, P, O, [refute, inverse, S, P, O, [Sub]]) :-
    kb_inverse(P, Q),
    \+ linked(O, Q, S),
    base(O, Q, S, Sub).
refutation(S, IP, O, [refute, inverse, S, IP, O, [Sub]]) :-
    atom(IP),
    atom_concat('^', P, IP),
    kb_inverse_phrase(P),
    \+ linked(O, P, S),
    base(O, P, S, Sub).

% -- functional conflict ------------------------------------------------------------------
base(S, P, O, [refute, functional_conflict, S, P, O, [[fact, F], [type, O, C], [type, O2, C]]]) :-
    kb_functional(P),
    sole_value(S, P, O2),
    O2 \== O,
    usable_fact(F, S, P, O2, always),
    once((kb_type(O, C), kb_type(O2, C))),
    \+ nested(O, O2),
    \+ nested(O2, O).

%!  sole_value(+S, +P, -O2) is semidet.
%
%   The KB gives exactly one value of P for S (two would contradict "functional"), counting
%   every stated fact, excluded ones too.
sole_value(S, P, O2) :-
    setof(V, edge(S, P, V), [O2]).

%!  nested(+X, +Y) is semidet.
%
%   X lies within Y through some containment (transitive, non-symmetric) property, at any
%   time: being born in London is being born in England, so London never conflicts with
%   England.
nested(X, Y) :-
    kb_transitive(P),
    \+ kb_symmetric(P),
    linked(X, P, Y),
    !.

% -- lifetime conflicts -------------------------------------------------------------------
base(S, P, O, [refute, Rule, S, P, O, Premises]) :-
    once(lifetime_clash(Rule, S, P, O, Premises)).

%!  lifetime_clash(?Rule, +S, +P, +O, ?Premises) is nondet.
%
%   The birth and death years of two humans rule out P(S,O).
lifetime_clash(Rule, S, P, O, Premises) :-
    lifetime_rule(P, Roles),
    roles_rule(Roles, Rule),
    kb_type(S, 'Q5'),
    kb_type(O, 'Q5'),
    clash(Roles, S, O, Premises).

%!  lifetime_rule(?P, ?Roles) is nondet.
%
%   Curated here because it is a claim about what the property means for two humans:
%   spouses were alive together; a parent (the subject of P40, the object of P22/P25)
%   was born before the child, and died no more than a year before the child's birth.
lifetime_rule('P26', together).
lifetime_rule('P40', parent_child).
lifetime_rule('P22', child_parent).
lifetime_rule('P25', child_parent).

roles_rule(together, coexistence_conflict).
roles_rule(parent_child, parent_lifetime_conflict).
roles_rule(child_parent, parent_lifetime_conflict).

%!  clash(+Roles, +S, +O, ?Premises) is nondet.
clash(together, S, O, [[born, S, B], [died, O, D]]) :-
    kb_start(S, B), kb_end(O, D), B > D.
clash(together, S, O, [[died, S, D], [born, O, B]]) :-
    kb_end(S, D), kb_start(O, B), B > D.
clash(parent_child, Parent, Child, Premises) :-
    parent_clash(Parent, Child, Premises).
clash(child_parent, Child, Parent, Premises) :-
    parent_clash(Parent, Child, Premises).

parent_clash(Parent, Child, [[born, Parent, BP], [born, Child, BC]]) :-
    kb_start(Parent, BP), kb_start(Child, BC), BC =< BP.
parent_clash(Parent, Child, [[died, Parent, DP], [born, Child, BC]]) :-
    kb_end(Parent, DP), kb_start(Child, BC), BC > DP + 1.

% -- antisymmetry of containment ----------------------------------------------------------
base(S, P, O, [refute, antisymmetric, S, P, O, [Sub]]) :-
    kb_transitive(P),
    \+ kb_symmetric(P),
    S \== O,
    prove(O, P, S, Sub).
