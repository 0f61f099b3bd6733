// Package vin decodes vehicle identification numbers with NHTSA's vPIC
// API (DecodeVinValues, the flat format), for vehicle_value_estimate's
// VIN check. It is off until the operator switches it on, and built on
// provider/client (timeout, retries with backoff honouring Retry-After,
// TTL cache, typed errors).
package vin

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"

	"dalil/capabilities/vehiclevalue"
	"dalil/provider/client"
)

// DefaultURL is the vPIC API's base URL.
const DefaultURL = "https://vpic.nhtsa.dot.gov/api"

// Name is the provider's configuration name.
const Name = "nhtsa_vpic"

// DefaultTTL: a VIN's decoding does not change; a day bounds the cache.
const DefaultTTL = 24 * time.Hour

// Config configures the vPIC client.
type Config struct {
	// On switches the client on; vPIC needs no key.
	On bool
	// BaseURL defaults to DefaultURL.
	BaseURL string
	// TTL of cached answers (0: DefaultTTL; negative: not cached).
	TTL time.Duration
	// HTTP is the call mechanics; Name is set by New.
	HTTP client.Config
}

// VPIC is the vPIC client: vehiclevalue.VINDecoder. A nil *VPIC is off.
type VPIC struct {
	base string
	ttl  time.Duration
	c    *client.Client
}

var _ vehiclevalue.VINDecoder = (*VPIC)(nil)

// New returns the client, or nil when cfg is not on.
func New(cfg Config) *VPIC {
	if !cfg.On {
		return nil
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultURL
	}
	h := cfg.HTTP
	h.Name = Name
	if h.Timeout == 0 {
		h.Timeout = 4 * time.Second
	}
	life := cfg.TTL
	switch {
	case life == 0:
		life = DefaultTTL
	case life < 0:
		life = 0
	}
	return &VPIC{base: base, ttl: life, c: client.New(h)}
}

// vpicAnswer is DecodeVinValues' answer: one flat result of strings.
type vpicAnswer struct {
	Count   *int             `json:"Count"`
	Message string           `json:"Message"`
	Results []map[string]any `json:"Results"`
}

// Decode implements vehiclevalue.VINDecoder: GET
// /vehicles/DecodeVinValues/{vin}?format=json&modelyear={year}. Errors
// are *client.Error; vPIC's own complaints about the VIN (ErrorCode other
// than 0) are in VINDecode.Errors.
func (v *VPIC) Decode(ctx context.Context, vin string, year int) (vehiclevalue.VINDecode, error) {
	if v == nil {
		return vehiclevalue.VINDecode{}, client.NotConfigured(Name)
	}
	q := url.Values{}
	q.Set("format", "json")
	if year > 0 {
		q.Set("modelyear", strconv.Itoa(year))
	}
	var a vpicAnswer
	if _, err := v.c.JSON(ctx, client.Request{URL: v.base + "/vehicles/DecodeVinValues/" + url.PathEscape(vin) + "?" + q.Encode(), TTL: v.ttl}, &a); err != nil {
		return vehiclevalue.VINDecode{}, err
	}
	if a.Count == nil || len(a.Results) != 1 {
		return vehiclevalue.VINDecode{}, v.c.Malformed("DecodeVinValues answer without one result", nil)
	}
	r := a.Results[0]
	get := func(k string) string {
		s, _ := r[k].(string)
		s = strings.TrimSpace(s)
		if s == "Not Applicable" {
			return ""
		}
		return s
	}
	d := vehiclevalue.VINDecode{Source: "NHTSA vPIC", Make: get("Make"), Model: get("Model"), Trim: get("Trim"), BodyClass: get("BodyClass"),
		FuelType: get("FuelTypePrimary"), DriveType: get("DriveType"), Transmission: get("TransmissionStyle"), PlantCountry: get("PlantCountry"),
		Errors: []string{}}
	if y, err := strconv.Atoi(get("ModelYear")); err == nil && y > 0 {
		d.ModelYear = &y
	}
	if code := get("ErrorCode"); code != "" && code != "0" {
		for _, e := range strings.Split(get("ErrorText"), ";") {
			if e = strings.TrimSpace(e); e != "" {
				d.Errors = append(d.Errors, e)
			}
		}
	}
	return d, nil
}
