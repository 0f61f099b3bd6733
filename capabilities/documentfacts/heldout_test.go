package documentfacts

import (
	"os"
	"testing"
)

// heldOutFloors (strict precision, recall): just under the figures
// measured after the general fixes that the first run showed were needed
// (docs/documents.md has both runs' figures). The first run, before any
// fix, is the measure of how the rules carry over: party 0.84/0.80, date
// 0.83/0.83, money 0.81/0.81, obligation 0.79/0.61, requirement
// 0.67/0.67, deadline 1.00/0.94.
var heldOutFloors = map[string][2]float64{
	"party":      {0.95, 0.90},
	"date":       {0.85, 0.85}, // session 12: two generic dates given a key (expiry, delivery)
	"money":      {0.95, 0.95},
	"obligation": {0.85, 0.85},
	// An ISO certificate is technical here, compliance in the later
	// guideline; a local support office technical here; the successful
	// bidder's performance bond no requirement here, a financial one in
	// the later guideline (session 13: 0.77 / 0.83).
	"requirement": {0.75, 0.80},
	// Session 16's key specification gives an offer's validity and a
	// notice to end the contract no deadline line; this set, labelled
	// before, has one (1.00/0.97 -> 1.00/0.94).
	"deadline": {0.95, 0.92},
}

// TestHeldOut scores the held-out documents (testdata/heldout: written
// and annotated from the eval corpus's guideline after the extractor was
// tuned on that corpus, committed before it was run on them).
func TestHeldOut(t *testing.T) {
	scoreCorpus(t, loadEvalCorpus(t, "testdata/heldout", 8), heldOutFloors)
}

// heldOut2Floors (strict precision, recall): just under the run after
// session 11's rules (docs/documents.md has the runs before and after
// each round). They only keep later changes from making it worse; the
// deadline precision fell from 0.92 to 0.90 in that round (one more
// Arabic deadline found that is not one) while every other type rose.
var heldOut2Floors = map[string][2]float64{
	"party":       {0.65, 0.57},
	"date":        {0.69, 0.65},
	"money":       {0.75, 0.65},
	"obligation":  {0.92, 0.87},
	"requirement": {0.14, 0.12},
	"deadline":    {0.85, 0.84}, // session 12: 0.90/0.66 -> 0.87/0.87
	"law":         {0.95, 0.72},
	"duration":    {0.78, 0.72},
}

// TestHeldOut2 scores the second held-out set (testdata/heldout2), written
// and annotated by a writer who had not read the extractor's rules, kept
// from the rules' writer until it was scored: it prints precision and
// recall per type and language, strict and loose. Without the directory
// it is skipped.
func TestHeldOut2(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout2", 18, heldOut2Floors)
}

// heldOut3Floors (strict precision, recall): just under the first run
// after session 11's rules, which were written without the set (before
// them: party 0.58/0.42, date 0.66/0.66, money 0.53/0.35, obligation
// 0.85/0.85, duration 0.71/0.68). They only keep later changes from
// making it worse; the set is measured, never tuned on.
var heldOut3Floors = map[string][2]float64{
	"party":       {0.92, 0.85},
	"date":        {0.90, 0.91},
	"money":       {0.87, 0.90},
	"obligation":  {0.90, 0.91},
	"requirement": {0.95, 0.80},
	"deadline":    {0.84, 0.81},
	"law":         {0.95, 0.86},
	"duration":    {0.76, 0.84},
}

// TestHeldOut3 scores the third held-out set (testdata/heldout3: 20
// documents, 619 facts), written by a writer who had read neither the
// rules nor the other corpora, committed before any rule ran on it. It
// prints precision and recall per type and language, strict and loose.
// go test ./capabilities/documentfacts -run HeldOut3 -v
func TestHeldOut3(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout3", 20, heldOut3Floors)
}

// heldOut4Floors (strict precision, recall): just under the run after
// session 12's two rounds of rules, written on testdata/dev4 without this
// set (before them: party 0.64/0.53, date 0.58/0.51, money 0.78/0.76,
// obligation 0.76/0.70, deadline 0.96/0.54, duration 0.68/0.60). They only
// keep later changes from making it worse; the set is measured, never
// tuned on.
var heldOut4Floors = map[string][2]float64{
	"party":       {0.76, 0.75},
	"date":        {0.81, 0.82},
	"money":       {0.81, 0.81},
	"obligation":  {0.88, 0.83},
	"requirement": {0.95, 0.40},
	"deadline":    {0.92, 0.75},
	"law":         {0.95, 0.78},
	"duration":    {0.75, 0.68},
}

// TestHeldOut4 scores the fourth held-out set (testdata/heldout4: 20
// documents, 705 facts), written by a writer who had read neither the
// rules nor the other corpora, committed before any rule ran on it. It
// prints precision and recall per type and language, strict and loose.
// go test ./capabilities/documentfacts -run HeldOut4 -v
func TestHeldOut4(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout4", 20, heldOut4Floors)
}

