import json, random, hashlib
E=[("Was Wilhelm Kroll a member of the Austrian Academy of Sciences",1914,1931,"1920s"),
("Was Guspini located in the Province of South Sardinia",1994,2015,"2000s"),
("Did The Simpsons receive the Peabody Award",1997,2004,"1990s"),
("Did Christiane Nüsslein-Volhard receive the Louisa Gross Horwitz Prize",1993,2016,"2000s"),
("Did Lyman Spitzer receive the Gold Medal of the Royal Astronomical Society",1972,1991,"1970s"),
("Was the United Kingdom a member of the European Southern Observatory",1992,2015,"1990s"),
("Was Göttingen in Germany",1955,1960,"1950s"),
("Was Fez twinned with Strasbourg",1990,1998,"1990s"),
("Did Pavel Srníček play for West Ham United",1994,2002,"1990s"),
("Did Heinrich August Winkler work at the Humboldt University of Berlin",1967,1989,"1970s"),
("Was Jelgava twinned with Magdeburg",1999,2020,"2000s"),
("Was Kherson in the Russian Empire",1850,1870,"1860s")]
EV={"E1 in any year from":lambda p,a,b,d:f"{p} in any year from {a} to {b}?",
"E2 at any time between":lambda p,a,b,d:f"{p} at any time between {a} and {b}?",
"E4 plain between":lambda p,a,b,d:f"{p} between {a} and {b}?",
"E7 in the decade":lambda p,a,b,d:f"{p} in the {d}?",
"E8 at any time in the decade":lambda p,a,b,d:f"{p} at any time in the {d}?"}
U=[("Was Vénissieux in the Rhône department",1944,1959,"1950s"),
("Was Bender in the Kingdom of Romania",1928,1937,"1930s"),
("Was Lappeenranta in the Russian Empire",1831,1855,"1840s"),
("Was Riga in the Holy Roman Empire",1575,1579,"1570s"),
("Did Richard Gough play for Rangers F.C.",1993,1997,"1990s"),
("Was Orenburg in Orenburg Oblast",2014,2017,"2010s"),
("Was Oulu in the Russian Empire",1904,1910,"1890s"),
("Was Celle in Lower Saxony",1950,1965,"1950s"),
("Was Nepal a member of the Multilateral Investment Guarantee Agency",1993,2003,"1990s"),
("Was T. S. Eliot a citizen of the United Kingdom",1930,1950,"1930s"),
("Did Kim Källström play for Stade Rennais",2004,2006,"2000s"),
("Was Yaroslavl in the Russian Empire",1800,1830,"1810s")]
UV={"U1 throughout a–b":lambda p,a,b,d:f"{p} throughout {a}–{b}?",
"U2 plain from a to b":lambda p,a,b,d:f"{p} from {a} to {b}?",
"U4 every year from":lambda p,a,b,d:f"{p} every year from {a} to {b}?",
"U6 throughout the decade":lambda p,a,b,d:f"{p} throughout the {d}?",
"U8 for the whole period from":lambda p,a,b,d:f"{p} for the whole period from {a} to {b}?"}
PO=[("Bert-Jan Lindeman","Eri Yonamine",1991),("David Millar","Julian Dean",1966),("Danny van Poppel","Joe Dombrowski",1976),
("Nicki Sørensen","David Zabriskie",1976),("Romain Sicard","Enrico Battaglin",1989),("Marco Haller","Stine Borgli",1990),
("Joey Rosskopf","Eri Yonamine",1976),("Kris Boeckmans","Alex Dowsett",1985)]
POV={"P1 at least one of":lambda a,b,y:f"Was at least one of {a} and {b} born before {y}?",
"P2 A or B":lambda a,b,y:f"Was {a} or {b} born before {y}?",
"P3 either A or B":lambda a,b,y:f"Was either {a} or {b} born before {y}?",
"P4 A or B, or both":lambda a,b,y:f"Was {a} or {b}, or both, born before {y}?"}
PA=[("Ben Swift","Christine Majerus",1993),("Chantal Blaak","Vegard Stake Laengen",1989),("Maciej Bodnar","Valerio Agnoli",1986),
("Nicolas Roche","Vincenzo Nibali",1985),("Valentin Madouas","Yevgeniy Gidich",1996),("Damiano Caruso","Edvald Boasson-Hagen",1979)]
PAV={"A1 were both A and B":lambda a,b,y:f"Were both {a} and {b} born before {y}?",
"A2 were A and B both":lambda a,b,y:f"Were {a} and {b} both born before {y}?",
"A4 the cyclists A and B both":lambda a,b,y:f"Were the cyclists {a} and {b} both born before {y}?"}
Y=[("Was Kherson in the Russian Empire",1913),("Did Herculez Gomez play for Tigres UANL",2012),("Was Yaroslavl in the Russian Empire",1830),
("Was Tonga a member of the International Finance Corporation",1983),("Did Edmundo play for Cruzeiro E.C.",2003),("Did Djamel Mesbah play for U.C. Sampdoria",2014)]
YV={"Y1 in a, b or c":lambda p,a:f"{p} in {a}, {a+1} or {a+2}?",
"Y2 at any time from a to c":lambda p,a:f"{p} at any time from {a} to {a+2}?",
"Y3 in any of the years":lambda p,a:f"{p} in any of the years {a}, {a+1} and {a+2}?"}
F=["Was the cyclist Daniel Oss born before 1988?","Did Marco Ballotta play for A.C. Cesena in 1991?","Was Kyiv in the Ukrainian Soviet Socialist Republic in 1924?",
"Was Mantua in the Kingdom of Italy in 1982?","Did Helmut Hasse work at the University of Hamburg in 1958?","Was Dalian in Japan in 1974?",
"Was KFC Uerdingen 05 founded before 1906?","Did Roman Eremenko play for Rubin Kazan in 2018?","Was T. S. Eliot a citizen of the United States in 1941?",
"Did Nicola Berti play for Inter Milan in both 1993 and 1994?"]
head=[l for l in open('/work/main/bench/question_blind12/end/rated-h1.tsv') if l.startswith('#')]
key={}
for j in range(3):
    rows=[]
    for fam,bases,vs in (("E",E,EV),("U",U,UV),("PO",PO,POV),("PA",PA,PAV),("Y",Y,YV)):
        names=list(vs)
        for i,b in enumerate(bases):
            v=names[(i+j)%len(names)]
            rows.append((fam,i,v,vs[v](*b)))
    rows+= [("F",i,"filler",q) for i,q in enumerate(F)]
    random.Random(f"wexp{j}").shuffle(rows)
    out=list(head)
    for fam,i,v,q in rows:
        qid="q"+hashlib.sha1(f"{j}{q}".encode()).hexdigest()[:8]
        key[qid]={"reader":j+1,"family":fam,"base":i,"variant":v,"question":q}
        out.append(f"{qid}\t\t\t\t{q}\n")
    open(f"/work/wexp/reader-{j+1}.tsv","w").write("".join(out))
json.dump(key,open("key.json","w"),ensure_ascii=False,indent=0)
print(len(key))
