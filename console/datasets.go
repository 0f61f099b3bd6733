package console

import (
	"fmt"
	"net/http"
	"strings"

	"dalil/dataset"
)

type datasetsData struct {
	Datasets []datasetRow
}

// datasetRow is one dataset on the datasets page.
type datasetRow struct {
	Name string
	// Batches are its batches (held, then retracted); Error is set when
	// they could not be read, Unmanaged when the dataset keeps none.
	Batches   []dataset.BatchState
	Error     bool
	Unmanaged bool
	// Sources are its sources by the age of their newest data (issue 31).
	Sources []sourceRow
}

// datasets is GET /console/datasets: every dataset with its batches
// (source, licence, dates, rows, synthetic, current, retraction) and, for
// each batch it holds, a Retract form (confirmed on a page of its own).
func (c *Console) datasets(w http.ResponseWriter, r *http.Request) {
	var d datasetsData
	for _, im := range c.o.Datasets {
		row := datasetRow{Name: im.Name(), Sources: c.sourceAges(r, im, c.o.Now())}
		lc, ok := im.(dataset.Lifecycle)
		if !ok {
			row.Unmanaged = true
		} else if bs, err := lc.Batches(r.Context()); err != nil {
			c.o.Logger.Warn("console dataset batches", "dataset", row.Name, "error", err.Error())
			row.Error = true
		} else {
			row.Batches = bs
		}
		d.Datasets = append(d.Datasets, row)
	}
	c.render(w, r, http.StatusOK, "datasets", page{Title: "Datasets", Nav: "datasets", Body: d})
}

// retractBatch is POST /console/datasets/{name}/batches/{batch}/retract
// with an optional reason: without confirm=yes it says what will happen
// and asks; with it, it retracts the batch (dataset.Lifecycle.Retract,
// as `dalil <name> retract` and the admin API) and records it in the
// audit log.
func (c *Console) retractBatch(w http.ResponseWriter, r *http.Request) {
	name, batch := r.PathValue("name"), r.PathValue("batch")
	var lc dataset.Lifecycle
	for _, im := range c.o.Datasets {
		if im.Name() == name {
			lc, _ = im.(dataset.Lifecycle)
		}
	}
	if lc == nil {
		c.fail(w, r, http.StatusNotFound, "There is no dataset "+name+" with batches on this server.")
		return
	}
	reason := strings.TrimSpace(r.PostForm.Get("reason"))
	if err := dataset.CheckReason(reason); err != nil {
		c.fail(w, r, http.StatusBadRequest, "The reason "+err.Error()+".")
		return
	}
	back := Prefix + "/datasets#" + name
	if r.PostForm.Get("confirm") != "yes" {
		bs, err := lc.Batches(r.Context())
		if err != nil {
			c.failErr(w, r, err)
			return
		}
		var held *dataset.BatchState
		for i := range bs {
			if bs[i].ID == batch && bs[i].Retracted == nil {
				held = &bs[i]
			}
		}
		if held == nil {
			c.fail(w, r, http.StatusNotFound, "The "+name+" dataset holds no batch "+batch+" (it may have been retracted already).")
			return
		}
		q := fmt.Sprintf("Retract batch %s of %s (%s, source %s, licence %s, retrieved %s)? Its rows are deleted at once and answers stop using them; "+
			"the retraction is recorded. To have the rows back, import the file again.", batch, name, plural(held.Rows, "row"), held.Source, held.License,
			held.RetrievedAt.UTC().Format("2006-01-02"))
		if reason != "" {
			q += " Reason: " + reason
		}
		ask := confirmData{Action: "retract", Question: q, Target: Prefix + "/datasets/" + name + "/batches/" + batch + "/retract",
			Fields: map[string]string{"reason": reason}, Back: back}
		c.render(w, r, http.StatusOK, "confirm", page{Title: "Confirm retraction", Nav: "datasets", Body: ask})
		return
	}
	rt, err := lc.Retract(r.Context(), batch, reason)
	detail := name
	if reason != "" {
		detail += ": " + reason
	}
	unrecorded := c.record(r, AuditEntry{Action: ActionRetractBatch, Target: batch, Detail: detail}, err) != nil
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	c.render(w, r, http.StatusOK, "done", page{Title: "Done", Nav: "datasets", Body: doneData{Unrecorded: unrecorded, Back: back, BackText: "Back to the datasets",
		Message: fmt.Sprintf("Retracted batch %s of %s: %s removed.", rt.Batch, name, plural(rt.RowsRemoved, "row"))}})
}

// plural is "1 row", "2 rows".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return count(n) + " " + word + "s"
}
