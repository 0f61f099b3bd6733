package documentfacts

import (
	"context"
	"strings"
	"testing"
)

// moneyTestFact is an amount as the extractor gives it.
func moneyTestFact(value string, amount float64, cur string) Fact {
	return Fact{Type: TypeMoney, Value: value, Amount: &amount, Currency: cur}
}

func TestMoneyKeyFeatures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lines  []string
		value  string
		amount float64
		cur    string
		want   []string
		not    []string
	}{
		{"label on the line", []string{"Contract Price: OMR 48,500.000"}, "OMR 48,500.000", 48500, "OMR",
			[]string{"b:contract", "bb:contract_price", "n1:price", "cue:contract_value", "cur:OMR", "mag:4", "t:contract", "same:1", "nth:1"}, []string{"lead", "table", "pct"}},
		{"bounded window", []string{"Xyzzy " + strings.Repeat("lorem ", 40) + "the deposit is OMR 900"}, "OMR 900", 900, "OMR",
			[]string{"b:deposit", "n1:is", "cue:security_deposit", "mag:2"}, []string{"b:xyzzy", "w:xyzzy"}},
		{"label on the line above", []string{"Performance Bond:", "USD 12,000"}, "USD 12,000", 12000, "USD",
			[]string{"lead", "b:performance", "n1:bond", "cue:performance_bond", "cur:USD"}, nil},
		{"a table cell", []string{"Item | Qty | Unit Price | Amount", "Cement bags | 40 | 2.500 | 100.000", "Grand total | - | - | 1,100.000"}, "1,100.000", 1100, "OMR",
			[]string{"table", "cell", "h:amount", "r:grand", "r:total", "totalrow", "lastrow", "mag:3"}, []string{"h:unit", "h:item", "b:cement"}},
		{"a row's first cell, not the last row", []string{"Item | Qty | Unit Price | Amount", "Cement bags | 40 | 2.500 | 100.000", "Grand total | - | - | 1,100.000"}, "2.500", 2.5, "OMR",
			[]string{"table", "h:unit", "h:price", "r:cement", "r:bags", "mag:0"}, []string{"totalrow", "lastrow"}},
		{"words after, a unit, in words", []string{"The rent is OMR 450 per month (Four hundred fifty Omani Rials)."}, "OMR 450", 450, "OMR",
			[]string{"a:per", "a:month", "a1:per", "per", "cue:rent"}, []string{"inwords"}},
		{"written in words", []string{"The Buyer pays USD 5,000 (five thousand US dollars) on signing."}, "USD 5,000", 5000, "USD",
			[]string{"inwords", "a1:five"}, []string{"per"}},
		{"a defined term is no words", []string{"The Buyer accepts OMR 9,000 (the \"Settlement Amount\") in full."}, "OMR 9,000", 9000, "OMR",
			[]string{"a:the", "a:settlement"}, []string{"inwords", "cell", "table"}},
		{"a percentage after it", []string{"Retention of OMR 2,000 being 5% of the price"}, "OMR 2,000", 2000, "OMR",
			[]string{"pct", "b:retention"}, nil},
		{"the nearest heading", []string{"# Liquidated Damages", "The Supplier pays OMR 100 for each day of delay."}, "OMR 100", 100, "OMR",
			[]string{"s:liquidated", "s:damages", "a1:for", "a:each"}, nil},
		{"Arabic", []string{"قيمة العقد: 25,000 ريال عماني"}, "25,000 ريال عماني", 25000, "OMR",
			[]string{"b:قيمة", "b:العقد", "b:عقد", "n1:عقد", "cue:contract_value", "ar", "cur:OMR"}, nil},
	} {
		checkFeatsAt(t, tc.name, tc.lines, tc.value, tc.want, tc.not, func(d *keyDoc, start, end int) []string {
			return moneyFeatures(d, start, end, moneyTestFact(tc.value, tc.amount, tc.cur), 0, 1)
		})
	}
}

