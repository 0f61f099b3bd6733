package vehiclevalue

import (
	"fmt"
	"math"
	"strings"
	"time"

	"dalil"
)

// Validate implements capability.Validator: the rules the JSON Schema
// cannot state (synonym enumerations, countries, currencies, a model year
// up to next calendar year, real dates not in the future, the VIN's
// characters), every problem with its path. Nothing here is charged.
func (in Input) Validate() []dalil.Problem {
	return in.validateAt(time.Now().UTC())
}

func (in Input) validateAt(now time.Time) []dalil.Problem {
	var ps []dalil.Problem
	bad := func(path, format string, args ...any) {
		ps = append(ps, dalil.Problem{Path: path, Message: fmt.Sprintf(format, args...)})
	}
	if Key(in.Make) == "" {
		bad("make", "must contain letters or digits")
	}
	if Key(in.Model) == "" {
		bad("model", "must contain letters or digits")
	}
	if in.Year > now.Year()+1 {
		bad("year", "must be at most %d (next calendar year)", now.Year()+1)
	}
	if _, ok := NormalizeCountry(in.Country); !ok {
		bad("country", "must be an ISO 3166 alpha-2 code (OM), an alpha-3 code or a country name")
	}
	if in.Currency != "" {
		if _, ok := NormalizeCurrency(in.Currency); !ok {
			bad("currency", "must be a 3-letter ISO 4217 code such as OMR, AED, USD or EUR")
		}
	}
	for _, e := range []struct {
		path, value string
		syn         synonyms
		values      []string
	}{
		{"condition", in.Condition, conditionSyn, Conditions},
		{"fuelType", in.FuelType, fuelSyn, FuelTypes},
		{"transmission", in.Transmission, transmissionSyn, Transmissions},
		{"bodyType", in.BodyType, bodySyn, BodyTypes},
		{"drivetrain", in.Drivetrain, drivetrainSyn, Drivetrains},
		{"serviceHistory", in.ServiceHistory, serviceSyn, ServiceHistorys},
	} {
		if e.value != "" && e.syn.canonical(e.value) == "" {
			bad(e.path, "must be one of %s (common synonyms accepted)", strings.Join(e.values, ", "))
		}
	}
	if !in.AccidentHistory.IsZero() && in.AccidentHistory.canonical() == "" {
		bad("accidentHistory", "must be true, false or one of %s", strings.Join(Accidents, ", "))
	}
	for i, o := range in.Options {
		if Key(o) == "" {
			bad(fmt.Sprintf("options.%d", i), "must contain letters or digits")
		}
	}
	if in.ValuationDate != "" {
		if d, err := time.Parse(time.DateOnly, in.ValuationDate); err != nil {
			bad("valuationDate", "must be a real calendar date YYYY-MM-DD")
		} else if d.After(now) {
			bad("valuationDate", "cannot be in the future")
		}
	}
	if in.VIN != "" {
		if _, ok := NormalizeVIN(in.VIN); !ok {
			bad("vin", "must be 17 characters: digits and capital letters other than I, O and Q (spaces and hyphens ignored)")
		}
	}
	for i, c := range in.Comparables {
		at := func(f string) string { return fmt.Sprintf("comparables.%d.%s", i, f) }
		if c.Year > now.Year()+1 {
			bad(at("year"), "must be at most %d", now.Year()+1)
		}
		if c.Currency != "" {
			if _, ok := NormalizeCurrency(c.Currency); !ok {
				bad(at("currency"), "must be a 3-letter ISO 4217 code")
			}
		}
		if c.Country != "" {
			if _, ok := NormalizeCountry(c.Country); !ok {
				bad(at("country"), "must be an ISO 3166 code or a country name")
			}
		}
		if c.ObservedOn != "" {
			if d, err := time.Parse(time.DateOnly, c.ObservedOn); err != nil {
				bad(at("observedOn"), "must be a real calendar date YYYY-MM-DD")
			} else if d.After(now) {
				bad(at("observedOn"), "cannot be in the future")
			}
		}
		if c.Condition != "" && conditionSyn.canonical(c.Condition) == "" {
			bad(at("condition"), "must be one of %s", strings.Join(Conditions, ", "))
		}
	}
	return ps
}