// heldOut5Floors (strict precision, recall): just under the run after
// session 13's three rounds (7a-7c, made without this set). Before them:
// party 0.88/0.81, date 0.75/0.75, money 0.81/0.81, obligation 0.87/0.79,
// requirement 0.32/0.31, deadline 0.92/0.86, law 1.00/1.00, duration
// 0.74/0.79 (docs/documents.md). They keep later changes from making it
// worse. Session 14 demoted the set to development data for the keys of
// dates, money and durations (round 8c fixed them by the guideline: date
// 0.75/0.75 -> 0.78/0.79, money 0.81/0.81 -> 0.93/0.93, duration
// 0.76/0.84 -> 0.85/0.97); their floors are just under those figures. Its
// other types are still measured, never tuned on.
var heldOut5Floors = map[string][2]float64{
	"party":       {0.91, 0.89},
	"date":        {0.78, 0.82},
	"money":       {0.91, 0.91},
	"obligation":  {0.92, 0.87},
	"requirement": {0.94, 0.90},
	"deadline":    {0.90, 0.87},
	"law":         {0.97, 0.97},
	"duration":    {0.84, 0.95},
}

// TestHeldOut5 scores the fifth held-out set (testdata/heldout5, README
// there), written in session 13 by a writer who had read neither the
// rules nor the other corpora, and scored once on the rules as they stood
// before that session's rounds, then once after them.
// go test ./capabilities/documentfacts -run HeldOut5 -v
func TestHeldOut5(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout5", 15, heldOut5Floors)
}

// heldOut6Floors (strict precision, recall): just under its first
// scoring, on session 13's rules before any round of session 14 was merged
// (docs/documents.md, "Issue 29, session 14"); party and obligation two
// points under their figures after session 15's rounds (party, date,
// money, obligation where they rose).
// They keep later changes from making it worse; the set is measured,
// never tuned on.
var heldOut6Floors = map[string][2]float64{
	"party":       {0.85, 0.77},
	"date":        {0.65, 0.68},
	"money":       {0.77, 0.71},
	"obligation":  {0.81, 0.80}, // round 16 (obligation_conventions.go): 0.829/0.823
	"requirement": {0.78, 0.68}, // round 16: 0.808/0.700
	// Session 16's key specification gives an offer's validity and a
	// notice to end the contract no deadline line (round 14's cc15919:
	// 0.877/0.930 -> 0.889/0.880 on labels written before it).
	"deadline": {0.85, 0.91}, // session 17: labels mapped to the session 16 rows, 0.870/0.935
	"law":      {0.92, 0.98}, // round 15 (governinglaw_families.go): 0.947/1.000
	"duration": {0.64, 0.75},
}

// TestHeldOut6 scores the sixth held-out set (testdata/heldout6, README
// there), written in session 14 by a writer who had read neither the rules
// nor the other corpora's documents, with issue 29's key specification in
// hand.
// go test ./capabilities/documentfacts -run HeldOut6 -v
func TestHeldOut6(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout6", 20, heldOut6Floors)
}

// heldOut7Floors (strict precision, recall): just under its first
// scoring, on the rules after rounds 8a-8c and before round 9
// (docs/documents.md, "Issue 29, session 14"); party and obligation two
// points under their figures after session 15's rounds (party, date,
// money, obligation where they rose).
// They keep later changes from making it worse; the set is measured,
// never tuned on.
var heldOut7Floors = map[string][2]float64{
	"party":       {0.79, 0.76},
	"date":        {0.83, 0.77}, // round 15 (key_bare_currency_rows.go): 0.852/0.793
	"money":       {0.71, 0.71}, // round 11 (key_clause_context.go) took it from 0.786 to 0.735
	"obligation":  {0.75, 0.75}, // round 16: 0.776/0.776
	"requirement": {0.84, 0.88}, // round 16: 0.864/0.905
	"deadline":    {0.83, 0.87},
	"law":         {0.98, 0.98}, // round 15 (governinglaw_families.go): 1.000/1.000
	"duration":    {0.74, 0.62},
}

// TestHeldOut7 scores the seventh held-out set (testdata/heldout7, README
// there), written in session 14 by a writer who had read neither the rules
// nor the other corpora's documents, with the key specification in hand.
// go test ./capabilities/documentfacts -run HeldOut7 -v
func TestHeldOut7(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout7", 20, heldOut7Floors)
}

// scoreHeldOut scores a held-out set of at least least documents against
// its floors, and skips where the set is not in the tree.
func scoreHeldOut(t *testing.T, dir string, least int, floors map[string][2]float64) {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s is absent: that held-out set is not in this tree", dir)
	}
	scoreCorpus(t, loadEvalCorpus(t, dir, least), floors)
}