// TestMoneyKeyFeaturesOneLine: a document of one 190 KB line with a
// thousand amounts: each amount's features read a bounded window and
// stay few (checkFeaturesOneLine).
func TestMoneyKeyFeaturesOneLine(t *testing.T) {
	checkFeaturesOneLine(t, " the monthly fee is ", "OMR 1,250.500", "b:fee", func(d *keyDoc, start, end, i, n int) []string {
		return moneyFeatures(d, start, end, moneyTestFact("OMR 1,250.500", 1250.5, "OMR"), i, n)
	})
}

// TestMoneyKeyModelInvented: the embedded model keys amounts of invented
// documents (written for this test, from no corpus) as a reader would.
func TestMoneyKeyModelInvented(t *testing.T) {
	for _, tc := range []struct {
		text string
		want map[string]string
	}{
		{"SHOP LEASE AGREEMENT\n\nThe monthly rent is OMR 650.000 payable in advance.\n" +
			"The Tenant pays a security deposit of OMR 1,300.000 on signing.\n",
			map[string]string{"650 OMR": "rent", "1300 OMR": "security_deposit"}},
		{"TAX INVOICE\nInvoice No: INV-9120\nSubtotal: OMR 2,000.000\nVAT 5%: OMR 100.000\nTotal amount due: OMR 2,100.000\n",
			map[string]string{"2000 OMR": "subtotal", "100 OMR": "tax_amount", "2100 OMR": "total_amount"}},
		{"INVITATION TO TENDER\nTender No. 51/2027, road lighting works\nTender document fee: OMR 75\n" +
			"Each bid shall be accompanied by a bid bond of OMR 4,000.\n",
			map[string]string{"75 OMR": "tender_fee", "4000 OMR": "bid_bond"}},
		{"EMPLOYMENT OFFER\nYour basic salary will be OMR 1,150 per month, with a housing allowance of OMR 200 per month.\n",
			map[string]string{"1150 OMR": "salary", "200 OMR": "allowance"}},
		{"عقد توريد\nقيمة العقد الإجمالية 36,000 ريال عماني.\nيقدم المورد ضمان حسن التنفيذ بمبلغ 3,600 ريال عماني.\n",
			map[string]string{"36000 OMR": "contract_value", "3600 OMR": "performance_bond"}},
	} {
		checkModelKeys(t, TypeMoney, tc.text, tc.want)
	}
}

// TestMoneyKeyModelLabels: where the model re-keys an amount its label
// goes with the new key (moneyLabel), as the rules' rounds set it.
func TestMoneyKeyModelLabels(t *testing.T) {
	texts := []string{
		"SHOP LEASE AGREEMENT\n\nThe monthly rent is OMR 650.000 payable in advance.\nThe Tenant pays a security deposit of OMR 1,300.000 on signing.\n",
		"TAX INVOICE\nInvoice No: INV-9120\nSubtotal: OMR 2,000.000\nVAT 5%: OMR 100.000\nTotal amount due: OMR 2,100.000\n",
		"INVITATION TO TENDER\nTender document fee: OMR 75\nEach bid shall be accompanied by a bid bond of OMR 4,000.\n",
	}
	for _, text := range texts {
		out, err := Handle(context.Background(), Deps{}, Input{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range out.Facts {
			if f.Type == TypeMoney && f.Label != moneyLabel(f.Key) && !moneyRuleLabel(f) {
				t.Errorf("%s %q: label %q, key's label %q", f.Key, f.Value, f.Label, moneyLabel(f.Key))
			}
		}
	}
}

// moneyRuleLabel: a label some rule gives a key besides moneyLabel's
// (an instalment or a balance is an "amount" labelled so).
func moneyRuleLabel(f Fact) bool {
	for _, c := range moneyCues {
		if c.key == f.Key && c.label == f.Label {
			return true
		}
	}
	return false
}
