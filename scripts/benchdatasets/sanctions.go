package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/store/sqlstore"
)

// Sanctions entries are OpenSanctions FollowTheMoney lines (the format of
// a full export, over a million entities): people with Gulf and Levantine
// names in Latin script and their Arabic spelling as an alias,
// organisations and companies named as gen.go names companies, vessels;
// nationalities, dates of birth, passport and registration numbers.
var (
	givenNames = [][2]string{{"Mohammed", "محمد"}, {"Ahmed", "أحمد"}, {"Ali", "علي"}, {"Hassan", "حسن"}, {"Hussein", "حسين"}, {"Khalid", "خالد"},
		{"Omar", "عمر"}, {"Abdullah", "عبدالله"}, {"Ibrahim", "إبراهيم"}, {"Yusuf", "يوسف"}, {"Salim", "سالم"}, {"Saif", "سيف"}, {"Hamad", "حمد"},
		{"Fatima", "فاطمة"}, {"Aisha", "عائشة"}, {"Maryam", "مريم"}, {"Zainab", "زينب"}, {"Nasser", "ناصر"}, {"Tariq", "طارق"}, {"Majid", "ماجد"}}
	familyNames = [][2]string{{"Al Harthi", "الحارثي"}, {"Al Balushi", "البلوشي"}, {"Al Shamsi", "الشامسي"}, {"Al Qahtani", "القحطاني"},
		{"Al Tamimi", "التميمي"}, {"Haddad", "حداد"}, {"Khoury", "خوري"}, {"Nasrallah", "نصرالله"}, {"Al Hashimi", "الهاشمي"},
		{"Al Kindi", "الكندي"}, {"Al Zadjali", "الزدجالي"}, {"Mansour", "منصور"}, {"Al Rashid", "الراشد"}, {"Saleh", "صالح"}}
	nationalities = []string{"ir", "sy", "iq", "ye", "lb", "ru", "kp", "ae", "om", "sa", "af", "so", "ly", "sd", "by", "ve", "cn", "tr"}
	programs      = []string{"IRAN", "SDGT", "SYRIA", "RUSSIA-EO14024", "YEMEN", "IRGC", "DPRK", "ISIL", "GLOMAG", "LIBYA"}
)

// personName is a person's name in Latin script and in Arabic.
func personName(rng *rand.Rand) (string, string) {
	var en, ar []string
	g := givenNames[rng.IntN(len(givenNames))]
	en, ar = append(en, g[0]), append(ar, g[1])
	if rng.IntN(2) == 0 { // a father's name
		f := givenNames[rng.IntN(len(givenNames))]
		en, ar = append(en, "bin", f[0]), append(ar, "بن", f[1])
	}
	if rng.IntN(3) == 0 { // a generated name, as gen.go's companies
		e, a := word(rng)
		en, ar = append(en, e), append(ar, a)
	}
	fam := familyNames[rng.IntN(len(familyNames))]
	return strings.Join(append(en, fam[0]), " "), strings.Join(append(ar, fam[1]), " ")
}

type ftmLine struct {
	ID         string              `json:"id"`
	Schema     string              `json:"schema"`
	Caption    string              `json:"caption"`
	Properties map[string][]string `json:"properties"`
	Datasets   []string            `json:"datasets"`
	Target     bool                `json:"target"`
	FirstSeen  string              `json:"first_seen"`
	LastChange string              `json:"last_change"`
}

// genSanctions writes n entities as FollowTheMoney JSON lines; every
// badEvery-th one (0: none) has no name.
func genSanctions(w io.Writer, n, badEvery int, seed uint64) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := json.NewEncoder(bw)
	if err := sanctionEntities(n, badEvery, seed, func(e *ftmLine) error { return enc.Encode(e) }); err != nil {
		return err
	}
	return bw.Flush()
}

