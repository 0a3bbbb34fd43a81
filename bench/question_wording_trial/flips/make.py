import json, random, hashlib
R=[("Dries Devenyns","the 2011 Tour de France"),("Susanne Andersen","the 2019 Women's Tour"),("Jenthe Biermans","the 2019 E3 BinckBank Classic"),
("Daniel Martin","the 2019 UAE Tour"),("Luke Rowe","the 2013 Vuelta a España"),("Lieuwe Westra","the 2009 Vuelta a España"),
("Edward Dunbar","the 2019 Giro d'Italia"),("Demi Vollering","the 2019 Amstel Gold Race"),("Darren Bent","the 2008–09 Football League Cup"),
("Shinji Okazaki","the 2014–15 Bundesliga")]
RV={"R1 absent from":lambda a,b:f"Was {a} absent from {b}?","R2 miss":lambda a,b:f"Did {a} miss {b}?",
"R3 not take part":lambda a,b:f"Did {a} not take part in {b}?","R4 is it true did not":lambda a,b:f"Is it true that {a} did not take part in {b}?",
"R5 stay out of":lambda a,b:f"Did {a} stay out of {b}?"}
L=[("Lusigliè","the Province of Turin"),("Montelparo","the Province of Fermo"),("Sauze d'Oulx","the Metropolitan City of Turin"),
("Ulyanovsk","the Russian Soviet Federative Socialist Republic"),("Grozny","the Soviet Union"),("Celle","Lower Saxony"),
("Vénissieux","the Rhône department"),("Oullins","the Ain department"),("Guspini","the Province of South Sardinia"),("Kherson","the Russian Empire")]
LV={"L1 always outside":lambda a,b:f"Was {a} always outside {b}?","L2 never in":lambda a,b:f"Was {a} never in {b}?",
"L3 never part of":lambda a,b:f"Was {a} never part of {b}?","L4 has never been in":lambda a,b:f"Has {a} never been in {b}?",
"L5 is it true never":lambda a,b:f"Is it true that {a} was never in {b}?"}
D=[("Djibouti","Ethiopia"),("Saudi Arabia","the United Kingdom"),("the United Arab Emirates","Indonesia"),("North Korea","Ethiopia"),
("Chad","the Central African Republic"),("Laos","Vietnam"),("Bhutan","China"),("Iran","Israel"),("Cuba","Mexico"),("Nepal","India")]
DV={"D1 lack":lambda a,b:f"Does {a} lack diplomatic relations with {b}?","D2 have no":lambda a,b:f"Does {a} have no diplomatic relations with {b}?",
"D3 X and Y have no":lambda a,b:f"Do {a} and {b} have no diplomatic relations?","D4 is it true no":lambda a,b:f"Is it true that {a} has no diplomatic relations with {b}?",
"D5 not have":lambda a,b:f"Does {a} not have diplomatic relations with {b}?"}
F=["Did Isaac Asimov die in Brooklyn?","Was Vladimir Nabokov born in Prague?","Was the Aude department located in Auvergne in 2016?",
"Was Nîmes ever twinned with Frankfurt (Oder)?","Was Johann Sebastian Bach born in Eisenach?","Was Celle in Lower Saxony in 1958?",
"Did Pezoporikos Larnaca take part in the 1955–56 Cypriot First Division?","Was the cyclist Dries Van Gestel born in Norway?",
"Did Carl Friedrich von Weizsäcker work at the University of Göttingen?","Was Sidney Sheldon born in Munich?"]
def cap(q): return q[0].upper()+q[1:]
head=[l for l in open('/work/main/bench/question_blind12/end/rated-h1.tsv') if l.startswith('#')]
key={}
for j in range(3):
    rows=[]
    for fam,bases,vs in (("R",R,RV),("L",L,LV),("D",D,DV)):
        names=list(vs)
        for i,b in enumerate(bases):
            v=names[(i+j)%len(names)]
            rows.append((fam,i,v,cap(vs[v](*b))))
    rows+=[("F",i,"filler",q) for i,q in enumerate(F)]
    random.Random(f"wexp2-{j}").shuffle(rows)
    out=list(head)
    for fam,i,v,q in rows:
        qid="q"+hashlib.sha1(f"2{j}{q}".encode()).hexdigest()[:8]
        key[qid]={"reader":j+1,"family":fam,"base":i,"variant":v,"question":q}
        out.append(f"{qid}\t\t\t\t{q}\n")
    open(f"/work/wexp2/reader-{j+1}.tsv","w").write("".join(out))
json.dump(key,open("key2.json","w"),ensure_ascii=False,indent=0)
print(len(key))
