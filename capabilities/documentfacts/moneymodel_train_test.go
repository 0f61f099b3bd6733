package documentfacts

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The money-key model's trainer and its leave-one-set-out
// cross-validation (moneymodel.go; docs/documents.md, "Issue 29, session
// 25: money keys by a learned model"). It calls the date model's generic
// pieces (fitKeyModel, crossValidateKeys, chooseKeyTau,
// reportKeyCV, formatKeyModel: datemodel_train_test.go) on the
// amounts' examples; only the labelling is money's own.
//
// Retrain (writes moneykeys.model, prints the cross-validation first):
//
//	DALIL_TRAIN_MONEYKEYS=1 go test -p 1 ./capabilities/documentfacts -run TestTrainMoneyKeyModel -v
//
// Cross-validation alone:
//
//	DALIL_CV_MONEYKEYS=1 go test -p 1 ./capabilities/documentfacts -run TestMoneyKeyCrossValidation -v
//
// Both read every development document again, so both skip without
// their variable. The sets are the date trainer's (keyModelSets), named
// one by one there: never a glob of testdata.

// moneyKeyCorpus extracts every development document with the model off
// (moneyKeyTap) and labels each normalised amount by the keys its
// document's .want gives its value and currency ("money | <key> |
// <amount> <CUR>"): one key, an example; several keys for one value (a
// rent that is also the deposit, an advance equal to a bond) are left
// out of training and scored apart, as the date trainer does (which
// occurrence is which the labels do not say; guessing by order would
// teach the model the guess); a value not labelled is no key example.
func moneyKeyCorpus(t *testing.T) ([]keyExample, keyStats) {
	t.Helper()
	var ex []keyExample
	var st keyStats
	defer func() { moneyKeyTap = nil }()
	for _, set := range keyModelSets {
		for _, d := range loadEvalCorpus(t, "testdata/"+set, 1) {
			keys := map[string][]string{}
			for _, w := range d.want {
				if w.typ != "money" || len(w.fields) < 2 {
					continue
				}
				k, v := w.fields[0], w.fields[1]
				if !containsString(keys[v], k) {
					keys[v] = append(keys[v], k)
				}
			}
			var items []moneyKeyItem
			moneyKeyTap = func(it []moneyKeyItem) { items = append(items, it...) }
			extractAll(renderEval(t, d.dir, d.name), source{kind: "text"}, Input{})
			moneyKeyTap = nil
			for _, it := range items {
				st.dates++
				ks := keys[it.value]
				switch len(ks) {
				case 0:
					st.unlabelled++
					continue
				case 1:
				default:
					st.ambiguous++
					ex = append(ex, keyExample{set: set, doc: d.name, feats: it.feats, alts: ks, ruleKey: it.ruleKey})
					continue
				}
				st.examples++
				ex = append(ex, keyExample{set: set, doc: d.name, feats: it.feats, label: ks[0], ruleKey: it.ruleKey})
			}
		}
	}
	return ex, st
}

// moneyReport is reportKeyCV's table, its words said of amounts.
func moneyReport(cv []keyCV, st keyStats) string {
	r := reportKeyCV(cv, st)
	r = strings.Replace(r, "dates ", "amounts ", 1)
	return strings.Replace(r, "(left out)", "(left out of training)", 1)
}

// TestMoneyKeyCrossValidation prints the leave-one-set-out figures.
func TestMoneyKeyCrossValidation(t *testing.T) {
	keyModelEnv(t, "DALIL_CV_MONEYKEYS", "DALIL_TRAIN_MONEYKEYS")
	if testing.Short() {
		t.Skip("slow")
	}
	ex, st := moneyKeyCorpus(t)
	cv := crossValidateKeys(ex, keyClasses(ex))
	t.Log("\n" + moneyReport(cv, st))
	t.Logf("τ by the rule (smallest p whose cross-validated accuracy at or above it is ≥ %.2f): %v", keyModelMinTau, chooseKeyTau(cv))
}

// TestTrainMoneyKeyModel cross-validates, chooses τ from the
// cross-validation, trains on every development set and writes
// moneykeys.model.
func TestTrainMoneyKeyModel(t *testing.T) {
	keyModelEnv(t, "DALIL_TRAIN_MONEYKEYS")
	ex, st := moneyKeyCorpus(t)
	classes := keyClasses(ex)
	cv := crossValidateKeys(ex, classes)
	tau := max(chooseKeyTau(cv), moneyKeyTauFloor)
	t.Log("\n" + moneyReport(cv, st))
	t.Logf("τ = %v", tau)
	m := fitKeyModel(ex, classes)
	m.tau = tau
	text := formatKeyModel(m, st.examples, "TestTrainMoneyKeyModel", "amount")
	// The format is the date model's; its comment says what was trained.
	_, rest, _ := strings.Cut(text, "\n# trained by")
	_, rest, _ = strings.Cut(rest, "\n")
	text = fmt.Sprintf("dalil-datekeys 1\n# the money-key model (moneymodel.go), trained by TestTrainMoneyKeyModel\n# (moneymodel_train_test.go) on %d amounts of %d development sets;\n", st.examples, len(keyModelSets)) + rest
	if err := os.WriteFile("moneykeys.model", []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("moneykeys.model: %d bytes, %d features", len(text), len(m.weights))
}
