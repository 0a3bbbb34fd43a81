:- encoding(utf8).
/** <module> The rule library over a small world of its own: what a reply states, or what the KB says about it

The oracle asks two questions of a reply to a test case (docs/oracle.md):

  * knowledge: is each statement the reply makes proven, refuted, or silent in the KB?
  * inference: does the reply's answer follow from what it states, read with the same rules
    that proved the expected answer?

Both are asked of a world far smaller than the KB (the case's evidence, the reply's claims,
the KB's facts about the entities they name), so this module compiles reasoning.pl and
negation.pl (and sanity.pl, whose rules exclude the world's impossible KB facts as load_kb
excludes the KB's) a second time, into itself: their data predicates (kb_fact/4 and the rest,
docs/reasoning.md) are then this module's own, and the KB that prolog/export.py loads into
module user is never touched. The rule files are included unchanged; only their module
headers are dropped.

A world is set with set_world(+Facts, +Denied, +Types, +Years, +Flags):

    Facts   [[Fid, S, P, O, Start, End], ...]   Start/End: a year or none
    Denied  [[S, P, O], ...]                    statements the reply denies
    Types   [[E, Class], ...]                   the caller gives every entity class thing too, so
                                                a functional property conflicts on any two values
    Years   [[born|died, E, Year], ...]
    Flags   [symmetric(P) | transitive(P) | functional(P) | inverse(P, Q) | inverse_phrase(P), ...]

Fact ids starting with c: are the reply's claims; drop_contradicted/0 then removes the facts
(any other id) a claim contradicts, so the reply's own picture of the world is left.
*/
:- module(claims, [
    set_world/5,          % +Facts, +Denied, +Types, +Years, +Flags
    drop_contradicted/1,  % -Dropped: fact ids a claim or denial contradicts, removed
    answer/4,             % +S, +P, +O, -Answer: holds | fails | both | open
    status/5              % +S, +P, +O, +Polarity, -Status: [proven] | [refuted] | [other, O2] | [open]
]).

:- dynamic kb_fact/4, kb_fact_time/3, kb_type/2, kb_start/2, kb_end/2.
:- dynamic kb_symmetric/1, kb_transitive/1, kb_functional/1, kb_inverse/2, kb_inverse_phrase/1.
:- dynamic denied/3.
:- dynamic kb_excluded/1.  % this world's own: reasoning.pl's calls find it before module user's

% Only while this file includes a rule file: libraries autoloaded meanwhile keep their headers.
term_expansion((:- module(_, _)), []) :- including_rules.
term_expansion((:- use_module(reasoning)), []) :- including_rules.
term_expansion((:- use_module(negation, _)), []) :- including_rules.

including_rules :-
    prolog_load_context(source, Source),
    file_base_name(Source, 'claims.pl'),
    prolog_load_context(file, File),
    File \== Source.

:- discontiguous nested/2.
:- include(reasoning).
:- include(negation).
:- include(sanity).