// newSubject normalises a validated input; today is the default
// valuation day.
func newSubject(in Input, today time.Time) (*subject, error) {
	s := &subject{make: NormalizeMake(in.Make), year: in.Year, mileage: in.MileageKm, owners: in.Owners, asking: in.AskingPrice}
	s.model = NormalizeModel(s.make, in.Model)
	if t := collapse(in.Trim); Key(t) != "" {
		s.trim, s.trimKey, s.trimWords = t, Key(t), trimTokens(t)
	}
	code, ok := NormalizeCountry(in.Country)
	if !ok {
		return nil, dalil.InvalidInput(dalil.Problem{Path: "country", Message: "must be an ISO 3166 alpha-2 code (OM), an alpha-3 code or a country name"})
	}
	s.country, s.market = code, MarketFor(code)
	if c := titleCase(in.City); Key(c) != "" {
		s.city, s.cityKey = c, Key(c)
	}
	s.currency = s.market.Currency
	if in.Currency != "" {
		s.currency, _ = NormalizeCurrency(in.Currency)
	}
	if s.currency == "" {
		return nil, dalil.InvalidInput(dalil.Problem{Path: "currency", Message: fmt.Sprintf("is required for %s: Dalil has no default currency for that market", s.market.Name)})
	}
	s.condition = "unknown"
	if in.Condition != "" {
		s.condition = conditionSyn.canonical(in.Condition)
	}
	s.fuel, s.trans, s.body, s.drive = fuelSyn.canonical(in.FuelType), transmissionSyn.canonical(in.Transmission), bodySyn.canonical(in.BodyType), drivetrainSyn.canonical(in.Drivetrain)
	s.engine, s.color = collapse(in.Engine), collapse(in.Color)
	s.accident = in.AccidentHistory.canonical()
	s.service = "unknown"
	if in.ServiceHistory != "" {
		s.service = serviceSyn.canonical(in.ServiceHistory)
	}
	s.options, s.premium = normalizeOptions(in.Options)
	s.day = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	if in.ValuationDate != "" {
		d, err := time.Parse(time.DateOnly, in.ValuationDate)
		if err == nil {
			s.day = d
		}
	}
	// Age from 1 January of the model year, at least 0.
	s.ageYears = math.Max(0, roundTo(s.day.Sub(time.Date(s.year, 1, 1, 0, 0, 0, 0, time.UTC)).Hours()/24/365.25, 1))
	if in.VIN != "" {
		s.vin, _ = NormalizeVIN(in.VIN)
	}
	return s, nil
}

// callerListings turns the caller's comparables into listings, in the
// result currency unless one says otherwise.
func callerListings(s *subject, cs []CallerComparable) []Listing {
	out := make([]Listing, 0, len(cs))
	for i, c := range cs {
		l := Listing{ID: fmt.Sprintf("caller-%d", i+1), Make: s.make.Display, Model: s.model.Display, Year: c.Year, Trim: collapse(c.Trim),
			MileageKm: c.MileageKm, Price: c.Price, Currency: s.currency, Country: s.country, City: titleCase(c.City), PriceType: c.PriceType,
			Condition: conditionSyn.canonical(c.Condition), SourceName: "caller", SourceURL: c.SourceURL}
		if c.Make != "" {
			l.Make = NormalizeMake(c.Make).Display
		}
		if c.Model != "" {
			l.Model = NormalizeModel(NormalizeMake(l.Make), c.Model).Display
		}
		if c.Currency != "" {
			l.Currency, _ = NormalizeCurrency(c.Currency)
		}
		if c.Country != "" {
			l.Country, _ = NormalizeCountry(c.Country)
		}
		if c.ObservedOn != "" {
			l.ListedOn, _ = time.Parse(time.DateOnly, c.ObservedOn)
		}
		if c.SourceName != "" {
			l.SourceName = "caller: " + collapse(c.SourceName)
		}
		if l.PriceType == "" {
			l.PriceType = "listing"
		}
		out = append(out, l)
	}
	return out
}