// sanctionEntities makes the n entities genSanctions writes, in order,
// and gives each to each.
func sanctionEntities(n, badEvery int, seed uint64, each func(*ftmLine) error) error {
	rng := rand.New(rand.NewPCG(seed, 16))
	for i := 0; i < n; i++ {
		e := ftmLine{ID: fmt.Sprintf("NK-%08x", rng.Uint32()) + fmt.Sprintf("%07d", i), Properties: map[string][]string{}, Target: true,
			Datasets:  []string{"gen_sanctions"},
			FirstSeen: fmt.Sprintf("20%02d-%02d-%02dT00:00:00", 10+rng.IntN(16), 1+rng.IntN(12), 1+rng.IntN(28)), LastChange: "2026-11-20T00:00:00"}
		p := e.Properties
		nat := nationalities[rng.IntN(len(nationalities))]
		switch r := rng.IntN(20); {
		case r < 13:
			e.Schema = "Person"
			en, ar := personName(rng)
			p["name"], p["alias"] = []string{en}, []string{ar}
			if rng.IntN(3) == 0 {
				other, _ := personName(rng)
				p["alias"] = append(p["alias"], other)
			}
			p["nationality"] = []string{nat}
			p["birthDate"] = []string{fmt.Sprintf("19%02d-%02d-%02d", 40+rng.IntN(60), 1+rng.IntN(12), 1+rng.IntN(28))}
			p["passportNumber"] = []string{fmt.Sprintf("%c%08d", 'A'+rune(rng.IntN(26)), rng.IntN(1e8))}
		case r < 19:
			e.Schema = []string{"Organization", "Company", "LegalEntity"}[rng.IntN(3)]
			en, ar := companyName(rng)
			p["name"], p["alias"] = []string{en}, []string{ar}
			p["jurisdiction"] = []string{nat}
			p["registrationNumber"] = []string{fmt.Sprintf("%d", 1000000+rng.IntN(9000000))}
			p["address"] = []string{fmt.Sprintf("%d %s Street, %s", 1+rng.IntN(200), words[rng.IntN(len(words))][0], strings.ToUpper(nat))}
		default:
			e.Schema = "Vessel"
			en, _ := word(rng)
			p["name"] = []string{strings.ToUpper(en + " " + words[rng.IntN(len(words))][0])}
			p["imoNumber"] = []string{fmt.Sprintf("IMO%07d", rng.IntN(1e7))}
			p["flag"] = []string{nat}
		}
		p["program"] = []string{programs[rng.IntN(len(programs))]}
		e.Caption = p["name"][0]
		if badEvery > 0 && i%badEvery == 0 {
			delete(p, "name")
			e.Caption = ""
		}
		if err := each(&e); err != nil {
			return err
		}
	}
	return nil
}

// screenKinds are the kinds of names bench-sanctions screens, one call
// in ten each: a listed name as written (with its country, and a person's
// date of birth or a company's registration number), its Arabic alias,
// the same name respelt (Muhammad for Mohammed, Al- for Al, L.L.C. for
// LLC), then new names, as a screening service mostly sees: people and
// companies drawn from the generator's own vocabulary (so many share
// words with listed names), some with a country.
var screenKinds = []string{"listed, as written", "listed, Arabic alias", "listed, respelt", "listed, identifiers", "new person", "new person",
	"new person, country", "new company", "new company", "new company, country"}