// heldOut8Floors (strict precision, recall): two points under its first
// scoring, on main at 5b05118, before session 15's rounds (docs/documents.md,
// "Issue 29, session 15"). Measured, never tuned on. It has no requirement:
// none of its documents is a tender or a specification. Round 11 of session
// 15 developed on it for parties and obligations (docs/documents.md, "round
// 11, parties and obligations from heldout8"): their floors are two points
// under that round's figures (party 0.98/0.99, obligation 0.98/0.98); the
// keys round 11 developed on it for dates, money and durations. The set is
// no longer held out for those five types.
var heldOut8Floors = map[string][2]float64{
	"party":      {0.96, 0.97},
	"date":       {0.92, 0.93}, // round 11 (key_clause_context.go): 0.944/0.958
	"money":      {0.85, 0.90}, // round 11: 0.872/0.925
	"obligation": {0.96, 0.95},
	"deadline":   {0.96, 0.94},
	"law":        {0.93, 0.98},
	"duration":   {0.88, 0.89}, // round 11: 0.903/0.918
}

// TestHeldOut8 scores the eighth held-out set (testdata/heldout8, README
// there), written in session 15 by a writer who had read neither the rules
// nor the other corpora's documents, with the key specification in hand.
// go test ./capabilities/documentfacts -run HeldOut8 -v
func TestHeldOut8(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout8", 20, heldOut8Floors)
}

// heldOut9Floors (strict precision, recall): two points under its first
// scoring, on main at 1da66af (session 15, after round 10, before round
// 11; docs/documents.md, "Issue 29, session 15"). Round 12 developed on
// it for every type but law (key_hire_sign_blocks.go; "round 12, requirements and
// parties from heldout9"): those floors sit two points under round 12's
// figures, and the set is no longer held out for them.
var heldOut9Floors = map[string][2]float64{
	"party":       {0.88, 0.74},
	"date":        {0.81, 0.82},
	"money":       {0.81, 0.82},
	"obligation":  {0.92, 0.89},
	"requirement": {0.89, 0.86},
	"deadline":    {0.88, 0.96},
	"law":         {0.92, 0.92},
	"duration":    {0.83, 0.78},
}

// TestHeldOut9 scores the ninth held-out set (testdata/heldout9, README
// there), written in session 15 by a writer who had read neither the rules
// nor the other corpora's documents, with the key specification in hand.
// go test ./capabilities/documentfacts -run HeldOut9 -v
func TestHeldOut9(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout9", 20, heldOut9Floors)
}

// heldOut10Floors (strict precision, recall): two points under its first
// scoring, on main after session 15's rounds 10 and 11 and before round 12
// (docs/documents.md, "Issue 29, session 15"); requirement and obligation
// two points under their figures after round 12. Round 13 developed on it
// for every type but law (docs/documents.md, "round 13"): those floors sit
// two points under round 13's figures, and the set is no longer held out.
var heldOut10Floors = map[string][2]float64{
	"party":       {0.88, 0.83},
	"date":        {0.70, 0.71},
	"money":       {0.85, 0.86},
	"obligation":  {0.85, 0.83},
	"requirement": {0.89, 0.71},
	"deadline":    {0.89, 0.89},
	"law":         {0.98, 0.83},
	"duration":    {0.74, 0.74},
}

// TestHeldOut10 scores the tenth held-out set (testdata/heldout10, README
// there), written in session 15 by a writer who had read neither the rules
// nor the other corpora's documents, with the key specification in hand.
// go test ./capabilities/documentfacts -run HeldOut10 -v
func TestHeldOut10(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout10", 20, heldOut10Floors)
}

// heldOut11Floors (strict precision, recall): two points under its first
// scoring, on main after session 15's rounds 10-12 and before round 13
// (docs/documents.md, "Issue 29, session 15"). Round 14 (session 16)
// developed on it, so every floor but law's sits two points under round
// 14's figures (docs/documents.md, "round 14, keys from heldout11" and
// "round 14, parties, obligations and requirements from heldout11").
var heldOut11Floors = map[string][2]float64{
	"party":       {0.98, 0.96},
	"date":        {0.94, 0.95}, // round 14 (key_rows_day_ranges.go, session 16): 0.961/0.973
	"money":       {0.89, 0.94}, // round 14: 0.915/0.960
	"obligation":  {0.94, 0.92},
	"requirement": {0.96, 0.98}, // round 16 (requirement_conventions.go): 1.000/1.000
	"deadline":    {0.96, 0.96}, // round 14: 0.988/0.988
	"law":         {0.93, 0.98},
	"duration":    {0.93, 0.95}, // round 14: 0.957/0.978
}

// TestHeldOut11 scores the eleventh held-out set (testdata/heldout11,
// README there), written in session 15 by a writer who had read neither
// the rules nor the other corpora's documents, with the key specification
// in hand.
// go test ./capabilities/documentfacts -run HeldOut11 -v
func TestHeldOut11(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout11", 20, heldOut11Floors)
}

