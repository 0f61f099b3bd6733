package invoiceanomaly

import "math"

// Scoring weights. See the package documentation and docs/invoice-anomaly.md.
// All arithmetic is in hundredths of a point, in integers, so the score is
// the same on every platform.
var severityPoints = map[string]int64{sevInfo: 0, sevLow: 5, sevMedium: 20, sevHigh: 35, sevCritical: 60}

// codePoints overrides severityPoints for codes whose severity alone
// under- or overstates them.
var codePoints = map[string]map[string]int64{
	CodeBankAccountChanged:   {sevHigh: 40, sevCritical: 70},
	CodePossibleDuplicate:    {sevHigh: 40},
	CodeSplitInvoice:         {sevHigh: 40},
	CodeMissingRequiredField: {sevLow: 3, sevMedium: 8},
}

const (
	capLowInfo       = 10 // all low and info anomalies together
	capMedium        = 45 // all medium anomalies together
	familyBonusEach  = 8  // per family beyond the first with a medium+ anomaly
	familyBonusMax   = 24
	correlationBonus = 10 // high+ payment anomaly with a medium+ duplicate, PO/contract or split one
)

// floors and ceilings by worst severity: a critical anomaly is always
// critical, a high one at least high; only-low findings stay low and
// only-medium findings stay below critical.
var (
	severityFloor   = map[string]int{sevInfo: 0, sevLow: 0, sevMedium: 15, sevHigh: 40, sevCritical: 65}
	severityCeiling = map[string]int{sevInfo: 14, sevLow: 14, sevMedium: 64, sevHigh: 100, sevCritical: 100}
)

// points returns an anomaly's points in hundredths: weight × confidence.
func points(a Anomaly) int64 {
	w := severityPoints[a.Severity]
	if o, ok := codePoints[a.Code][a.Severity]; ok {
		w = o
	}
	return w * int64(math.Round(a.Confidence*100))
}

// score computes the risk score, level and decision of sorted anomalies.
func score(as []Anomaly) (int, string, string, Scoring) {
	sc := Scoring{Breakdown: []ScoreItem{}, Method: scoringMethod}
	if len(as) == 0 {
		return 0, "low", "continue", sc
	}
	var low, med, big int64
	worst := sevInfo
	medFamilies := map[string]bool{}
	paymentHigh, correlated := false, false
	for _, a := range as {
		p := points(a)
		sc.Breakdown = append(sc.Breakdown, ScoreItem{Code: a.Code, Severity: a.Severity, Points: float64(p) / 100})
		r := severityRank[a.Severity]
		switch {
		case r <= 1:
			low += p
		case r == 2:
			med += p
		default:
			big += p
		}
		if r > severityRank[worst] {
			worst = a.Severity
		}
		fam := codeInfo[a.Code].family
		if r >= 2 {
			medFamilies[fam] = true
			if fam == famDuplicate || fam == famPOContract || fam == famSplit {
				correlated = true
			}
		}
		if r >= 3 && fam == famPayment {
			paymentHigh = true
		}
	}
	total := min(low, capLowInfo*100) + min(med, capMedium*100) + big
	sc.AnomalyPoints = float64(total) / 100
	if n := len(medFamilies); n > 1 {
		sc.FamilyBonus = min((n-1)*familyBonusEach, familyBonusMax)
	}
	if paymentHigh && correlated {
		sc.CorrelationBonus = correlationBonus
	}
	s := int((total + int64(sc.FamilyBonus+sc.CorrelationBonus)*100 + 50) / 100)
	sc.Floor, sc.Ceiling = severityFloor[worst], severityCeiling[worst]
	s = min(max(s, sc.Floor), sc.Ceiling, 100)
	level := levelOf(s)
	decision := "review"
	switch {
	case worst == sevCritical || level == "critical":
		decision = "hold"
	case level == "low":
		decision = "continue"
	}
	return s, level, decision, sc
}

// levelOf maps a score to its level: 0-14 low, 15-39 medium, 40-64 high,
// 65-100 critical.
func levelOf(s int) string {
	switch {
	case s >= 65:
		return "critical"
	case s >= 40:
		return "high"
	case s >= 15:
		return "medium"
	}
	return "low"
}

const scoringMethod = "points = weight x confidence (info 0, low 5, medium 20, high 35, critical 60; " +
	"BANK_ACCOUNT_CHANGED high 40 / critical 70, POSSIBLE_DUPLICATE and SPLIT_INVOICE_PATTERN high 40, MISSING_REQUIRED_FIELD low 3 / medium 8); " +
	"low+info capped at 10, medium at 45; +8 per extra family with a medium+ anomaly (max 24); +10 when a high+ payment anomaly meets a medium+ " +
	"duplicate, PO/contract or split one; floor and ceiling by worst severity; levels 0-14 low, 15-39 medium, 40-64 high, 65-100 critical; " +
	"any critical anomaly or critical level holds, low level continues, otherwise review."