%   A place also lies within its country (P17, "country", which the catalog cannot make
%   transitive: a country's country is itself), and within the country of what contains it.
%   Born in Ulm is born in Germany; neither is another value of the other.
nested(X, Y) :-
    country(X, Y),
    !.

country(X, Y) :-
    kb_fact(_, X, 'P17', Y).
country(X, Y) :-  % Z bound first: prove/4 with an unbound end succeeds without binding it
    kb_fact(_, Z, 'P17', Y),
    Z \== X,
    kb_transitive(P),
    \+ kb_symmetric(P),
    prove(X, P, Z, _).

%!  set_world(+Facts, +Denied, +Types, +Years, +Flags) is det.
set_world(Facts, Denied, Types, Years, Flags) :-
    forall(member(P, [kb_fact/4, kb_fact_time/3, kb_type/2, kb_start/2, kb_end/2, kb_symmetric/1,
                      kb_transitive/1, kb_functional/1, kb_inverse/2, kb_inverse_phrase/1, denied/3,
                      kb_excluded/1, kb_subject/2, kb_object/2]),
           ( P = N/A, functor(H, N, A), retractall(H) )),
    forall(member([F, S, P, O, Start, End], Facts), add_fact(F, S, P, O, Start, End)),
    forall(member([S, P, O], Denied), assertz(denied(S, P, O))),
    forall(member([E, C], Types), assertz(kb_type(E, C))),
    forall(member(Y, Years), add_year(Y)),
    forall(member(Flag, Flags), add_flag(Flag)),
    % A KB fact no sanity rule lets be true is no premise here either, as in the KB's reasoning
    % (load_kb); the reply's claims stay, whatever they say.
    forall(( distinct(F, violation(F, _, _)), \+ claim_id(F) ), assertz(kb_excluded(F))),
    abolish_module_tables(claims).

add_fact(F, S, P, O, Start, End) :-
    assertz(kb_fact(F, S, P, O)),
    assertz(kb_subject(S, P)),  % stated/4's sets; a repeat does no harm
    assertz(kb_object(O, P)),
    (   Start == none, End == none -> true ; assertz(kb_fact_time(F, Start, End)) ).

add_year([born, E, Y]) :- assertz(kb_start(E, Y)).
add_year([died, E, Y]) :- assertz(kb_end(E, Y)).

add_flag(symmetric(P)) :- assertz(kb_symmetric(P)).
add_flag(transitive(P)) :- assertz(kb_transitive(P)).
add_flag(functional(P)) :- assertz(kb_functional(P)).
add_flag(inverse(P, Q)) :- assertz(kb_inverse(P, Q)).
add_flag(inverse_phrase(P)) :- assertz(kb_inverse_phrase(P)).

%!  drop_contradicted(-Dropped) is det.
%
%   A claim about a functional property with another value (not a place within, or around,
%   the fact's value), or a denial, contradicts a fact that is no claim: the reply believes
%   the claim, so the fact leaves its world.
drop_contradicted(Dropped) :-
    findall(F, ( kb_fact(F, S, P, O), \+ claim_id(F), contradicted(S, P, O) ), Found),
    sort(Found, Dropped),
    forall(member(F, Dropped), retract(kb_fact(F, _, _, _))),
    abolish_module_tables(claims).

contradicted(S, P, O) :-
    denial(S, P, O).
contradicted(S, P, O) :-
    kb_functional(P),
    kb_fact(C, S, P, O2),
    claim_id(C),
    O2 \== O,
    \+ nested(O, O2),
    \+ nested(O2, O).

claim_id(F) :-
    sub_atom(F, 0, _, _, 'c:').

%!  denial(+S, +P, +O) is semidet.
%
%   The world denies P(S,O) outright, or read through R-Sym or R-Inverse.
denial(S, P, O) :- denied(S, P, O), !.
denial(S, P, O) :- kb_symmetric(P), denied(O, P, S), !.
denial(S, P, O) :- kb_inverse(P, Q), denied(O, Q, S), !.
denial(S, IP, O) :- atom(IP), atom_concat('^', P, IP), denied(O, P, S), !.

%!  answer(+S, +P, +O, -Answer) is det.
%
%   holds: the world proves P(S,O) and does not deny it; fails: it denies or refutes it and
%   does not prove it; both: it proves and denies it (the reply contradicts itself); open:
%   neither.
answer(S, P, O, Answer) :-
    (   prove(S, P, O, _) -> Proved = true ; Proved = false ),
    (   denial(S, P, O) -> Denied = true ; Denied = false ),
    (   Proved == true, Denied == true -> Answer = both
    ;   Proved == true -> Answer = holds
    ;   Denied == true -> Answer = fails
    ;   refute(S, P, O, _) -> Answer = fails
    ;   Answer = open
    ).

%!  status(+S, +P, +O, +Polarity, -Status) is det.
%
%   What the world says of a statement the reply makes (pos) or denies (neg): [proven],
%   [refuted], [other, O2] (the world gives S another value of P, neither within nor around
%   O), or [open].
status(S, P, O, neg, Status) :-
    !,
    (   prove(S, P, O, _) -> Status = [refuted] ; Status = [open] ).
status(S, P, O, pos, Status) :-
    (   prove(S, P, O, _) -> Status = [proven]
    ;   refute(S, P, O, _) -> Status = [refuted]
    ;   other_value(S, P, O, O2) -> Status = [other, O2]
    ;   Status = [open]
    ).

other_value(S, P, O, O2) :-
    step(S, P, O2, _, _),
    O2 \== O,
    \+ nested(O, O2),
    \+ nested(O2, O),
    !.