// heldOut12Floors (strict precision, recall): two points under its first
// scoring, on main after session 15 and before session 16's round 14
// (docs/documents.md, "Issue 29, session 16"). Round 15 of session 17
// developed on it for every type but law: for parties, obligations and
// requirements (docs/documents.md, "round 15, parties, obligations and
// requirements from heldout12"; party 0.967/0.967, obligation
// 0.928/0.913, requirement 0.986/0.933) and for dates, money, deadlines
// and durations (key_bare_currency_rows.go; date 0.949/0.961, money 0.951/0.983, deadline
// 0.989/0.979, duration 0.967/1.000). Their floors are two points under
// those figures, and the set no longer measures their carry-over.
var heldOut12Floors = map[string][2]float64{
	"party":       {0.94, 0.94},
	"date":        {0.93, 0.94},
	"money":       {0.93, 0.96},
	"obligation":  {0.90, 0.89},
	"requirement": {0.96, 0.91},
	"deadline":    {0.96, 0.96},
	"law":         {0.98, 0.98},
	"duration":    {0.95, 0.98},
}

// TestHeldOut12 scores the twelfth held-out set (testdata/heldout12,
// README there), written in session 16 by a writer who had read neither
// the rules nor the other corpora's documents, with the key specification
// (and its session 16 rows) in hand.
// go test ./capabilities/documentfacts -run HeldOut12 -v
func TestHeldOut12(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout12", 20, heldOut12Floors)
}

// heldOut13Floors (strict precision, recall): two points under its first
// scoring, on main after session 16 and before session 17's round 15
// (docs/documents.md, "Issue 29, session 17"). Measured, never tuned on.
var heldOut13Floors = map[string][2]float64{
	"party":       {0.80, 0.76},
	"date":        {0.73, 0.73},
	"money":       {0.81, 0.81},
	"obligation":  {0.77, 0.65},
	"requirement": {0.61, 0.48}, // round 15: 0.631/0.506
	"deadline":    {0.90, 0.89},
	"law":         {0.92, 0.87}, // round 15 (governinglaw_families.go): 0.944/0.895
	"duration":    {0.78, 0.82},
}

// TestHeldOut13 scores the thirteenth held-out set (testdata/heldout13,
// README there), written in session 17 by a writer who had read neither
// the rules nor the other corpora's documents, with the key specification
// (and its session 16 rows) in hand.
// go test ./capabilities/documentfacts -run HeldOut13 -v
func TestHeldOut13(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout13", 20, heldOut13Floors)
}

// lawProbeFloors (strict precision, recall of the governing law only):
// the probe (testdata/lawprobe, README there) was written blind in
// session 17 as development data for the law rules of round 15; its
// floors sit under its first scoring, before that round, then under the
// figure after round 15, which developed on it (so it measures nothing
// unseen any more).
var lawProbeFloors = map[string][2]float64{
	"law": {0.98, 0.98}, // first scoring (cbc53b6): 1.000/0.933; round 15 (h-law15): 1.000/1.000
}

// TestLawProbe scores the governing-law probe: 40 short documents, 28
// choosing a law in many wordings and 12 choosing none beside the
// distractors a careless rule reads as one (a court or seat alone, a
// statute cited, a party's incorporation).
// go test ./capabilities/documentfacts -run LawProbe -v
func TestLawProbe(t *testing.T) {
	scoreHeldOut(t, "testdata/lawprobe", 40, lawProbeFloors)
}

// reqProbeFloors and oblProbeFloors (strict precision, recall of one type):
// the probes (testdata/reqprobe, testdata/oblprobe, READMEs there) were
// written blind in session 17 as development data for round 15's
// requirement and obligation families. Until a probe is scored its map is
// empty and the test only prints it.
var (
	reqProbeFloors = map[string][2]float64{
		// first scoring (168993b): 0.487/0.442; round 15's requirement
		// families (h-req15f) developed on it: 0.608/0.507, floors two
		// points under that; its second pass (h-req15g): 0.752/0.619,
		// floors two points under that; round 16's structures (h-req16):
		// 0.947/0.912, floors two points under that.
		"requirement": {0.92, 0.89},
	}
	oblProbeFloors = map[string][2]float64{
		// first scoring (c20b41e): 0.831/0.736; round 15 (h-obl15f) developed
		// on it, 0.971/0.954: two points under, it measures fitting now.
		"obligation": {0.95, 0.93},
	}
)

// TestReqProbe scores the requirement probe: 30 requirement documents in
// the structures and wordings issuers use. Only its requirement row counts.
// go test ./capabilities/documentfacts -run ReqProbe -v
func TestReqProbe(t *testing.T) {
	scoreHeldOut(t, "testdata/reqprobe", 30, reqProbeFloors)
}

