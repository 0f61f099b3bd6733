package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"dalil"
	"dalil/dataset"
)

// MaxDatasetUpload bounds a dataset file sent to the admin API. Larger
// files are imported with the CLI (dalil <name> import FILE), which reads
// them from disk with the same code.
const MaxDatasetUpload = 256 << 20

// adminRetractBody is the optional body of a retraction.
type adminRetractBody struct {
	Reason string `json:"reason,omitempty" jsonschema:"why the batch is retracted, at most 500 characters; kept with the retraction and listed with the batch"`
}

// datasetsView lists every dataset with its coverage.
type datasetsView struct {
	Datasets []dataset.Stats `json:"datasets"`
}

// datasetRoutes are the admin routes over Config.Datasets: the same
// Importer as `dalil <name> import|stats`.
func (s *Server) datasetRoutes() []adminRoute {
	names := make([]string, len(s.cfg.Datasets))
	for i, d := range s.cfg.Datasets {
		names[i] = d.Name()
	}
	known := "none on this server"
	if len(names) > 0 {
		known = strings.Join(names, ", ")
	}
	params := map[string]string{"name": "the dataset's name (" + known + ")",
		"batch": "the batch's id, as the dataset's batches list it (cmp_..., veh_..., cb_..., sb_...)"}
	return []adminRoute{
		{method: "GET", path: "/admin/v1/datasets", id: "list_datasets", tag: "Datasets",
			summary:     "List datasets and their coverage",
			description: "Every dataset an operator can import (" + known + "), with its rows, its imports (source, licence, synthetic, retrieval and import dates) and its coverage. The same as `dalil <name> stats` for each.",
			status:      http.StatusOK, data: datasetsView{},
			handle: func(w http.ResponseWriter, r *http.Request) {
				v := datasetsView{Datasets: []dataset.Stats{}}
				for _, d := range s.cfg.Datasets {
					st, err := d.Stats(r.Context())
					if err != nil {
						writeError(w, r, err)
						return
					}
					v.Datasets = append(v.Datasets, st)
				}
				writeData(w, r, http.StatusOK, v, Meta{})
			}},
		{method: "GET", path: "/admin/v1/datasets/{name}", id: "dataset_stats", tag: "Datasets",
			summary:     "One dataset's coverage",
			description: "Rows, imports and coverage of one dataset (" + known + "). The same as `dalil <name> stats --json`.",
			status:      http.StatusOK, data: dataset.Stats{}, errors: []int{404}, params: params,
			handle: func(w http.ResponseWriter, r *http.Request) {
				d, err := s.datasetNamed(r.PathValue("name"))
				if err != nil {
					writeError(w, r, err)
					return
				}
				st, err := d.Stats(r.Context())
				if err != nil {
					writeError(w, r, err)
					return
				}
				writeData(w, r, http.StatusOK, st, Meta{})
			}},
		{method: "POST", path: "/admin/v1/datasets/{name}/import", id: "import_dataset", tag: "Datasets",
			summary: "Import a dataset file",
			description: fmt.Sprintf("The body is the file itself (CSV, JSON lines or the list's XML; at most %d MiB — import larger files with the CLI). "+
				"Every row is validated; bad rows are listed with their line numbers and, unless skipBad=true, nothing is imported (400 INVALID_INPUT with the report in details). "+
				"The same file imported again changes nothing (unchanged: true). The same as `dalil <name> import FILE --source S --license L`.", MaxDatasetUpload>>20),
			query: []adminParam{
				{"source", "where the file came from (required)", obj{"type": "string", "minLength": 1}},
				{"license", "the terms the data is held under (required)", obj{"type": "string", "minLength": 1}},
				{"format", "the file's format when the dataset reads several (see its docs); default: from filename or content", obj{"type": "string"}},
				{"filename", "the file's name, for format detection and the report", obj{"type": "string"}},
				{"skipBad", "import the good rows of a file with bad ones (default false)", obj{"type": "boolean", "default": false}},
			},
			upload: true, status: http.StatusOK, data: dataset.Report{}, errors: []int{400, 404, 413}, params: params,
			handle: s.adminImportDataset},
		{method: "GET", path: "/admin/v1/datasets/{name}/batches", id: "list_dataset_batches", tag: "Datasets",
			summary: "List a dataset's batches",
			description: "Every batch the dataset holds (source, licence, retrieval and import dates, rows, synthetic, and current: whether answers use its rows now) " +
				"or held (retracted: when, why and how many rows were removed), oldest import first. The same as `dalil <name> batches --json`.",
			status: http.StatusOK, data: dataset.BatchList{}, errors: []int{404}, params: params,
			handle: func(w http.ResponseWriter, r *http.Request) {
				lc, err := s.datasetLifecycle(r.PathValue("name"))
				if err != nil {
					writeError(w, r, err)
					return
				}
				bs, err := lc.Batches(r.Context())
				if err != nil {
					writeError(w, r, err)
					return
				}
				writeData(w, r, http.StatusOK, dataset.BatchList{Dataset: r.PathValue("name"), Batches: bs}, Meta{})
			}},
		{method: "POST", path: "/admin/v1/datasets/{name}/batches/{batch}/retract", id: "retract_dataset_batch", tag: "Datasets",
			summary: "Retract a batch",
			description: "Removes the batch's rows and the batch in one transaction and records the retraction (time, reason, rows removed): answers stop using its rows at once, " +
				"and a capability whose only data it was becomes unconfigured. The body is optional. A batch retracted already, or unknown, is 404. " +
				"The same file may be imported again afterwards. The same as `dalil <name> retract BATCH --reason TEXT`.",
			body: &adminRetractBody{}, optionalBody: true, example: obj{"reason": "licence withdrawn by the publisher"},
			status: http.StatusOK, data: dataset.Retraction{}, errors: []int{400, 404, 413, 415}, params: params,
			handle: s.adminRetractBatch},
	}
}

