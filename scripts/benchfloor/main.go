// Command benchfloor is the performance floor of issue #3, used only by
// scripts/bench-http: a minimal net/http server that strictly decodes an
// analyze_property body, computes the metrics with the same code as Dalil
// and writes the same envelope, with no authentication, charge, rate limit
// or logging. Dalil's charged calls are measured against it.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"

	"dalil/capabilities/property"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "benchfloor listening on http://%s\n", ln.Addr())
	http.Serve(ln, http.HandlerFunc(handle))
}

func handle(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/api/v1/property/analyze" {
		http.NotFound(w, r)
		return
	}
	var in property.Input
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 32<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil || in.PropertyValue < 0.01 || in.PropertyValue > 1e12 || in.AnnualRent < 0 || in.AnnualRent > 1e12 {
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"success":false,"error":{"code":"INVALID_INPUT","message":"invalid"}}`))
		return
	}
	out, _ := property.Analyze(context.Background(), in)
	var id [12]byte
	rand.Read(id[:])
	price := 0.01
	var buf bytes.Buffer
	json.NewEncoder(&buf).Encode(map[string]any{"success": true, "data": out,
		"meta": map[string]any{"requestId": "req_" + hex.EncodeToString(id[:]), "tool": "analyze_property", "price": price, "currency": "USD", "paymentMethod": "api_credits"}})
	w.Header().Set("Content-Type", "application/json")
	w.Write(buf.Bytes())
}