// TestOblProbe scores the obligation probe: 30 contracts, letters and
// policies in the wordings drafters use for a duty and whom it binds.
// Only its obligation row counts.
// go test ./capabilities/documentfacts -run OblProbe -v
func TestOblProbe(t *testing.T) {
	scoreHeldOut(t, "testdata/oblprobe", 30, oblProbeFloors)
}

// heldOut14Floors (strict precision, recall): two points under its first
// scoring, on main after session 17 and before session 18's round 16
// (docs/documents.md, "Issue 29, session 18"). Measured, never tuned on.
var heldOut14Floors = map[string][2]float64{
	"party":       {0.70, 0.69},
	"date":        {0.70, 0.71},
	"money":       {0.81, 0.83},
	"obligation":  {0.64, 0.62},
	"requirement": {0.83, 0.68},
	"deadline":    {0.90, 0.88},
	"law":         {0.98, 0.98},
	"duration":    {0.69, 0.75},
}

// TestHeldOut14 scores the fourteenth held-out set (testdata/heldout14,
// README there), written in session 18 by a writer who had read neither
// the rules nor the other corpora's documents, with the key specification
// (and its session 16 rows) in hand.
// go test ./capabilities/documentfacts -run HeldOut14 -v
func TestHeldOut14(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout14", 20, heldOut14Floors)
}

// heldOut15Floors (strict precision, recall): two points under its first
// scoring, on main before session 18's round 16 (docs/documents.md,
// "Issue 29, session 18"). Measured, never tuned on.
var heldOut15Floors = map[string][2]float64{
	"party":       {0.77, 0.71},
	"date":        {0.61, 0.64},
	"money":       {0.63, 0.70},
	"obligation":  {0.68, 0.63},
	"requirement": {0.67, 0.60},
	"deadline":    {0.93, 0.86},
	"law":         {0.98, 0.85},
	"duration":    {0.74, 0.77},
}

// TestHeldOut15 scores the fifteenth held-out set (testdata/heldout15,
// README there), written in session 18 by a writer who had read neither
// the rules nor the other corpora's documents, with the key specification
// (and its session 16 and 18 rows) in hand.
// go test ./capabilities/documentfacts -run HeldOut15 -v
func TestHeldOut15(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout15", 20, heldOut15Floors)
}

// heldOut16Floors (strict precision, recall): two points under the
// figures after session 22's rounds, which developed on it (first
// scoring, docs/documents.md "Issue 29, session 22: two development
// sets": requirement 0.748/0.540, obligation 0.733/0.724). Tenders rich
// in requirements, written as DEVELOPMENT data: rule writers may read it.
var heldOut16Floors = map[string][2]float64{
	"party":       {0.94, 0.98},
	"date":        {0.92, 0.92},
	"money":       {0.98, 0.98},
	"obligation":  {0.86, 0.84},
	"requirement": {0.90, 0.84},
	"deadline":    {0.98, 0.92},
	"law":         {0.98, 0.98},
	"duration":    {0.92, 0.90},
}

// TestHeldOut16 scores the sixteenth set (testdata/heldout16, README
// there): twelve tenders written in session 22 by a label writer who had
// read neither the rules nor the unopened sets, with the key specification
// in hand.
// go test ./capabilities/documentfacts -run HeldOut16 -v
func TestHeldOut16(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout16", 12, heldOut16Floors)
}

// heldOut17Floors (strict precision, recall): two points under the
// figures after session 22's rounds, which developed on it (first
// scoring, docs/documents.md "Issue 29, session 22: two development
// sets": date 0.625/0.690, party 0.869/0.828).
// Letters full of dates and periods, written as DEVELOPMENT data: rule
// writers may read it, unlike the five unopened sets. It states no
// requirement (one found is a false one, not floored).
var heldOut17Floors = map[string][2]float64{
	"party":      {0.98, 0.94},
	"date":       {0.84, 0.87},
	"money":      {0.93, 0.93},
	"obligation": {0.95, 0.93},
	"deadline":   {0.91, 0.90},
	"law":        {0.98, 0.83},
	"duration":   {0.98, 0.88},
}

// TestHeldOut17 scores the seventeenth set (testdata/heldout17, README
// there): twelve letters written in session 22 by a label writer who had
// read neither the rules nor the unopened sets, with the key specification
// in hand.
// go test ./capabilities/documentfacts -run HeldOut17 -v
func TestHeldOut17(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout17", 12, heldOut17Floors)
}

// heldOut18Floors (strict precision, recall): two points under its first
// scoring, on main after session 22's rounds (docs/documents.md, "Issue
// 29, session 22: a third development set"). Contracts rich in duties
// and parties, written as DEVELOPMENT data: rule writers may read it. It
// states no requirement.
var heldOut18Floors = map[string][2]float64{
	"party":      {0.94, 0.91}, // party18 (party_signature_columns.go): 0.964/0.931
	"date":       {0.87, 0.89},
	"money":      {0.88, 0.88}, // money18 (money_table_codes.go): 0.900/0.900
	"obligation": {0.89, 0.88},
	"deadline":   {0.98, 0.93},
	"law":        {0.98, 0.98},
	"duration":   {0.88, 0.84},
}

