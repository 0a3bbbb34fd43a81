:- encoding(utf8).
/** <module> Near misses proven false in the years of their premises

negation.pl proves statements false in every year. The falsehoods a person would actually
be tempted by are near misses: another country of the same place at another time, another
province of the same region. Those are false only in some years, and each needs a rule
about what the property means, stated here and named in the proof:

    one_at_a_time  P holds of S for one object at a time (a place lies in one country at
                   a time, a person has one spouse at a time, a state one head of
                   government, one capital). The KB says S P O2 in years Y2 (a dated,
                   usable fact, possibly read through R-Sym or R-Inverse); so S P O is
                   false in the years of Y2 where the KB gives S no other value and where
                   no stated fact, at any end or none, may make S P O hold, nor did the
                   year before or after (a year is coarse: a marriage that ended in 2000
                   may have overlapped one that began then). O and O2 are not known to lie
                   one within the other, and the KB never shows anything holding both at
                   once, for more than the one year of a change (a city in the Soviet Union
                   and in the Ukrainian SSR together shows the two are no alternatives).
    one_club_at_a_time  as one_at_a_time, for a player's teams (P54): a player plays for
                   one club at a time, a national team (of any age) beside it. Neither O
                   nor O2 is a national team (a class, or "national" or "olympic" in its
                   name), and only the KB's other clubs of S block a year.
    partition      P is a containment whose units of one level do not overlap: units A and
                   B both directly within R (R's provinces, say), of the same class (or
                   neither classed and B holding a unit of its own, as A holds X: a city
                   directly within R is no province), neither known within the other, nothing known to lie
                   directly in both at once. X lies directly in A, so X does not lie in B,
                   in the years all three facts share. Nothing the KB links, at any time,
                   is refuted (`linked/3`).
    one_league_a_season  P links a club to a league's season (`seasonal/2`: Of links a
                   season to its league), and a club plays in one of its country's
                   leagues a season: S took part in season A of league La, so not in
                   season B of another league Lb of the same country (P17) and the same
                   years (a club, not a person: a player may move mid-season), where
                   nothing is known to have taken part in both and the KB does not link
                   S to B. The seasons' years are the KB's own dates of A and B.

Either may be read through R-Sym or R-Inverse, as in negation.pl. Proofs carry their years
like derivations do:

    [refute, Rule, S, P, O, Premises, Years]     Years: [[A, B], ...] | always (partition,
                                                 one_league_a_season)

`disprove/4` is what the generator asks: negation.pl's atemporal refutation when there is one,
else the dated refutation with the most years (then the first in the standard order of terms).
proofcheck.pl checks a stated proof with the same `dated/4`, its premises bound, so checking
does not search. The oracle's small worlds (claims.pl) include negation.pl only: a reply's
claims are judged against the atemporal rules, as before.
*/
:- module(near_miss, [
    disprove/4,        % +S, +P, +O, -Proof
    dated/4,           % ?S, ?P, ?O, ?Proof: one dated refutation (premises bound: a check)
    one_at_a_time/1,   % ?P
    one_club_at_a_time/1, % ?P
    partitioned/1,     % ?P
    seasonal/2         % ?P, ?Of
]).
:- use_module(reasoning).
:- use_module(negation).
:- use_module(intervals).

