package invoiceanomaly

import (
	"strings"
	"time"
)

// isoCurrencies lists the active ISO 4217 currency codes used for invoices
// (precious metals, testing and fund codes other than the few that carry
// minor units are left out). A code outside the list is accepted, assumed to
// have 2 decimals and reported as UNUSUAL_CURRENCY.
const isoCurrencies = "AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD " +
	"CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP " +
	"GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP " +
	"LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN " +
	"PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT " +
	"TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG"

var knownCurrency = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(isoCurrencies) {
		m[c] = true
	}
	return m
}()

// minorUnitExceptions holds the ISO 4217 minor units that are not 2.
var minorUnitExceptions = map[string]int{
	// Three decimals: the Gulf and North African dinars and the Omani rial
	// (1 rial = 1000 baisa).
	"BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
	// No minor unit in use.
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
	"PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
	// Four decimals (units of account).
	"CLF": 4, "UYW": 4,
}

// minorUnits returns the number of decimals of an ISO 4217 currency (2 for
// codes it does not know).
func minorUnits(currency string) int {
	if d, ok := minorUnitExceptions[strings.ToUpper(currency)]; ok {
		return d
	}
	return 2
}

// unitMicros is one minor unit of the currency in 10^-6 units: USD 0.01 is
// 10,000, OMR 0.001 is 1,000, JPY 1 is 1,000,000.
func unitMicros(currency string) int64 {
	u := int64(microsPerUnit)
	for range minorUnits(currency) {
		u /= 10
	}
	return u
}

// friSatWeekend lists currencies of countries whose weekend is Friday and
// Saturday (Oman, Bahrain, Kuwait, Qatar, Saudi Arabia, Jordan, Egypt, Iraq,
// Libya, Yemen, Algeria). The United Arab Emirates moved to Saturday and
// Sunday in 2022. Everything else defaults to Saturday and Sunday; callers
// override with options.weekendDays.
var friSatWeekend = map[string]bool{
	"OMR": true, "BHD": true, "KWD": true, "QAR": true, "SAR": true, "JOD": true,
	"EGP": true, "IQD": true, "LYD": true, "YER": true, "DZD": true,
}

func defaultWeekend(currency string) []time.Weekday {
	if friSatWeekend[strings.ToUpper(currency)] {
		return []time.Weekday{time.Friday, time.Saturday}
	}
	return []time.Weekday{time.Saturday, time.Sunday}
}