// TestHeldOut18 scores the eighteenth set (testdata/heldout18, README
// there): twelve contracts written in session 22 by a label writer who
// had read neither the rules nor the unopened sets, with the key
// specification in hand.
// go test ./capabilities/documentfacts -run HeldOut18 -v
func TestHeldOut18(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout18", 12, heldOut18Floors)
}

// heldOut19Floors and heldOut20Floors (strict precision, recall): two
// points under the figures after session 23's rule rounds on them (each
// row also gives the first scoring, on main before any rule read them)
// (docs/documents.md, "Issue 29, session 23: a fourth development set" and
// "a fifth development set"). heldout19 holds contracts, terms and letters
// rich in duties and parties and states no requirement; heldout20 holds
// invoices, certificates, guarantees, tender papers and schedules rich in
// dates, money and requirements. Both are DEVELOPMENT data: rule writers
// may read them.
var heldOut19Floors = map[string][2]float64{
	"party":      {0.98, 0.98}, // first 0.789/0.747, session 23 rounds 1.000/1.000
	"date":       {0.98, 0.98}, // first 0.759/0.759, session 23 rounds 1.000/1.000
	"money":      {0.98, 0.96}, // first 0.893/0.781, session 23 rounds 1.000/0.984
	"obligation": {0.92, 0.91}, // first 0.785/0.671, session 23 rounds 0.942/0.930
	"deadline":   {0.96, 0.88}, // first 0.985/0.870, session 23 rounds 0.986/0.909
	"law":        {0.98, 0.89}, // first 1.000/0.917, session 23 rounds 1.000/0.917
	"duration":   {0.91, 0.89}, // first 0.909/0.889, session 23 rounds 0.932/0.911
}

var heldOut20Floors = map[string][2]float64{
	"party":       {0.98, 0.98}, // first 0.857/0.766, session 23 rounds 1.000/1.000
	"date":        {0.98, 0.96}, // first 0.683/0.683, session 23 rounds 1.000/0.988
	"money":       {0.98, 0.98}, // first 0.741/0.672, session 23 rounds 1.000/1.000
	"obligation":  {0.93, 0.94}, // first 0.919/0.966, session 23 rounds 0.950/0.966
	"requirement": {0.92, 0.98}, // first 0.811/0.796, session 23 rounds 0.947/1.000
	"deadline":    {0.98, 0.94}, // first 0.855/0.869, session 23 rounds 1.000/0.967
	"law":         {0.98, 0.98}, // first 1.000/1.000, session 23 rounds 1.000/1.000
	"duration":    {0.98, 0.91}, // first 0.931/0.900, session 23 rounds 1.000/0.933
}

// TestHeldOut19 scores the nineteenth set (testdata/heldout19, README
// there): twelve documents written in session 23 by a label writer who
// had read neither the rules nor the unopened sets.
// go test ./capabilities/documentfacts -run HeldOut19 -v
func TestHeldOut19(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout19", 12, heldOut19Floors)
}

// TestHeldOut20 scores the twentieth set (testdata/heldout20, README
// there), written in session 23 as heldout19 was.
// go test ./capabilities/documentfacts -run HeldOut20 -v
func TestHeldOut20(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout20", 12, heldOut20Floors)
}

// heldOut21Floors (strict precision, recall): two points under its
// figures after session 24's rounds, which read it as development data
// (its first scoring, before any rule read it, in the comments; its
// obligation anchors were corrected in session 24, docs/documents.md).
var heldOut21Floors = map[string][2]float64{
	"party":       {0.94, 0.94}, // 0.969/0.969; first 0.900/0.844
	"date":        {0.98, 0.98}, // 1.000/1.000; first 0.938/0.909
	"money":       {0.95, 0.95}, // 0.979/0.979; first 0.851/0.851
	"obligation":  {0.96, 0.94}, // 0.981/0.964; first 0.788/0.759
	"requirement": {0.98, 0.98}, // 1.000/1.000; first 0.848/0.848
	"deadline":    {0.91, 0.94}, // 0.931/0.964; first 0.900/0.964
	"law":         {0.98, 0.98}, // 1.000/1.000; first 1.000/1.000
	"duration":    {0.90, 0.98}, // 0.926/1.000; first 0.920/0.920
}

// TestHeldOut21 scores the twenty-first set (testdata/heldout21, README
// there): eight documents written at the end of session 23 by a label
// writer who had read neither the rules nor the unopened sets, kept for
// the next session's first scoring.
// go test ./capabilities/documentfacts -run HeldOut21 -v
func TestHeldOut21(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout21", 8, heldOut21Floors)
}

