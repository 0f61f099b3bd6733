package documentfacts

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// An experiment of issue 29, session 27 (docs/documents.md, "money keys
// (moneykey)"): the money keys ranked as the party-role model ranks
// roles (a conditional logit, fitRoleModel), every key a candidate, with
// the money model's features paired with each key (key|feature) and,
// shared by all keys, where the lexicon found a candidate key's word:
// before the amount at a distance, in its own cell, its column's header
// or its row's label (src:...), alone and with the amount's kind
// (table, total row, percentage, unit, words, a ceiling or floor, VAT
// included or excluded). Leave one set out, as the key models:
//
//	DALIL_CV_MONEYRANK=1 go test -p 1 ./capabilities/documentfacts -run TestMoneyKeyRankCV -v

var moneyRankKinds = []string{"table", "totalrow", "lastrow", "lead", "pct", "per", "inwords", "bound:max", "bound:min", "vat:incl", "vat:excl", "cell"}

// moneyRankFeats are each class's features for an amount's features.
func moneyRankFeats(feats, classes []string) [][]string {
	src := map[string][]string{}
	var kinds []string
	for _, f := range feats {
		switch {
		case strings.HasPrefix(f, "cued:"):
			k, d, _ := strings.Cut(f[len("cued:"):], "|")
			src[k] = append(src[k], "src:cue|"+d)
		case strings.HasPrefix(f, "ccue:"):
			src[f[len("ccue:"):]] = append(src[f[len("ccue:"):]], "src:cell")
		case strings.HasPrefix(f, "hcue:"):
			src[f[len("hcue:"):]] = append(src[f[len("hcue:"):]], "src:hdr")
		case strings.HasPrefix(f, "rcue:"):
			src[f[len("rcue:"):]] = append(src[f[len("rcue:"):]], "src:row")
		}
		for _, k := range moneyRankKinds {
			if f == k {
				kinds = append(kinds, k)
			}
		}
	}
	out := make([][]string, len(classes))
	for i, k := range classes {
		fs := make([]string, 0, len(feats)+8)
		for _, f := range feats {
			fs = append(fs, k+"|"+f)
		}
		ss := src[k]
		if len(ss) == 0 {
			ss = []string{"src:none"}
		}
		for _, s := range ss {
			fs = append(fs, s)
			for _, kd := range kinds {
				fs = append(fs, s+"|"+kd)
			}
		}
		out[i] = fs
	}
	return out
}

// moneyRankL2: the L2 weight (DALIL_MONEYRANK_L2 overrides it).
var moneyRankL2 = 1e-2

func TestMoneyKeyRankCV(t *testing.T) {
	if v, err := strconv.ParseFloat(os.Getenv("DALIL_MONEYRANK_L2"), 64); err == nil {
		moneyRankL2 = v
	}
	if os.Getenv("DALIL_CV_MONEYRANK") == "" {
		t.Skip("set DALIL_CV_MONEYRANK to run (it reads every development document again)")
	}
	if testing.Short() {
		t.Skip("slow")
	}
	ex, st := keyCorpus(t, TypeMoney)
	classes := keyClasses(ex)
	ci := map[string]int{}
	for i, c := range classes {
		ci[c] = i
	}
	var rex []roleExample
	var kex []keyExample
	for _, e := range ex {
		if e.label == "" {
			continue
		}
		rex = append(rex, roleExample{set: e.set, doc: e.doc, value: e.value, cands: classes, feats: moneyRankFeats(e.feats, classes), label: ci[e.label], role: e.label, ruleRole: e.ruleKey})
		kex = append(kex, e)
	}
	var cv []keyCV
	for _, set := range keyModelSets {
		var train []roleExample
		var test []int
		for i, e := range rex {
			if e.set == set {
				test = append(test, i)
			} else {
				train = append(train, e)
			}
		}
		if len(test) == 0 {
			continue
		}
		m := fitRoleModel(train, moneyRankL2)
		for _, i := range test {
			e := rex[i]
			k, p := m.choose(e.feats)
			cv = append(cv, keyCV{set: set, doc: e.doc, value: e.value, feats: kex[i].feats, label: e.role, rule: e.ruleRole, pred: classes[k], p: p})
		}
	}
	t.Log("\n" + reportKeyCV(cv, st))
	t.Log("\n" + combinedByTau(cv, "heldout22", "heldout23"))
	fmt.Println(dumpMoneyKeyCV(cv, moneyKeyTauFloor))
}