// screenInputs are n sanctions_screen inputs (screenKinds, in turn) drawn
// against the list genSanctions writes with its default seed (listed
// names taken from its first 100,000 entities).
//
// want is, for an input of a listed name, the entity it must find ("":
// a new name).
func screenInputs(n int, seed uint64) (ins []sanctions.Input, want []string) {
	type entry struct{ id, schema, name, alias, country, born, number string }
	first := func(p map[string][]string, k string) string {
		if len(p[k]) == 0 {
			return ""
		}
		return p[k][0]
	}
	var listed []entry
	sanctionEntities(20_000, 0, 1, func(e *ftmLine) error {
		if p := e.Properties; e.Schema != "Vessel" {
			listed = append(listed, entry{e.ID, e.Schema, first(p, "name"), first(p, "alias"), first(p, "nationality") + first(p, "jurisdiction"),
				first(p, "birthDate"), first(p, "passportNumber") + first(p, "registrationNumber")})
		}
		return nil
	})
	respell := strings.NewReplacer("Mohammed", "Muhammad", "Ahmed", "Ahmad", "Al ", "Al-", "LLC", "L.L.C.", "Hussein", "Husain")
	rng := rand.New(rand.NewPCG(seed, 17))
	var out []sanctions.Input
	for len(out) < n {
		e := listed[rng.IntN(len(listed))]
		var in sanctions.Input
		switch len(out) % 10 {
		case 0:
			in = sanctions.Input{Name: e.name, Country: e.country}
		case 1:
			in = sanctions.Input{Name: e.alias}
		case 2:
			in = sanctions.Input{Name: respell.Replace(e.name)}
		case 3:
			in = sanctions.Input{Name: e.name, DateOfBirth: e.born, RegistrationNumber: e.number, EntityType: "individual"}
			if e.schema != "Person" {
				in.EntityType = "entity"
			}
		case 4, 5, 6:
			in.Name, _ = personName(rng)
			if rng.IntN(4) == 0 {
				_, in.Name = personName(rng)
			}
			if len(out)%10 == 6 {
				in.Country = nationalities[rng.IntN(len(nationalities))]
			}
		default:
			in.Name, _ = companyName(rng)
			if rng.IntN(4) == 0 {
				_, in.Name = companyName(rng)
			}
			if len(out)%10 == 9 {
				in.Country = "om"
			}
		}
		out = append(out, in)
		if len(out)%10 <= 4 && len(out)%10 >= 1 {
			want = append(want, e.id)
		} else {
			want = append(want, "")
		}
	}
	return out, want
}

// benchSanctions runs n sanctions_screen screens over the lists in dsn
// (sanctions.Screen on sanctionssql, the capability's own code without
// HTTP) and prints the figures.
func benchSanctions(dsn string, n, limitMB int, _ time.Time) error {
	watchdog(limitMB)
	ctx := context.Background()
	st, err := openStore(ctx, dsn, sqlstore.Options{Modules: []sqlstore.Module{sanctionssql.Module()}})
	if err != nil {
		return err
	}
	defer st.Close()
	deps := sanctions.Deps{Lists: sanctionssql.New(st.DB()), Now: time.Now}
	ins, want := screenInputs(n, 5)
	statuses := map[string]int{}
	matches, listed, found := 0, 0, 0
	var lost []string
	// digest is every answer's status and matches (entity, alias, score,
	// type, strength, reasons, in order): two builds that match alike print the
	// same.
	digest := fnv.New64a()
	return measure("sanctions_screen", len(ins), func(i int) string { return screenKinds[i%10] }, func(i int) error {
		out, err := sanctions.Screen(ctx, deps, ins[i])
		statuses[out.Status]++
		matches += len(out.Matches)
		fmt.Fprintf(digest, "%d %s\n", i, out.Status)
		for _, m := range out.Matches {
			fmt.Fprintf(digest, "%s\t%s\t%s\t%v\t%s\t%s\t%s\n", m.EntityID, m.ListedName, m.MatchedAlias, m.Score, m.MatchType, m.Strength, strings.Join(m.MatchReasons, "|"))
		}
		if want[i] != "" {
			listed++
			ok := false
			for _, m := range out.Matches {
				ok = ok || m.EntityID == want[i]
			}
			if ok {
				found++
			} else if len(lost) < 3 {
				lost = append(lost, fmt.Sprintf("%q (%s)", ins[i].Name, screenKinds[i%10]))
			}
		}
		return err
	}, func() string {
		return fmt.Sprintf("statuses %v, %d matches (digest %016x); listed names found: %d of %d (not: %s)", statuses, matches, digest.Sum64(), found, listed, strings.Join(lost, ", "))
	})
}