%!  one_at_a_time(?P) is nondet.
%
%   Curated here, like negation.pl's lifetime rules, because each is a claim about what the
%   property means: one country at a time (a condominium or a disputed territory is the
%   exception; the KB's own overlaps are left out year by year), one spouse at a time, one
%   head of government, one head of state, one capital.
one_at_a_time('P17').
one_at_a_time('P26').
one_at_a_time('P6').
one_at_a_time('P35').
one_at_a_time('P36').

%!  one_club_at_a_time(?P) is nondet.
%
%   P links a player to a team: one club at a time (a loan is the KB's own overlap, left out
%   year by year), and a national team beside it, which neither refutes nor is refuted.
one_club_at_a_time('P54').

%   A national team: of a class the KB gives national teams, or named one (Wikidata12k gives its
%   teams no class: "England national under-21 association football team").
national_team(T) :-
    kb_type(T, C),
    memberchk(C, ['Q6979593', 'Q1194951', 'Q23847779']),
    !.
national_team(T) :-
    kb_entity(T, Label, _),
    downcase_atom(Label, Low),
    split_string(Low, " -", "()'.,", Words),
    (   memberchk("national", Words)
    ;   memberchk("olympic", Words)
    ),
    !.

%!  partitioned(?P) is nondet.
%
%   The administrative units directly within one unit, of one class, do not overlap.
partitioned('P131').

%!  seasonal(?P, ?Of) is nondet.
%
%   P links a club to a season it took part in; Of links a season to its league (sports
%   season of league or competition). A club plays in one league of its country a season.
seasonal('P1344', 'P3450').

%!  disprove(+S, +P, +O, -Proof) is semidet.
disprove(S, P, O, Proof) :-
    refute(S, P, O, Proof),
    !.
disprove(S, P, O, Best) :-
    findall(K-Proof, (dated(S, P, O, Proof), rank(Proof, K)), All),
    msort(All, [_-Best|_]).

rank(Proof, k(Negative, Proof)) :-
    nth0(6, Proof, Lists),
    (   Lists == always
    ->  Negative = -inf
    ;   years_count(Lists, 0, N),
        Negative is -N
    ).

years_count([], N, N).
years_count([[A, B]|T], N0, N) :-
    N1 is N0 + B - A + 1,
    years_count(T, N1, N).

%!  dated(?S, ?P, ?O, ?Proof) is nondet.
dated(S, P, O, Proof) :-
    base(S, P, O, Proof).
dated(S, P, O, [refute, symmetric, S, P, O, [Sub], L]) :-
    kb_symmetric(P),
    Sub = [refute, _, O, P, S, _, L],
    base(O, P, S, Sub).
dated(S, P, O, [refute, inverse, S, P, O, [Sub], L]) :-
    kb_inverse(P, Q),
    Sub = [refute, _, O, Q, S, _, L],
    base(O, Q, S, Sub).
dated(S, IP, O, [refute, inverse, S, IP, O, [Sub], L]) :-
    atom(IP),
    atom_concat('^', P, IP),
    kb_inverse_phrase(P),
    Sub = [refute, _, O, P, S, _, L],
    base(O, P, S, Sub).

% -- one at a time --------------------------------------------------------------------------
base(S, P, O, [refute, one_at_a_time, S, P, O, [[fact, F]], L]) :-
    one_at_a_time(P),
    value_fact(F, S, P, O2, Y2),
    Y2 \== always,
    O2 \== O,
    \+ nested(O, O2),
    \+ nested(O2, O),
    \+ held_together(P, O, O2),
    free_years(S, P, O, O2, Y2, any, L).

% -- one club at a time ---------------------------------------------------------------------
base(S, P, O, [refute, one_club_at_a_time, S, P, O, [[fact, F]], L]) :-
    one_club_at_a_time(P),
    \+ national_team(O),
    value_fact(F, S, P, O2, Y2),
    Y2 \== always,
    O2 \== O,
    \+ national_team(O2),
    \+ nested(O, O2),
    \+ nested(O2, O),
    \+ held_together(P, O, O2),
    free_years(S, P, O, O2, Y2, club, L).

% -- one league a season -------------------------------------------------------------------
base(S, P, B, [refute, one_league_a_season, S, P, B, [[fact, F], [fact, Fa], [fact, Fb], [fact, Ca], [fact, Cb]], always]) :-
    seasonal(P, Of),
    \+ kb_type(S, 'Q5'),
    usable_fact(Fb, B, Of, Lb, _),
    \+ linked(S, P, B),
    kb_start(B, Y0),
    kb_end(B, Y1),
    usable_fact(F, S, P, A, _),
    A \== B,
    kb_start(A, Y0),
    kb_end(A, Y1),
    usable_fact(Fa, A, Of, La, _),
    La \== Lb,
    usable_fact(Ca, La, 'P17', C, _),
    usable_fact(Cb, Lb, 'P17', C, _),
    \+ (edge_fact(_, X, P, A), edge_fact(_, X, P, B)).

% -- partition ------------------------------------------------------------------------------
base(X, P, B, [refute, partition, X, P, B, [[fact, Fx], [fact, Fa], [fact, Fb]|Types], L]) :-
    partitioned(P),
    X \== B,
    \+ linked(X, P, B),
    value_fact(Fx, X, P, A, Yx),
    A \== B,
    value_fact(Fa, A, P, R, Ya),
    value_fact(Fb, B, P, R, Yb),
    R \== X,
    \+ nested(A, B),
    \+ nested(B, A),
    \+ held_together(P, A, B),
    same_level(A, B, P, Types),
    meet(Yx, Ya, Y1),
    meet(Y1, Yb, Years),
    years_lists(Years, L).

%   Two units of one level: a class both have (the first); or, neither classed, B holds a unit
%   of its own as A holds X (a city directly within a republic is no sibling of its provinces).
same_level(A, B, _, [[type, A, C], [type, B, C]]) :-
    kb_type(A, C),
    kb_type(B, C),
    !.
same_level(A, B, P, [[fact, Fc]]) :-
    \+ kb_type(A, _),
    \+ kb_type(B, _),
    once(value_fact(Fc, _, P, B, _)).

%   held_together(+P, +O1, +O2): something is known to have both as values of P in two years or
%   more (one shared year is a change of value within that year, not both at once). Tabled: a
%   suite asks it of the same two countries again and again, and each asking walks every place
%   of one of them (two thirds of a suite's refutations; load_kb abolishes the tables).
:- table held_together/3.

held_together(P, O1, O2) :-
    edge_fact(F1, X, P, O1),
    edge_fact(F2, X, P, O2),
    possible_years(F1, known, Y1),
    possible_years(F2, known, Y2),
    universe(U),
    iset_intersection(U, Y1, Y2, Both),
    Both \= [], Both \= [Y-Y],
    !.
%   For countries, also something directly within one (P131) while the other is its country:
%   Kharkiv in the Ukrainian SSR and in the Soviet Union, so neither is another country of Kyiv.
held_together('P17', O1, O2) :-
    member(Within-Country, [O1-O2, O2-O1]),
    edge_fact(F1, X, 'P131', Within),
    edge_fact(F2, X, 'P17', Country),
    possible_years(F1, known, Y1),
    possible_years(F2, known, Y2),
    universe(U),
    iset_intersection(U, Y1, Y2, Both),
    Both \= [], Both \= [Y-Y],
    !.

%   The years and the one before and after each stretch.
iset_widen(U, Set, Wide) :-
    findall(A-B, (member(A0-B0, Set), A is A0 - 1, B is B0 + 1), Raw),
    iset_normalise(U, Raw, Wide).

% -- facts and their years ------------------------------------------------------------------

%   free_years(+S, +P, +O, +O2, +Y2, +Rivals, -L): the years of Y2 (S has O2) where the KB gives S
%   no other value of P that rivals O (any; a club: no national team), and no stated fact, at
%   any end or none, may make S P O hold, nor did the year before or after.
free_years(S, P, O, O2, Y2, Rivals, L) :-
    universe(U),
    findall(Y, (edge_fact(G, S, P, O3), O3 \== O2, rival(Rivals, O3), possible_years(G, known, Y)), Others),
    findall(Y, (edge_fact(G, S, P, O), possible_years(G, possible, Y0), iset_widen(U, Y0, Y)), Maybe),
    append([Others, Maybe], Blocking),
    append(Blocking, Raw),
    iset_complement(U, Raw, Free),
    iset_intersection(U, Y2, Free, Years),
    Years \== [],
    years_lists(Years, L).

rival(any, _).
rival(club, T) :-
    \+ national_team(T).

%   A usable fact giving S the value O of P, read directly, through R-Sym or through R-Inverse.
value_fact(F, S, P, O, Years) :-
    usable_fact(F, S, P, O, Years).
value_fact(F, S, P, O, Years) :-
    kb_symmetric(P),
    usable_fact(F, O, P, S, Years).
value_fact(F, S, P, O, Years) :-
    kb_inverse(P, Q),
    usable_fact(F, O, Q, S, Years).

%   Any stated fact (excluded ones too) saying S P O, in any of the same readings.
edge_fact(F, S, P, O) :-
    kb_fact(F, S, P, O).
edge_fact(F, S, P, O) :-
    kb_symmetric(P),
    kb_fact(F, O, P, S).
edge_fact(F, S, P, O) :-
    kb_inverse(P, Q),
    kb_fact(F, O, Q, S).

%   possible_years(+F, +How, -Set): the years fact F surely holds in (known: its known years,
%   none for a start after its end) or may hold in (possible: an open end reaches to the end of
%   time, an undated fact holds in every year, a start after the end spans both).
possible_years(F, How, Set) :-
    universe(U),
    U = U0-U1,
    (   kb_fact_time(F, A, B)
    ->  span(How, A, B, U, Raw)
    ;   Raw = [U0-U1]
    ),
    iset_normalise(U, Raw, Set).

span(known, A, B, _, Raw) :-
    (   A == none -> Raw = [B-B]
    ;   B == none -> Raw = [A-A]
    ;   Raw = [A-B]
    ).
span(possible, A, B, U0-U1, [Lo-Hi]) :-
    (   A == none -> Lo = U0, Hi = B
    ;   B == none -> Lo = A, Hi = U1
    ;   Lo is min(A, B), Hi is max(A, B)
    ).

%   Every year a fact can name, as whole numbers (the interval arithmetic adds one to an end).
universe(-1000000 - 1000000).
