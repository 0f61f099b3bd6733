package documentfacts

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The money-key model's trainer and its leave-one-set-out
// cross-validation (moneymodel.go; docs/documents.md, "Issue 29, session
// 25: money keys by a learned model"), by the key models' shared pieces
// (keyCorpus, crossValidateKeys, trainKeyModel: datemodel_train_test.go,
// which says how to run them) over the amounts, τ at least
// moneyKeyTauFloor. The sets are the date trainer's (keyModelSets),
// named one by one there: never a glob of testdata.

// TestMoneyKeyCrossValidation prints the leave-one-set-out figures.
// DALIL_CV_MONEYKEYS_DUMP=1 adds every wrong key and the released sets'
// figures by τ.
func TestMoneyKeyCrossValidation(t *testing.T) {
	if os.Getenv("DALIL_CV_MONEYKEYS_DUMP") == "" {
		logKeyCV(t, TypeMoney)
		return
	}
	keyModelEnv(t, keyModelSpecs[TypeMoney].env, true)
	ex, st := keyCorpus(t, TypeMoney)
	cv := crossValidateKeys(ex, keyClasses(ex), keyModelL2[TypeMoney])
	t.Log("\n" + reportKeyCV(cv, st))
	t.Log("\n" + dumpMoneyKeyCV(cv, moneyKeyTauFloor))
	t.Log("\n" + combinedByTau(cv, "heldout22", "heldout23"))
}

// combinedByTau: for each set named (the released sets no rule was
// written from) and τ, the amounts keyed right when the model's key is
// taken at p ≥ τ and the rules' otherwise.
func combinedByTau(cv []keyCV, sets ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-10s %5s %6s", "set", "n", "rules")
	for _, tau := range keyModelTaus {
		fmt.Fprintf(&b, " %6.2f", tau)
	}
	b.WriteString("\n")
	for _, set := range sets {
		n, rok := 0, 0
		ok := make([]int, len(keyModelTaus))
		for _, r := range cv {
			if r.set != set || r.label == "" {
				continue
			}
			n++
			if sameKey(r.label, r.rule) {
				rok++
			}
			for i, tau := range keyModelTaus {
				k := r.rule
				if r.p >= tau {
					k = r.pred
				}
				if sameKey(r.label, k) {
					ok[i]++
				}
			}
		}
		fmt.Fprintf(&b, "%-10s %5d %6d", set, n, rok)
		for _, v := range ok {
			fmt.Fprintf(&b, " %6d", v)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// dumpMoneyKeyCV lists the cross-validation's wrong keys, one a line:
// the set, document, value, label, the combined key (the model's at
// p ≥ tau, else the rules') and the model's with its p, and the
// amount's context features (DALIL_CV_MONEYKEYS_DUMP=1). A line starts
// "C" when the combined key is wrong, "M" when only the model's is.
func dumpMoneyKeyCV(cv []keyCV, tau float64) string {
	var b strings.Builder
	for _, r := range cv {
		if r.label == "" {
			continue
		}
		comb := r.rule
		if r.p >= tau {
			comb = r.pred
		}
		mark := ""
		switch {
		case !sameKey(r.label, comb):
			mark = "C"
		case !sameKey(r.label, r.pred):
			mark = "M"
		default:
			continue
		}
		var ctx []string
		for _, f := range r.feats {
			for _, p := range []string{"b:", "n:", "a:", "h:", "r:", "cue:", "s:", "totalrow", "lastrow", "inwords", "pct", "per", "cell", "lead", "t:"} {
				if strings.HasPrefix(f, p) {
					ctx = append(ctx, f)
					break
				}
			}
		}
		fmt.Fprintf(&b, "%s %s %s %q label=%s comb=%s rule=%s model=%s p=%.2f | %s\n", mark, r.set, r.doc, r.value, r.label, comb, r.rule, r.pred, r.p, strings.Join(ctx, " "))
	}
	return b.String()
}

// TestTrainMoneyKeyModel cross-validates, chooses τ from the
// cross-validation (at least moneyKeyTauFloor), trains on every development set and writes
// moneykeys.model.
func TestTrainMoneyKeyModel(t *testing.T) { trainKeyModel(t, TypeMoney) }