// datasetLifecycle is the named dataset's lifecycle (every dataset
// cmd/dalil mounts has one).
func (s *Server) datasetLifecycle(name string) (dataset.Lifecycle, error) {
	d, err := s.datasetNamed(name)
	if err != nil {
		return nil, err
	}
	lc, ok := d.(dataset.Lifecycle)
	if !ok {
		return nil, dalil.Errorf(dalil.CodeNotFound, "The %s dataset keeps no batches on this server.", name)
	}
	return lc, nil
}

func (s *Server) adminRetractBatch(w http.ResponseWriter, r *http.Request) {
	lc, err := s.datasetLifecycle(r.PathValue("name"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	var body adminRetractBody
	if r.ContentLength != 0 && !decodeAdmin(w, r, &body) {
		return
	}
	if err := dataset.CheckReason(body.Reason); err != nil {
		writeError(w, r, dalil.InvalidInput(dalil.Problem{Path: "reason", Message: err.Error()}))
		return
	}
	rt, err := lc.Retract(r.Context(), r.PathValue("batch"), body.Reason)
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.log.Info("dataset batch retracted", "dataset", rt.Dataset, "batch", rt.Batch, "rowsRemoved", rt.RowsRemoved)
	writeData(w, r, http.StatusOK, rt, Meta{})
}

func (s *Server) datasetNamed(name string) (dataset.Importer, error) {
	for _, d := range s.cfg.Datasets {
		if d.Name() == name {
			return d, nil
		}
	}
	return nil, dalil.Errorf(dalil.CodeNotFound, "No dataset named %q on this server; GET /admin/v1/datasets lists them.", name)
}

func (s *Server) adminImportDataset(w http.ResponseWriter, r *http.Request) {
	d, err := s.datasetNamed(r.PathValue("name"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	q := r.URL.Query()
	var ps []dalil.Problem
	for k := range q {
		switch k {
		case "source", "license", "format", "filename", "skipBad":
		default:
			ps = append(ps, dalil.Problem{Path: k, Message: "unknown query parameter"})
		}
	}
	opts := dataset.ImportOptions{Source: q.Get("source"), License: q.Get("license"), Format: q.Get("format"), Filename: q.Get("filename")}
	switch q.Get("skipBad") {
	case "", "false":
	case "true":
		opts.SkipBad = true
	default:
		ps = append(ps, dalil.Problem{Path: "skipBad", Message: "must be true or false"})
	}
	if opts.Source == "" {
		ps = append(ps, dalil.Problem{Path: "source", Message: "required: where the file came from"})
	}
	if opts.License == "" {
		ps = append(ps, dalil.Problem{Path: "license", Message: "required: the terms the data is held under"})
	}
	if opts.Format != "" && !slices.Contains(d.Formats(), opts.Format) {
		ps = append(ps, dalil.Problem{Path: "format", Message: "must be one of " + strings.Join(d.Formats(), ", ")})
	}
	if len(ps) > 0 {
		writeError(w, r, dalil.InvalidInput(ps...))
		return
	}
	if r.ContentLength > MaxDatasetUpload {
		w.Header().Set("Connection", "close")
		writeError(w, r, uploadTooLarge())
		return
	}
	// An upload of up to MaxDatasetUpload and its import outlast the
	// server's read and write timeouts, which are sized for calls: this
	// route reads and answers within the import's own bound. (Where the
	// connection cannot change its deadlines, as in an in-process test,
	// the server's stay.)
	rc := http.NewResponseController(w)
	deadline := time.Now().Add(dataset.ImportTimeout)
	_ = rc.SetReadDeadline(deadline)
	_ = rc.SetWriteDeadline(deadline.Add(time.Minute))
	body := http.MaxBytesReader(w, r.Body, MaxDatasetUpload)
	rep, err := d.Import(r.Context(), body, opts)
	var tooBig *http.MaxBytesError
	var unreadable *dataset.FileError
	switch {
	case errors.As(err, &tooBig):
		writeError(w, r, uploadTooLarge())
		return
	case errors.As(err, &unreadable):
		// The file (or its options) cannot be imported at all: the
		// importer's reason is the operator's to read. A storage failure
		// is no FileError and stays 503.
		writeError(w, r, &dalil.Error{Code: dalil.CodeInvalidInput, Message: "The file cannot be imported: " + unreadable.Error(), Err: err})
		return
	case err != nil:
		writeError(w, r, err)
		return
	case rep.Refused:
		writeError(w, r, &dalil.Error{Code: dalil.CodeInvalidInput,
			Message: fmt.Sprintf("%d of %d rows are bad; nothing was imported. Fix them, or send skipBad=true to import the good rows only.", rep.BadRows, rep.Rows),
			Details: rep})
		return
	}
	s.log.Info("dataset imported", "dataset", rep.Dataset, "batch", rep.Batch, "source", rep.Source, "rows", rep.Rows, "imported", rep.Imported, "badRows", rep.BadRows, "unchanged", rep.Unchanged)
	writeData(w, r, http.StatusOK, rep, Meta{})
}

func uploadTooLarge() error {
	return &dalil.Error{Code: dalil.CodePayloadTooLarge,
		Message: fmt.Sprintf("The file exceeds the admin API's %d MiB limit; import it with the CLI: dalil <name> import FILE.", MaxDatasetUpload>>20),
		Details: map[string]any{"limitBytes": MaxDatasetUpload}}
}
