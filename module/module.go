// Package module is the shape of a capability module as cmd/dalil wires
// it: the tables it keeps (its sqlstore.Module), the datasets it owns
// (each with its importer and its synthetic demo rows) and, for a module
// that declares them here, its capabilities. cmd/dalil lists the modules
// once; the migrations, `dalil <dataset> import|stats|batches|retract`,
// the admin dataset routes, the console's dataset rows, the capability
// statuses and `serve --demo` follow from that list.
package module

import (
	"context"
	"fmt"
	"io"
	"time"

	"dalil/capability"
	"dalil/dataset"
	"dalil/dataset/datasetsql"
	"dalil/internal/safehttp"
	"dalil/store/sqlstore"
)

// Module is one capability module.
type Module struct {
	// Store holds the module's tables and migrations; a zero Name keeps
	// none.
	Store sqlstore.Module
	// Datasets are the datasets it owns, in the order they are listed.
	Datasets []Dataset
	// Providers are the external services it can use, each with the
	// variables that configure it; `dalil config`, docs/providers.md and
	// the capability statuses follow from them.
	Providers []Provider
	// Entries, when set, declares capabilities the module adds to the
	// registry (after the ones cmd/dalil lists itself), built over what
	// env holds: the store, and the providers as the operator configured
	// them (one not configured is never called).
	Entries func(env Env) []capability.Entry
}

// Provider declares one external provider: its name (what capabilities
// require with capability.NeedsProvider), its kind, and the variables
// that configure it. It is configured when every Required variable is
// set.
type Provider struct {
	Name, Kind string
	// Endpoint and Credential name the variables holding its URL and
	// its secret ("" when it has none); HexCredential refuses a secret
	// that is not hex.
	Endpoint, Credential string
	HexCredential        bool
	// Timeout names the variable bounding one call (DefaultTimeout when
	// it is unset).
	Timeout        string
	DefaultTimeout time.Duration
	// Settings maps its other, non-secret settings to their variables.
	Settings map[string]string
	// Required lists the variables that must be set, in the order they
	// are reported missing.
	Required []string
}

// ProviderConfig is a provider as the operator configured it.
type ProviderConfig struct {
	Configured bool
	Endpoint   string
	Credential string
	Timeout    time.Duration
	Settings   map[string]string
}

// Env is what a module builds its capabilities over.
type Env struct {
	// DB is the store's handle; HasDB is false without a local database
	// (remote MCP), when only the declarations are needed.
	DB    sqlstore.DB
	HasDB bool
	// Providers are the providers' configurations by name.
	Providers map[string]ProviderConfig
	// Fetch is the policy for URLs a caller or a provider gives
	// (internal/safehttp; tests reach local servers through it).
	Fetch safehttp.Options
}

// Provider returns the named provider's configuration and whether it is
// configured.
func (e Env) Provider(name string) (ProviderConfig, bool) {
	p := e.Providers[name]
	return p, p.Configured
}

// Dataset is one dataset an operator imports.
type Dataset struct {
	// Name is the dataset's name: the command (`dalil <name> import`),
	// the admin route segment, and what capabilities require
	// (capability.NeedsDataset).
	Name string
	// Open returns the dataset's importer on a store.
	Open func(sqlstore.DB) dataset.Importer
	// Batches names the dataset's batch table and the tables of its rows:
	// its lifecycle (`dalil <name> batches|retract`) is datasetsql's, the
	// same for every dataset. Left zero, the importer Open returns must
	// be a dataset.Lifecycle itself (a test's in-memory dataset).
	Batches datasetsql.Tables
	// Demo, when set, is the synthetic data `serve --demo` loads.
	Demo *Demo
	// Warm names what a call reads on every lookup, most needed first:
	// tables (every B-tree index of each, and on SQLite a WITHOUT ROWID
	// table's own tree) or indexes. `dalil serve` reads their pages once
	// at start and after an import (sqlstore.DB.Warm), so that the first
	// call does not wait for the disk; none, nothing is warmed.
	Warm []string
	// WarmRows names tables whose rows are read too, after Warm's
	// indexes: those a call reads a few hundred rows of, at random (a
	// screening's candidates), whose pages on disk would cost the first
	// calls as much as the indexes'.
	WarmRows []string
}

// Lifecycle returns the dataset's lifecycle on db: datasetsql's over
// Batches, or the importer's own when Batches is zero. It panics when
// there is neither (a declaration's mistake, caught by any test that
// wires the module).
func (d Dataset) Lifecycle(db sqlstore.DB) dataset.Lifecycle {
	if d.Batches.Batches != "" {
		return datasetsql.New(db, d.Name, d.Batches)
	}
	if lc, ok := d.Open(db).(dataset.Lifecycle); ok {
		return lc
	}
	panic(fmt.Sprintf("dataset %q declares no Batches and its importer keeps no lifecycle", d.Name))
}

// Demo is a dataset's synthetic demo data.
type Demo struct {
	// Load imports the demo rows unless the database has them already,
	// and reports whether it loaded them.
	Load func(ctx context.Context, db sqlstore.DB) (dataset.Report, bool, error)
	// Says is what `serve --demo` prints once it loaded them: a format
	// with the rows imported (%d) and the batch (%s), e.g. "%d synthetic
	// Muscat comparables (batch %s) for analyze_oman_property".
	Says string
}

// DemoFile is a Demo that imports one fixed file through the dataset's
// importer, marked synthetic (importing the same file again is a no-op).
func DemoFile(open func(sqlstore.DB) dataset.Importer, file func() io.Reader, opts dataset.ImportOptions, says string) *Demo {
	opts.Synthetic = true
	return &Demo{Says: says, Load: func(ctx context.Context, db sqlstore.DB) (dataset.Report, bool, error) {
		rep, err := open(db).Import(ctx, file(), opts)
		if err != nil {
			return rep, false, err
		}
		if rep.Refused || rep.BadRows > 0 {
			return rep, false, fmt.Errorf("%d bad rows in the demo file: %v", rep.BadRows, rep.Errors)
		}
		return rep, !rep.Unchanged, nil
	}}
}

// LoadDemos loads every module's demo data into db, printing what it
// loaded to w.
func LoadDemos(ctx context.Context, mods []Module, db sqlstore.DB, w io.Writer) error {
	for _, m := range mods {
		for _, d := range m.Datasets {
			if d.Demo == nil {
				continue
			}
			rep, loaded, err := d.Demo.Load(ctx, db)
			if err != nil {
				return fmt.Errorf("demo %s: %w", d.Name, err)
			}
			if loaded {
				fmt.Fprintf(w, "demo: loaded "+d.Demo.Says+"\n", rep.Imported, rep.Batch)
			}
		}
	}
	return nil
}

// Stores lists the modules' table modules, in order, preceded by
// datasetsql's (the retractions every dataset records) when any module
// owns a dataset.
func Stores(mods []Module) []sqlstore.Module {
	var out []sqlstore.Module
	if len(Datasets(mods)) > 0 {
		out = append(out, datasetsql.Module())
	}
	for _, m := range mods {
		if m.Store.Name != "" {
			out = append(out, m.Store)
		}
	}
	return out
}

// Datasets lists the modules' datasets, in order.
func Datasets(mods []Module) []Dataset {
	var out []Dataset
	for _, m := range mods {
		out = append(out, m.Datasets...)
	}
	return out
}

// Providers lists the modules' providers, in order.
func Providers(mods []Module) []Provider {
	var out []Provider
	for _, m := range mods {
		out = append(out, m.Providers...)
	}
	return out
}
