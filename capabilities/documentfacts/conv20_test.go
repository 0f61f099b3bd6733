package documentfacts

import (
	"slices"
	"strings"
	"testing"
)

// Round 18 (issue 29, session 20; docs/documents.md "round 18, the rules
// follow conventions 12-18"): the rules follow the label conventions
// session 20 settled. Each case is a document of our own and the facts of
// one type it must give, read as in conv19Cases (conv19Items): a case
// fails on a wanted fact missing and on any other fact of that type.

const (
	conv20Tender   = "INVITATION TO TENDER\n\nTender No. 12/2026: Supply of School Furniture\n\nIssued by Batinah Schools Development Company SAOC (the \"Company\"). Bidders are invited to submit bids.\n\n"
	conv20TenderAR = "مناقصة رقم ١٢/٢٠٢٦ لتوريد الأثاث المدرسي\n\nتدعو شركة الباطنة لتطوير المدارس ش.م.ع.ع الشركات المؤهلة لتقديم عطاءاتها.\n\n"
	conv20Works    = "CONSTRUCTION CONTRACT\n\nThis Contract is made on 2 March 2026 between Batinah Schools Development Company SAOC (the \"Employer\") and Sohar Builders LLC (the \"Contractor\").\n\n"
	conv20WorksAR  = "عقد مقاولة\n\nأبرم هذا العقد بتاريخ ٢ مارس ٢٠٢٦ بين شركة الباطنة لتطوير المدارس ش.م.ع.ع (\"صاحب العمل\") وشركة صحار للمقاولات ش.م.م (\"المقاول\").\n\n"
)

var conv20Cases = []struct {
	decision, name, typ, text string
	want                      []string
}{
	// Decision 18: the latest day to complete works, an installation or
	// a go-live is the completion_date; goods delivered and premises
	// handed over keep delivery_date; "supply and install" too.
	{"18", "complete a part of the works by", "date",
		conv20Works + "4. The Contractor agreed to complete the roof slab of Block C by 30 June 2026.\n",
		[]string{"agreement_date 2026-03-02", "completion_date 2026-06-30"}},
	{"18", "not installed by", "date",
		conv20Works + "5. If the air-conditioning units are not installed by 15 September 2026, the Contractor shall pay liquidated damages.\n",
		[]string{"agreement_date 2026-03-02", "completion_date 2026-09-15"}},
	{"18", "Arabic: complete and hand over the works", "date",
		conv20WorksAR + "٤. يلتزم المقاول بإنجاز الأعمال وتسليمها خلال ثمانية أشهر من تاريخ استلام الموقع، على ألا يتجاوز ذلك ٣٠/١١/٢٠٢٦م.\n",
		[]string{"agreement_date 2026-03-02", "completion_date 2026-11-30"}},
	{"18", "Arabic: works handed over at the latest", "date",
		conv20WorksAR + "٤. على أن تسلم الأعمال تسليماً ابتدائياً في موعد أقصاه ٣١ ديسمبر ٢٠٢٦م.\n",
		[]string{"agreement_date 2026-03-02", "completion_date 2026-12-31"}},
	{"18", "go-live row and sentence", "date",
		"APP DEVELOPMENT AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Batinah Schools Development Company SAOC (the \"Client\") and Appcraft LLC (the \"Developer\").\n\nMilestone | Target date\nDesign sign-off | 10 April 2026\nGo-live | 31 August 2026\n\n3. The Developer shall achieve go-live no later than 31 August 2026.\n",
		[]string{"agreement_date 2026-03-02", "date 2026-04-10", "completion_date 2026-08-31"}},
	{"18 neg", "works counted from a handover date", "date",
		conv20Works + "4. The Contractor shall complete the works within twenty (20) weeks from the site handover on 16 March 2026.\n",
		[]string{"agreement_date 2026-03-02", "date 2026-03-16"}},
	{"18 neg", "another duty after the completion", "date",
		"GRANT AGREEMENT\n\nThis Agreement is made on 2 March 2026 between the Batinah Export Fund (the \"Fund\") and Sohar Dates LLC (the \"Grantee\").\n\n4. The Grantee must complete the funded training within nine (9) months and must pay the audit fee of the Fund no later than 31 January 2027.\n",
		[]string{"agreement_date 2026-03-02", "due_date 2027-01-31"}},
	{"18 neg", "goods delivered by", "date",
		"SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Batinah Schools Development Company SAOC (the \"Buyer\") and Sohar Furniture LLC (the \"Supplier\").\n\n3. The Supplier shall deliver the desks to the Buyer's store no later than 20 May 2026.\n",
		[]string{"agreement_date 2026-03-02", "delivery_date 2026-05-20"}},
	{"18 neg", "supply and install keeps delivery", "date",
		"SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2026 between Batinah Schools Development Company SAOC (the \"Buyer\") and Sohar Furniture LLC (the \"Supplier\").\n\n3. The Supplier shall supply and install the laboratory benches no later than 20 May 2026.\n",
		[]string{"agreement_date 2026-03-02", "delivery_date 2026-05-20"}},
	{"18 neg", "premises handed over", "date",
		"LEASE AGREEMENT\n\nThis Lease is made on 2 March 2026 between Sohar Properties LLC (the \"Landlord\") and Batinah Schools Development Company SAOC (the \"Tenant\").\n\n2. The Landlord shall hand over the premises to the Tenant on or before 1 April 2026.\n",
		[]string{"agreement_date 2026-03-02", "delivery_date 2026-04-01"}},
	{"18 neg", "fit-out and opening for trading", "date",
		"SHOP LEASE\n\nThis Lease is made on 2 March 2026 between Sohar Mall LLC (the \"Landlord\") and Batinah Books LLC (the \"Tenant\").\n\n3. The Tenant must complete its fit-out and open for trading by 15 May 2026.\n",
		[]string{"agreement_date 2026-03-02", "opening_date 2026-05-15"}},
}

// TestConv20Conventions: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestConv20Conventions -v
func TestConv20Conventions(t *testing.T) {
	for _, c := range conv20Cases {
		got := conv19Items(extractText(t, c.text), c.typ)
		switch c.typ {
		case "obligation", "requirement":
			if msg := obl15Compare(got, c.want); msg != "" {
				t.Errorf("decision %s, %s (%s):\n%s", c.decision, c.name, c.typ, msg)
			}
		default:
			want := slices.Clone(c.want)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("decision %s, %s (%s):\n  got  %s\n  want %s", c.decision, c.name, c.typ, strings.Join(got, "; "), strings.Join(want, "; "))
			}
		}
	}
}
