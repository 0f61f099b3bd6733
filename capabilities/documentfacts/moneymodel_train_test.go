package documentfacts

import "testing"

// The money-key model's trainer and its leave-one-set-out
// cross-validation (moneymodel.go; docs/documents.md, "Issue 29, session
// 25: money keys by a learned model"), by the key models' shared pieces
// (keyCorpus, crossValidateKeys, trainKeyModel: datemodel_train_test.go)
// over the amounts, τ at least moneyKeyTauFloor.
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

// TestMoneyKeyCrossValidation prints the leave-one-set-out figures.
func TestMoneyKeyCrossValidation(t *testing.T) {
	keyModelEnv(t, "DALIL_CV_MONEYKEYS", "DALIL_TRAIN_MONEYKEYS")
	if testing.Short() {
		t.Skip("slow")
	}
	logKeyCV(t, TypeMoney)
}

// TestTrainMoneyKeyModel cross-validates, chooses τ from the
// cross-validation (at least moneyKeyTauFloor), trains on every development set and writes
// moneykeys.model.
func TestTrainMoneyKeyModel(t *testing.T) {
	keyModelEnv(t, "DALIL_TRAIN_MONEYKEYS")
	trainKeyModel(t, TypeMoney)
}
