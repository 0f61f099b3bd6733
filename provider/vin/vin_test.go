package vin_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"dalil/provider/client"
	"dalil/provider/client/clienttest"
	"dalil/provider/vin"
	"dalil/provider/vin/vintest"
)

const accord = "1HGCM82633A004352"

func newVPIC(srv *vintest.Server, waits *[]time.Duration) *vin.VPIC {
	return vin.New(vin.Config{On: true, BaseURL: srv.BaseURL(), HTTP: clienttest.Instant(waits, 300*time.Millisecond)})
}

func TestDecode(t *testing.T) {
	srv := vintest.New(t, map[string]vintest.Vehicle{accord: {Make: "Honda", Model: "Accord", Trim: "EX", Year: 2003}})
	v := newVPIC(srv, nil)
	d, err := v.Decode(context.Background(), accord, 2003)
	if err != nil {
		t.Fatal(err)
	}
	if d.Make != "HONDA" || d.Model != "Accord" || d.ModelYear == nil || *d.ModelYear != 2003 || len(d.Errors) != 0 || d.FuelType != "Gasoline" {
		t.Errorf("%+v", d)
	}
	if srv.Last().URL.Query().Get("format") != "json" || srv.Last().URL.Query().Get("modelyear") != "2003" {
		t.Errorf("request %s", srv.Last().URL)
	}
	d, err = v.Decode(context.Background(), "1HGCM82623A004352", 2003)
	if err != nil || len(d.Errors) != 1 || d.ModelYear != nil {
		t.Errorf("bad check digit: %+v %v", d, err)
	}
}

func TestContract(t *testing.T) {
	var waits []time.Duration
	srv := vintest.New(t, nil)
	v := newVPIC(srv, &waits)
	clienttest.Contract{Faults: srv.Faults, Waits: &waits, Call: func(ctx context.Context, n int) error {
		_, err := v.Decode(ctx, accord, 1950+n)
		return err
	}}.Run(t)
	srv.Push(clienttest.Fault{Status: 200, Body: `{"Count":0,"Results":[]}`})
	if _, err := v.Decode(context.Background(), accord, 1900); !errors.Is(err, client.ErrMalformed) {
		t.Errorf("no result: %v", err)
	}
}

func TestOffMakesNoCall(t *testing.T) {
	v := vin.New(vin.Config{HTTP: client.Config{Transport: clienttest.NoNetwork(t)}})
	if v != nil {
		t.Fatal("an off decoder is not nil")
	}
	if _, err := v.Decode(context.Background(), accord, 2003); !errors.Is(err, client.ErrNotConfigured) {
		t.Errorf("%v", err)
	}
}
