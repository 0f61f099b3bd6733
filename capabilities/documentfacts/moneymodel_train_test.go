package documentfacts

import "testing"

// The money-key model's trainer and its leave-one-set-out
// cross-validation (moneymodel.go; docs/documents.md, "Issue 29, session
// 25: money keys by a learned model"), by the key models' shared pieces
// (keyCorpus, crossValidateKeys, trainKeyModel: datemodel_train_test.go,
// which says how to run them) over the amounts, τ at least
// moneyKeyTauFloor. The sets are the date trainer's (keyModelSets),
// named one by one there: never a glob of testdata.

// TestMoneyKeyCrossValidation prints the leave-one-set-out figures.
func TestMoneyKeyCrossValidation(t *testing.T) { logKeyCV(t, TypeMoney) }

// TestTrainMoneyKeyModel cross-validates, chooses τ from the
// cross-validation (at least moneyKeyTauFloor), trains on every development set and writes
// moneykeys.model.
func TestTrainMoneyKeyModel(t *testing.T) { trainKeyModel(t, TypeMoney) }
