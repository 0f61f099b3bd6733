package documentfacts

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// oblDiagSets are the development sets whose obligations
// TestOblRoleDiagnose reads: the role model's (named one by one there,
// never a glob of testdata: the unopened sets are there) and oblprobe.
var oblDiagSets = append(slices.Clone(roleModelSets), "oblprobe")

// TestOblRoleDiagnose (DALIL_OBL_DIAG=1, -v) lists every labelled
// obligation of the development sets that the extraction does not match
// strictly, with the extracted obligation holding its anchor (its role,
// modality and party as written) and the document's parties' roles, with
// the role model off and on: the classes of session 27's oblrole work.
func TestOblRoleDiagnose(t *testing.T) {
	if os.Getenv("DALIL_OBL_DIAG") == "" {
		t.Skip("DALIL_OBL_DIAG=1 lists the obligations' role and modality misses")
	}
	for _, set := range oblDiagSets {
		for _, d := range loadEvalCorpus(t, "testdata/"+set, 1) {
			doc := renderEval(t, d.dir, d.name)
			out := extractAll(doc, source{kind: "text"}, Input{})
			was := partyRoleModelOn
			partyRoleModelOn = false
			off := extractAll(renderEval(t, d.dir, d.name), source{kind: "text"}, Input{})
			partyRoleModelOn = was
			offRole := map[string]string{}
			for _, f := range off.Facts {
				if f.Type == TypeParty {
					offRole[f.Value] = f.Role
				}
			}
			var parties []string
			for _, f := range out.Facts {
				if f.Type == TypeParty {
					p := f.Value + "=" + f.Role
					if r := offRole[f.Value]; r != f.Role {
						p += "(rules " + r + ")"
					}
					parties = append(parties, p)
				}
			}
			lang := detectLanguage(out.Text)
			d.bilingual = lang == "mixed"
			got := evalItems(out)
			var obls []Obligation
			var gotObl []int
			for i, g := range got {
				if g.typ == "obligation" {
					gotObl = append(gotObl, i)
				}
			}
			obls = out.Obligations
			used := make([]bool, len(got))
			var missed []evalWant
			for _, w := range d.want {
				if w.typ != "obligation" {
					continue
				}
				hit := false
				for i, g := range got {
					if !used[i] && evalMatch(w, g, false) {
						used[i], hit = true, true
						break
					}
				}
				if !hit {
					missed = append(missed, w)
				}
			}
			var lines []string
			for _, w := range missed {
				anchor := strings.ToLower(w.fields[2])
				var cand []string
				for k, i := range gotObl {
					g := got[i]
					if !strings.Contains(g.text, anchor) {
						continue
					}
					o := obls[k]
					mark := ""
					if used[i] {
						mark = " [used]"
					}
					ev := ""
					if o.Evidence != nil {
						ev = clip(o.Evidence.Excerpt, 200)
					}
					cand = append(cand, "got "+g.key+" "+g.val+" party="+o.Party+mark+" action="+clip(o.Action, 80)+" | "+ev)
				}
				cls := "undetected"
				if len(cand) > 0 {
					cls = "anchor-found"
				}
				lines = append(lines, "  MISS want "+w.fields[0]+" "+w.fields[1]+" | "+w.fields[2]+" ["+cls+"]")
				for _, c := range cand {
					lines = append(lines, "      "+c)
				}
			}
			if len(lines) > 0 {
				t.Logf("%s/%s parties: %s\n%s", set, d.name, strings.Join(parties, "; "), strings.Join(lines, "\n"))
			}
		}
	}
}