// TestHeldOut22 scores the twenty-second set (testdata/heldout22, README
// there): eight documents written in session 24 by a label writer who had
// read neither the rules nor the unopened sets. It was BLIND for sessions
// 24 and 25 (the lead scored it before and after each session's rule
// rounds, in session 25 the learned key models) and is development data
// from session 26 on.
// go test ./capabilities/documentfacts -run HeldOut22 -v
func TestHeldOut22(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout22", 8, heldOut22Floors)
}

// heldOut22Floors (strict precision, recall): two points under its first
// scoring, on main before session 24's rule rounds were merged.
var heldOut22Floors = map[string][2]float64{
	"party":       {0.86, 0.81}, // first scoring 0.882/0.833
	"date":        {0.63, 0.63}, // first scoring 0.658/0.658
	"money":       {0.84, 0.84}, // first scoring 0.863/0.863
	"obligation":  {0.67, 0.66}, // first scoring 0.691/0.683
	"requirement": {0.98, 0.56}, // first scoring 1.000/0.583
	"deadline":    {0.92, 0.74}, // first scoring 0.943/0.767
	"law":         {0.98, 0.85}, // first scoring 1.000/0.875
	"duration":    {0.88, 0.94}, // first scoring 0.906/0.967
}

// TestHeldOut23 scores the twenty-third set (testdata/heldout23, README
// there): eight documents written in session 25 by a label writer who had
// read neither the rules nor the unopened sets, with the keys of dates in
// varied roles as its focus. It was BLIND for sessions 25 and 26 (the lead
// scored it before and after each session's merges) and is development data
// from session 27 on.
// go test ./capabilities/documentfacts -run HeldOut23 -v
func TestHeldOut23(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout23", 8, heldOut23Floors)
}

// heldOut23Floors (strict precision, recall): two points under its first
// scoring, on main before session 25's rule rounds were merged.
var heldOut23Floors = map[string][2]float64{
	"party":      {0.89, 0.77}, // first scoring 0.919/0.791
	"date":       {0.76, 0.75}, // first scoring 0.788/0.776 (loose 1.000/0.985)
	"money":      {0.90, 0.92}, // first scoring 0.929/0.942
	"obligation": {0.90, 0.85}, // first scoring 0.925/0.873
	"deadline":   {0.95, 0.81}, // first scoring 0.976/0.833
	"law":        {0.98, 0.98}, // first scoring 1.000/1.000
	"duration":   {0.93, 0.84}, // first scoring 0.950/0.864
}

// TestHeldOut24 scores the twenty-fourth set (testdata/heldout24, README
// there): eight documents written in session 26 by a label writer who had
// read neither the rules nor the unopened sets, with obligations,
// requirements and the parties' roles as its focus. It is BLIND for
// sessions 26 and 27: no rule writer reads it; the lead scored it before
// each session's merges and after.
// go test ./capabilities/documentfacts -run HeldOut24 -v
func TestHeldOut24(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout24", 8, heldOut24Floors)
}

// heldOut24Floors (strict precision, recall): two points under its first
// scoring, on main before session 26's models were merged.
var heldOut24Floors = map[string][2]float64{
	"party":       {0.69, 0.73}, // first scoring 0.714/0.750 (loose 0.929/0.975)
	"date":        {0.69, 0.69}, // first scoring 0.718/0.718 (loose 1.000/1.000)
	"money":       {0.78, 0.72}, // first scoring 0.800/0.744
	"obligation":  {0.58, 0.52}, // first scoring 0.605/0.545 (loose 0.739/0.667)
	"requirement": {0.82, 0.62}, // first scoring 0.844/0.643
	"deadline":    {0.91, 0.89}, // first scoring 0.933/0.913
	"law":         {0.98, 0.98}, // first scoring 1.000/1.000
	"duration":    {0.73, 0.68}, // first scoring 0.750/0.700
}

// TestHeldOut25 scores the twenty-fifth set (testdata/heldout25, README
// there): eight documents written in session 27 by a label writer who had
// read neither the rules nor the unopened sets, with the keys of amounts of
// money as its focus. It is BLIND for session 27: no rule writer reads it;
// the lead scored it before the session's merges and after.
// go test ./capabilities/documentfacts -run HeldOut25 -v
func TestHeldOut25(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout25", 8, heldOut25Floors)
}

