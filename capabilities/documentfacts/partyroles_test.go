package documentfacts

import (
	"slices"
	"testing"
)

// TestPartiesAndSignatories: parties defined by "hereinafter referred to
// as", legal forms beyond the Gulf's, names with particles, signatories
// and representatives (who take no role of the party they sign for),
// role prefixes stripped, table headers never parties (issue 29, class
// 4).
func TestPartiesAndSignatories(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"(1) Sahab Cloud Solutions LLC, CR No. 1298765 (hereinafter referred to as the 'Provider'); and\n(2) Al Batinah Logistics SAOC (hereinafter referred to as the 'Client').",
			[]string{"supplier|Sahab Cloud Solutions LLC", "customer|Al Batinah Logistics SAOC"}},
		{"This Agreement is made between Rheinfeld Pumpen GmbH, Duisburg, hereinafter referred to as the \"Supplier\", and Van Dijk Water B.V., Rotterdam, hereinafter referred to as the \"Buyer\".",
			[]string{"supplier|Rheinfeld Pumpen GmbH", "buyer|Van Dijk Water B.V."}},
		{"Signed for the Buyer: Marieke de Vries, Director", []string{"|Marieke de Vries"}},
		{"For the Supplier: Sunil Kumar, General Manager", []string{"|Sunil Kumar"}},
		{"Signed for Oman Offshore Drilling SAOC: Ahmed Al Hinai, Operations Manager",
			[]string{"|Oman Offshore Drilling SAOC", "|Ahmed Al Hinai"}},
		{"For and on behalf of Gulf Flexible Packaging Co. LLC\nAnita Menon\nSales Manager",
			[]string{"|Gulf Flexible Packaging Co. LLC", "|Anita Menon"}},
		{"Signed for Brightwater Filtration Ltd\nName: Oliver Grant\nTitle: Commercial Director",
			[]string{"|Brightwater Filtration Ltd", "|Oliver Grant"}},
		// Arabic: the representative takes none of the company's role.
		{"الطرف الأول: شركة السلام العقارية ش.م.م، ويمثلها السيد/ ناصر بن علي الهنائي بصفته المدير العام، ويشار إليها فيما بعد بـ \"المؤجر\".",
			[]string{"landlord|شركة السلام العقارية ش.م.م", "|ناصر بن علي الهنائي"}},
		{"مستشفى الشفاء التخصصي، ويمثله في التوقيع الدكتور خالد بن حمد الشكيلي بصفته المدير التنفيذي، ويشار إليه فيما بعد بـ \"المشتري\"،",
			[]string{"buyer|مستشفى الشفاء التخصصي", "|خالد بن حمد الشكيلي"}},
		{"This Agreement is made between Al Noor Hospital, represented by Dr. Yousuf Al Kindi, its Director (the \"Buyer\"), and Gulf Medical LLC (the \"Seller\").",
			[]string{"buyer|Al Noor Hospital", "|Yousuf Al Kindi", "seller|Gulf Medical LLC"}},
		{"عن مؤسسة الواحة للأثاث المكتبي\nسالم بن خميس الرواحي\nمدير المبيعات",
			[]string{"|مؤسسة الواحة للأثاث المكتبي", "|سالم بن خميس الرواحي"}},
		{"عن المستأجر: حمد بن سالم العامري", []string{"|حمد بن سالم العامري"}},
		{"عن شركة الرعاية للتجهيزات الطبية ش.م.م | عن مستشفى الشفاء التخصصي", []string{"|شركة الرعاية للتجهيزات الطبية ش.م.م"}},
		{"تعلن بلدية صحار عن طرح مناقصة لتوريد معدات", []string{"issuer|بلدية صحار"}},
		{"This contract is entered into between the Ministry of Health (the \"Employer\") and Gulf Builders LLC (the \"Contractor\").",
			[]string{"employer|Ministry of Health", "contractor|Gulf Builders LLC"}},
		{"INVOICE\nTo: Messrs. Al Madina Logistics LLC", []string{"customer|Al Madina Logistics LLC"}},
		{"Signed: ______________  Name: Khalid Al Harthy  Title: General Manager", []string{"|Khalid Al Harthy"}},
		// Table headers are no parties.
		{"المورد | المشتري\nشركة ألف ش.م.م | شركة باء ش.م.م", []string{"|شركة ألف ش.م.م", "|شركة باء ش.م.م"}},
		{"Supplier | Description | Qty | Amount (OMR)\nAl Noor LLC | Cement | 10 | 25.000", []string{"|Al Noor LLC"}},
		// Not a signatory: a closing line with a job title only.
		{"عن الإدارة\nمدير المشتريات", nil},
	} {
		got := factSet(extractText(t, c.text), TypeParty)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n parties %q\n want    %q", c.text, got, want)
		}
	}
}

// TestDocumentTypeFromTitle: a document that calls itself a quotation
// (an invoice, a purchase order, a lease) is one, whatever else it
// mentions; a keyword inside a longer word ("pleased", "leased") does not
// count for the type.
func TestDocumentTypeFromTitle(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"QUOTATION No. Q-112\nWe are pleased to quote. The goods will be kept at your leased store; the lease of the store is not part of this offer.\nTotal: USD 100.00", "quotation"},
		{"# عرض سعر\nلتأثيث المكتب الذي استأجرتموه بموجب عقد الإيجار. المستأجر يتحمل الإيجار.\nالإجمالي: ١٠٠ ر.ع.", "quotation"},
		{"PURCHASE ORDER PO-77\nPlease deliver to the tenant's premises at the leased warehouse.", "purchase_order"},
		{"TENANCY AGREEMENT\nThe Landlord and the Tenant agree on the invoice address.", "lease"},
		{"We are pleased to invite you. The lease terms are attached: the Landlord and the Tenant sign the lease.", "lease"},
	} {
		if got := extractText(t, c.text).DocumentType; got != c.want {
			t.Errorf("%q: type %s, want %s", c.text, got, c.want)
		}
	}
}
