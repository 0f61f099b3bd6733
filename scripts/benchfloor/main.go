// Command benchfloor is the performance floor of scripts/bench-http (issue
// #11): the least a Go service can do to answer analyze_property, written
// without any Dalil code. A plain net/http handler decodes the body with
// encoding/json (unknown fields refused, the spec's ranges checked),
// computes the metrics of contract §3 in float64 with math.Round-style
// rounding, and encodes the same envelope with encoding/json: no
// authentication, charge, rate limit, logging, exact decimals or schema
// validator. Dalil's charged calls are measured against it.
//
// Its rounding is binary (1.705 can come out as 1.70): it is bench tooling,
// not a second implementation of the contract.
//
// With -journal FILE it is the durable floor: before answering, each call
// appends one record (request id, tool, price, time) to FILE, and waits
// until that record is on disk. Records are group-committed as Dalil's
// charges are: whatever queued while the previous group was written goes
// out in one write and one fdatasync. It is the least any service can do
// to make a per-call charge durable before its answer (no database, no
// index, no balance), so its rate bounds what a charged call can reach on
// the machine measured (docs/performance.md).
//
// With -pg DSN it is the PostgreSQL durable floor (issue 34): the same
// group commit, each group written by one multi-row INSERT (its own
// transaction, so one round trip and one WAL flush) into a table
// journal(request_id, tool, price, created_at) with no index, created in
// the DSN's search_path if missing. It bounds what a charged call on
// PostgreSQL can reach: one database transaction per group, nothing else.
// Several processes may share one table (two "replicas" on one database).
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	journalPath := flag.String("journal", "", "append one record per call to this file, fdatasync'd before the answer (the durable floor)")
	pgDSN := flag.String("pg", "", "insert one row per call into table journal of this PostgreSQL database, committed before the answer (the PostgreSQL durable floor)")
	flag.Parse()
	switch {
	case *journalPath != "" && *pgDSN != "":
		log.Fatal("-journal and -pg exclude each other")
	case *journalPath != "":
		f, err := os.OpenFile(*journalPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			log.Fatal(err)
		}
		jr = newJournal(&fileSink{f: f})
	case *pgDSN != "":
		sink, err := openPGSink(context.Background(), *pgDSN)
		if err != nil {
			log.Fatal(err)
		}
		jr = newJournal(sink)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "benchfloor listening on http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, http.HandlerFunc(handle)))
}

// jr, when set (-journal, -pg), makes every answer wait for its record.
var jr *journal

// journal group-commits records to a sink.
type journal struct {
	queue chan record
	lines bool // the sink is a file: records carry their line
}

// record is one call's: what a charge would write.
type record struct {
	requestID string
	tool      string
	price     int64  // micro-USD
	at        int64  // Unix microseconds
	line      []byte // the file sink's line, formatted by the caller
	done      chan error
}

// sink makes a group of records durable, all or none, in one go.
type sink interface {
	write(group []record) error
}

func newJournal(s sink) *journal {
	j := &journal{queue: make(chan record, 1024)}
	_, j.lines = s.(*fileSink)
	go j.commit(s)
	return j
}

// append queues r and returns once it is durable.
func (j *journal) append(r record) error {
	if j.lines {
		// Formatted here, in the caller's goroutine, as before -pg existed:
		// the committer only concatenates.
		r.line = fmt.Appendf(nil, "%s\t%s\t%d\t%d\n", r.requestID, r.tool, r.price, r.at)
	}
	r.done = make(chan error, 1)
	j.queue <- r
	return <-r.done
}

// commit writes each group (the first record, then every record queued
// meanwhile) with one sink write, then answers the group.
func (j *journal) commit(s sink) {
	group := make([]record, 0, 64)
	for r := range j.queue {
		group = append(group[:0], r)
	drain:
		for len(group) < maxGroup {
			select {
			case r := <-j.queue:
				group = append(group, r)
			default:
				break drain
			}
		}
		err := s.write(group)
		for _, r := range group {
			r.done <- err
		}
	}
}

// maxGroup bounds a group, as Dalil's committer does.
const maxGroup = 256

