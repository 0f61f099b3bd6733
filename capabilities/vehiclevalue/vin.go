package vehiclevalue

import (
	"strings"
)

// VIN checks (ISO 3779). A VIN is 17 characters from the digits and the
// capital letters other than I, O and Q. Position 9 is a check digit in
// the North American scheme (49 CFR 565; world manufacturer identifiers
// starting 1-5) and the Chinese one (GB 16735; starting L); elsewhere it is
// optional, so a mismatch is reported only where the scheme has one.
// Position 10 encodes the model year in a 30-year cycle (A=1980 or 2010,
// ..., Y=2000 or 2030, 1-9=2001-2009 or 2031-2039).

// NormalizeVIN upper-cases v and drops spaces and hyphens; ok is false
// when the result is not 17 allowed characters.
func NormalizeVIN(v string) (string, bool) {
	v = strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(v)))
	if len(v) != 17 {
		return v, false
	}
	for i := 0; i < len(v); i++ {
		if vinValue(v[i]) < 0 {
			return v, false
		}
	}
	return v, true
}

// vinValue is a character's transliterated value, -1 when the character
// may not appear in a VIN.
func vinValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c == 'I' || c == 'O' || c == 'Q':
		return -1
	case c >= 'A' && c <= 'H':
		return int(c-'A') + 1
	case c >= 'J' && c <= 'R':
		return []int{1, 2, 3, 4, 5, -1, 7, -1, 9}[c-'J']
	case c >= 'S' && c <= 'Z':
		return int(c-'S') + 2
	}
	return -1
}

var vinWeights = [17]int{8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2}

// CheckDigit is the ISO 3779 / 49 CFR 565 check digit of a normalised VIN
// ('0'-'9' or 'X').
func CheckDigit(vin string) byte {
	sum := 0
	for i := 0; i < 17; i++ {
		sum += vinValue(vin[i]) * vinWeights[i]
	}
	if r := sum % 11; r < 10 {
		return byte('0' + r)
	}
	return 'X'
}

// yearCodes are the model-year characters from 1980 (A) to 2009 (9).
const yearCodes = "ABCDEFGHJKLMNPRSTVWXY123456789"

// VINYears are the model years position 10 of vin can stand for (30
// years apart), nil when it is not a model-year character.
func VINYears(vin string) []int {
	i := strings.IndexByte(yearCodes, vin[9])
	if i < 0 {
		return nil
	}
	return []int{1980 + i, 2010 + i}
}

// VINCheck is what the VIN says against the input.
type VINCheck struct {
	VIN string `json:"vin"`
	// WMI is the world manufacturer identifier (positions 1-3).
	WMI string `json:"wmi"`
	// CheckDigit is valid, invalid, or not_applicable where the scheme has
	// no mandatory check digit (and the digit does not happen to match).
	CheckDigit         string `json:"checkDigit" schema:"enum=valid|invalid|not_applicable"`
	ExpectedCheckDigit string `json:"expectedCheckDigit"`
	// ModelYear is match, mismatch (position 10 stands for other years
	// than year) or not_encoded.
	ModelYear      string `json:"modelYear" schema:"enum=match|mismatch|not_encoded"`
	ModelYearCodes []int  `json:"modelYearCandidates" jsonschema:"the model years position 10 can stand for"`
	// Decoded is what the configured VIN decoder said, when one is.
	Decoded *VINDecode `json:"decoded"`
	Notes   []string   `json:"notes"`
}

// checkDigitScheme reports whether the VIN's region mandates position 9.
func checkDigitScheme(vin string) bool {
	return (vin[0] >= '1' && vin[0] <= '5') || vin[0] == 'L'
}

// CheckVIN checks a normalised VIN against the model year.
func CheckVIN(vin string, year int) VINCheck {
	c := VINCheck{VIN: vin, WMI: vin[:3], ModelYearCodes: VINYears(vin), Notes: []string{}}
	want := CheckDigit(vin)
	c.ExpectedCheckDigit = string(want)
	switch {
	case vin[8] == want:
		c.CheckDigit = "valid"
	case checkDigitScheme(vin):
		c.CheckDigit = "invalid"
		c.Notes = append(c.Notes, "Position 9 is not the check digit this VIN's characters give ("+string(want)+"): the VIN is mistyped or not genuine.")
	default:
		c.CheckDigit = "not_applicable"
		c.Notes = append(c.Notes, "This manufacturer's region does not mandate a check digit at position 9, so it was not enforced.")
	}
	if c.ModelYearCodes == nil {
		c.ModelYear = "not_encoded"
		c.ModelYearCodes = []int{}
		c.Notes = append(c.Notes, "Position 10 is not a model-year character.")
	} else if c.ModelYearCodes[0] == year || c.ModelYearCodes[1] == year {
		c.ModelYear = "match"
	} else {
		c.ModelYear = "mismatch"
		c.Notes = append(c.Notes, "Position 10 of the VIN stands for another model year than the one given.")
	}
	return c
}