// heldOut25Floors (strict precision, recall): two points under its first
// scoring, on main before session 27's rule rounds were merged.
var heldOut25Floors = map[string][2]float64{
	"party":       {0.93, 0.93}, // first scoring 0.952/0.952 (loose 0.976/0.976)
	"date":        {0.83, 0.83}, // first scoring 0.850/0.850 (loose 1.000/1.000)
	"money":       {0.74, 0.77}, // first scoring 0.769/0.795 (loose 0.967/1.000)
	"obligation":  {0.91, 0.84}, // first scoring 0.936/0.869 (loose 0.949/0.881)
	"requirement": {0.88, 0.81}, // first scoring 0.909/0.833 (loose 1.000/0.917)
	"deadline":    {0.93, 0.78}, // first scoring 0.958/0.807
	"law":         {0.98, 0.98}, // first scoring 1.000/1.000
	"duration":    {0.93, 0.93}, // first scoring 0.952/0.952 (loose 1.000/1.000)
}

// TestHeldOut26 scores the twenty-sixth set (testdata/heldout26, README
// there): eight documents written at the end of session 27 by a label
// writer who had read neither the rules nor the unopened sets, with who
// must do what (the roles of obligations and parties: trade words,
// collective and numbered parties, letters, tenders) as its focus. It is
// BLIND for session 28: no rule writer reads it; the lead scored it on
// main at the end of session 27, before any of session 28's rounds.
// go test ./capabilities/documentfacts -run HeldOut26 -v
func TestHeldOut26(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout26", 8, heldOut26Floors)
}

// heldOut26Floors (strict precision, recall): two points under its first
// scoring, on main at the end of session 27.
var heldOut26Floors = map[string][2]float64{
	"party":       {0.83, 0.72}, // first scoring 0.854/0.745 (loose 1.000/0.872)
	"date":        {0.81, 0.81}, // first scoring 0.838/0.838 (loose 1.000/1.000)
	"money":       {0.79, 0.81}, // first scoring 0.812/0.839 (loose 0.969/1.000)
	"obligation":  {0.53, 0.54}, // first scoring 0.556/0.567 (loose 0.737/0.753)
	"requirement": {0.98, 0.98}, // first scoring 1.000/1.000
	"deadline":    {0.95, 0.79}, // first scoring 0.971/0.810
	"law":         {0.98, 0.98}, // first scoring 1.000/1.000
	"duration":    {0.79, 0.92}, // first scoring 0.818/0.947 (loose 0.864/1.000)
}

// TestHeldOut27 scores the twenty-seventh labelled set (testdata/heldout27,
// README there), written in session 28 by a label writer who read no rule,
// test or doc, focused on who must do what (trade-word parties, persons
// with a role word, numbered parties given a role word, we/you letters, a
// consortium). It is development data from the start: session 28's rule
// writers read it; its floors sit two points under its first scoring.
// go test ./capabilities/documentfacts -run HeldOut27 -v
func TestHeldOut27(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout27", 8, heldOut27Floors)
}

// heldOut27Floors (strict precision, recall): two points under the
// figures after session 28's rounds, which developed on the set (first
// scoring, main at 596ea4b9, in the comments).
var heldOut27Floors = map[string][2]float64{
	"party":       {0.98, 0.98}, // 1.000/1.000; first 0.675/0.675
	"date":        {0.87, 0.87}, // 0.898/0.898; first the same
	"money":       {0.90, 0.90}, // 0.929/0.929; first the same
	"obligation":  {0.95, 0.94}, // 0.970/0.960; first 0.438/0.347 (loose 0.950/0.752)
	"requirement": {0.78, 0.98}, // 0.800/1.000; first the same
	"deadline":    {0.95, 0.98}, // 0.978/1.000; first the same
	"law":         {0.98, 0.85}, // 1.000/0.875; first the same
	"duration":    {0.73, 0.93}, // 0.750/0.955; first the same
}

// TestHeldOut28 scores the twenty-eighth labelled set (testdata/heldout28,
// README there), written in session 28 by a label writer who read no rule,
// test or doc: a BLIND set for judging session 29's rules. No rule writer
// reads it; its floors sit two points under its first scoring, on main at
// the end of session 28.
// go test ./capabilities/documentfacts -run HeldOut28 -v
func TestHeldOut28(t *testing.T) {
	scoreHeldOut(t, "testdata/heldout28", 8, heldOut28Floors)
}

// heldOut28Floors (strict precision, recall): two points under its first
// scoring (main at the end of session 28, every round of that session in).
var heldOut28Floors = map[string][2]float64{
	"party":       {0.80, 0.78}, // first scoring 0.824/0.800 (loose 0.912/0.886)
	"date":        {0.80, 0.80}, // first scoring 0.823/0.823 (loose 1.000/1.000)
	"money":       {0.83, 0.83}, // first scoring 0.852/0.852 (loose 1.000/1.000)
	"obligation":  {0.78, 0.76}, // first scoring 0.800/0.782 (loose 1.000/0.977)
	"requirement": {0.81, 0.98}, // first scoring 0.833/1.000
	"deadline":    {0.93, 0.82}, // first scoring 0.957/0.846
	"law":         {0.98, 0.85}, // first scoring 1.000/0.875
	"duration":    {0.85, 0.85}, // first scoring 0.875/0.875
}