// fileSink appends a group to a file with one write and one fdatasync.
type fileSink struct {
	f   *os.File
	buf []byte
}

func (s *fileSink) write(group []record) error {
	s.buf = s.buf[:0]
	for _, r := range group {
		s.buf = append(s.buf, r.line...)
	}
	_, err := s.f.Write(s.buf)
	if err == nil {
		err = syscall.Fdatasync(int(s.f.Fd()))
	}
	return err
}

// pgSink inserts a group with one multi-row INSERT on one connection: one
// statement, committed on its own (synchronous_commit as the server has
// it), one round trip once the statement of that group size is prepared
// (pgx keeps them).
type pgSink struct {
	conn  *pgx.Conn
	stmts map[int]string
	args  []any
}

// pgJournalTable has no index and no key: the least a durable row costs.
const pgJournalTable = `CREATE TABLE IF NOT EXISTS journal (request_id text NOT NULL, tool text NOT NULL, price bigint NOT NULL, created_at bigint NOT NULL)`

func openPGSink(ctx context.Context, dsn string) (*pgSink, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, pgJournalTable); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	return &pgSink{conn: conn, stmts: map[int]string{}}, nil
}

func (s *pgSink) write(group []record) error {
	q, ok := s.stmts[len(group)]
	if !ok {
		var b strings.Builder
		b.WriteString("INSERT INTO journal (request_id, tool, price, created_at) VALUES ")
		for i := range group {
			if i > 0 {
				b.WriteByte(',')
			}
			n := 4 * i
			b.WriteString("($" + strconv.Itoa(n+1) + ",$" + strconv.Itoa(n+2) + ",$" + strconv.Itoa(n+3) + ",$" + strconv.Itoa(n+4) + ")")
		}
		q = b.String()
		s.stmts[len(group)] = q
	}
	s.args = s.args[:0]
	for _, r := range group {
		s.args = append(s.args, r.requestID, r.tool, r.price, r.at)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := s.conn.Exec(ctx, q, s.args...)
	return err
}

// input is the analyze_property body.
type input struct {
	PropertyValue    float64  `json:"propertyValue"`
	AnnualRent       float64  `json:"annualRent"`
	ServiceCharge    *float64 `json:"serviceCharge"`
	MaintenanceCost  *float64 `json:"maintenanceCost"`
	Maintenance      *float64 `json:"maintenance"`
	VacancyRatePct   *float64 `json:"vacancyRatePct"`
	OtherAnnualCosts *float64 `json:"otherAnnualCosts"`
}

// metrics has the field names and order of Dalil's answer.
type metrics struct {
	PropertyValue        float64  `json:"propertyValue"`
	AnnualRent           float64  `json:"annualRent"`
	GrossAnnualIncome    float64  `json:"grossAnnualIncome"`
	GrossYield           float64  `json:"grossYield"`
	GrossYieldPct        float64  `json:"grossYieldPct"`
	NetYield             float64  `json:"netYield"`
	NetYieldPct          float64  `json:"netYieldPct"`
	AnnualOperatingCost  float64  `json:"annualOperatingCost"`
	AnnualOperatingCosts float64  `json:"annualOperatingCosts"`
	AnnualNetIncome      float64  `json:"annualNetIncome"`
	EffectiveAnnualRent  float64  `json:"effectiveAnnualRent"`
	PaybackYears         *float64 `json:"paybackYears"`
	Currency             string   `json:"currency"`
	Note                 string   `json:"note"`
	Assumptions          []string `json:"assumptions"`
}

type meta struct {
	RequestID     string  `json:"requestId"`
	Tool          string  `json:"tool"`
	Price         float64 `json:"price"`
	Currency      string  `json:"currency"`
	PaymentMethod string  `json:"paymentMethod"`
}

type envelope struct {
	Success bool    `json:"success"`
	Data    metrics `json:"data"`
	Meta    meta    `json:"meta"`
}

const note = "Calculations only: figures exclude financing, taxes, transaction fees and capital appreciation."

func handle(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/api/v1/property/analyze" {
		http.NotFound(w, r)
		return
	}
	var in input
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 32<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil || !valid(in) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"success":false,"error":{"code":"INVALID_INPUT","message":"invalid"}}` + "\n"))
		return
	}
	var id [12]byte
	rand.Read(id[:])
	out := envelope{Success: true, Data: compute(in), Meta: meta{RequestID: "req_" + hex.EncodeToString(id[:]),
		Tool: "analyze_property", Price: 0.01, Currency: "USD", PaymentMethod: "api_credits"}}
	if jr != nil {
		if err := jr.append(record{requestID: out.Meta.RequestID, tool: out.Meta.Tool, price: 10_000, at: time.Now().UnixMicro()}); err != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(`{"success":false,"error":{"code":"SERVICE_UNAVAILABLE","message":"journal"}}` + "\n"))
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

// valid checks the spec's ranges.
func valid(in input) bool {
	amount := func(p *float64) bool { return p == nil || (*p >= 0 && *p <= 1e12) }
	return in.PropertyValue >= 0.01 && in.PropertyValue <= 1e12 && amount(&in.AnnualRent) &&
		amount(in.ServiceCharge) && amount(in.MaintenanceCost) && amount(in.Maintenance) && amount(in.OtherAnnualCosts) &&
		(in.VacancyRatePct == nil || (*in.VacancyRatePct >= 0 && *in.VacancyRatePct <= 100)) &&
		(in.MaintenanceCost == nil || in.Maintenance == nil)
}

// compute is contract §3 in float64.
func compute(in input) metrics {
	val := func(p *float64) float64 {
		if p == nil {
			return 0
		}
		return *p
	}
	maintenance := val(in.MaintenanceCost) + val(in.Maintenance)
	operating := val(in.ServiceCharge) + maintenance + val(in.OtherAnnualCosts)
	effective := in.AnnualRent * (1 - val(in.VacancyRatePct)/100)
	net := effective - operating
	gross := roundTo(in.AnnualRent/in.PropertyValue*100, 2)
	netYield := roundTo(net/in.PropertyValue*100, 2)
	m := metrics{
		PropertyValue: in.PropertyValue, AnnualRent: in.AnnualRent, GrossAnnualIncome: roundTo(in.AnnualRent, 3),
		GrossYield: gross, GrossYieldPct: gross, NetYield: netYield, NetYieldPct: netYield,
		AnnualOperatingCost: roundTo(operating, 3), AnnualOperatingCosts: roundTo(operating, 3),
		AnnualNetIncome: roundTo(net, 3), EffectiveAnnualRent: roundTo(effective, 3),
		Currency: "OMR", Note: note, Assumptions: assumptions(in),
	}
	if net > 0 {
		if p := roundTo(in.PropertyValue/net, 2); !math.IsInf(p, 0) {
			m.PaybackYears = &p
		}
	}
	return m
}

// assumptions lists the figures not given and counted as 0, in Dalil's
// words (capabilities/property), so that the floor's answer is as long.
func assumptions(in input) []string {
	out := []string{}
	noCost := in.ServiceCharge == nil && in.MaintenanceCost == nil && in.Maintenance == nil && in.OtherAnnualCosts == nil
	if in.ServiceCharge == nil {
		out = append(out, "No service charge given: counted as 0.")
	}
	if in.MaintenanceCost == nil && in.Maintenance == nil {
		out = append(out, "No maintenance cost given: counted as 0.")
	}
	if in.OtherAnnualCosts == nil {
		out = append(out, "No other annual costs given: counted as 0.")
	}
	if in.VacancyRatePct == nil {
		out = append(out, "No vacancy rate given: counted as 0 % (the rent is received all year).")
	}
	switch {
	case noCost && in.VacancyRatePct == nil:
		out = append(out, "With no operating cost and no vacancy given, net yield equals gross yield: it is not a net figure.")
	case noCost:
		out = append(out, "With no operating cost given, net income is the rent after vacancy alone.")
	}
	return out
}

// roundTo is the usual float rounding: math.Round(x × 10^dp) / 10^dp.
func roundTo(x float64, dp int) float64 {
	p := math.Pow10(dp)
	return math.Round(x*p) / p
}
