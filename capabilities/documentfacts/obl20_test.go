package documentfacts

import "testing"

// Session 20 (issue 29, docs/documents.md "Issue 29, session 20:
// obligations and requirements by families"): each case is a document of
// our own and the facts of one type (obligation or requirement) it must
// give, as in conv16Cases: "key value word", the word contained in the
// action or requirement. A case fails on a wanted fact missing and on any
// other fact of that type (none wanted: none found).

const (
	obl20RFQ   = "REQUEST FOR QUOTATION\n\nRFQ No. 12/2026: Supply of Laboratory Fridges\n\nSur Fisheries SAOC (the \"Company\") invites suppliers to submit quotations.\n\n"
	obl20RFQAR = "طلب تقديم عروض أسعار رقم ١٢/٢٠٢٦ لتوريد ثلاجات المختبر\n\nتدعو شركة صور للأسماك ش.م.ع.ع الموردين المؤهلين لتقديم عروضهم.\n\n"
)

var obl20Cases = []struct {
	family, name, typ, text string
	want                    []string
}{
	// Family 1: a bid, a quotation or a bond that must stay valid.
	{"1", "quotations must remain valid", "obligation",
		obl20RFQ + "## Conditions\n\n4. Quotations must remain valid for sixty (60) days from the closing date.\n",
		[]string{"- must remain valid"}},
	{"1", "a bulleted proposal validity", "obligation",
		obl20RFQ + "## Submission\n\n- Each proposal must be valid for one hundred and twenty (120) days.\n",
		[]string{"- must be valid"}},
	{"1", "Arabic bids must stay valid", "obligation",
		obl20RFQAR + "٥. يجب أن تظل العروض سارية لمدة ستين (٦٠) يوماً من تاريخ الإغلاق.\n",
		[]string{"- must سارية"}},
	{"1", "Arabic bond must stay valid, then the winner's duty", "obligation",
		obl20RFQAR + "يجب أن يكون الضمان المؤقت سارياً لمدة تسعين (٩٠) يوماً من تاريخ الإغلاق، ويلتزم المورد الفائز بتقديم ضمان حسن التنفيذ خلال عشرة (١٠) أيام من إخطاره بالترسية.\n",
		[]string{"- must سارياً", "supplier must ضمان حسن التنفيذ"}},
	{"1 neg", "shall remain valid is a state", "obligation",
		obl20RFQ + "## Conditions\n\n4. Quotations shall remain valid for sixty (60) days from the closing date.\n",
		nil},
	{"1 neg", "Arabic validity without must is a state", "obligation",
		obl20RFQAR + "٥. تظل العروض سارية لمدة ستين (٦٠) يوماً من تاريخ الإغلاق.\n",
		nil},
	{"1 neg", "a certificate that must be valid is a requirement", "obligation",
		obl20RFQAR + "## شروط التأهيل\n\n١. يجب أن يكون المتقدم حاصلاً على شهادة سارية من هيئة الضرائب.\n",
		nil},
}

// TestObl20Families: each case gives exactly the facts it wants.
// go test -p 1 ./capabilities/documentfacts -run TestObl20Families -v
func TestObl20Families(t *testing.T) {
	for _, c := range obl20Cases {
		got := conv16Items(extractText(t, c.text), c.typ)
		if msg := obl15Compare(got, c.want); msg != "" {
			t.Errorf("family %s, %s (%s):\n%s", c.family, c.name, c.typ, msg)
		}
	}
}
