package documentfacts

import (
	"slices"
	"testing"
)

// TestPartyDefinitionsAndSignatures: roles from definitions however they
// are quoted ('("the Purchaser")', '("SF" or the "Customer")',
// "hereinafter: the Vendor", a parenthesis of numbers passed over), from
// bilingual labels and "First Party (Landlord):", names in two scripts,
// the issuer of a purchase order; signatories in signature tables, under
// a company or a role heading, "Signed for X by Y", "SIGNED by Y, ...,
// for and on behalf of X", "Approved by:", a signing line after a role
// label, representatives "في هذا العقد"; "Authorised Signatory" is nobody
// (issue 29, class 3). None of these wordings is a corpus document's.
func TestPartyDefinitionsAndSignatures(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{`This Agreement is made between Nahr Trading LLC ("the Purchaser") and Kettle Systems Ltd ("the Vendor").`,
			[]string{"buyer|Nahr Trading LLC", "supplier|Kettle Systems Ltd"}},
		{`Sahra Foods SAOC ("SF" or the "Customer") and Kettle Systems Ltd ("Kettle" or the "Supplier")`,
			[]string{"customer|Sahra Foods SAOC", "supplier|Kettle Systems Ltd"}},
		{`Kettle Systems Ltd, Leeds, hereinafter: the "Seller"; and Aqua Pure LLC, Sohar, hereinafter called 'the Distributor'.`,
			[]string{"seller|Kettle Systems Ltd", "distributor|Aqua Pure LLC"}},
		{`Gulf Data LLC (CR No. 1234567) (the "Recipient")`, []string{"receiving_party|Gulf Data LLC"}},
		{"Buyer / المشتري: Atlas Cement LLC / شركة أطلس للإسمنت ش.م.م", []string{"buyer|Atlas Cement LLC", "buyer|شركة أطلس للإسمنت ش.م.م"}},
		{"First Party (Landlord): Zahra Properties LLC, Muscat", []string{"landlord|Zahra Properties LLC"}},
		{"Tenant: ______________ Ali Al Ruqaishi", []string{"|Ali Al Ruqaishi"}},
		{"For Atlas Cement LLC | For the Supplier\nHamid Al Amri, Finance Manager | Lena Fischer, Sales Director",
			[]string{"|Atlas Cement LLC", "|Hamid Al Amri", "|Lena Fischer"}},
		{"Atlas Cement LLC\nHamid Al Amri, Finance Manager", []string{"|Atlas Cement LLC", "|Hamid Al Amri"}},
		{"Atlas Cement LLC\nRusayl Industrial Estate, Muscat", []string{"|Atlas Cement LLC"}},
		{"Signed for Atlas Cement LLC by Mr. Hamid Al Amri, Finance Manager", []string{"|Atlas Cement LLC", "|Hamid Al Amri"}},
		{"SIGNED by Lena Fischer, Director, for and on behalf of Kettle Systems Ltd", []string{"|Kettle Systems Ltd", "|Lena Fischer"}},
		{"Approved by: Noura Al Lawati, Procurement Head", []string{"|Noura Al Lawati"}},
		{"Buyer / المشتري   Seller / البائع\nName: Hamid Al Amri   Name: Lena Fischer", []string{"|Hamid Al Amri", "|Lena Fischer"}},
		{"عرض سعر\nالسادة/ شركة النهضة للخدمات ش.م.م المحترمين", []string{"customer|شركة النهضة للخدمات ش.م.م"}},
		{`الطرف الأول: شركة الريف للتطوير ش.م.م، ويمثلها في هذا العقد السيد خالد بن سعيد الريامي، ويشار إليها فيما بعد بـ "المؤجر".`,
			[]string{"landlord|شركة الريف للتطوير ش.م.م", "|خالد بن سعيد الريامي"}},
		{"INVOICE\nNIZWA PIPES LLC   شركة نزوى للأنابيب ش.م.م\nCustomer: Atlas Cement LLC",
			[]string{"customer|Atlas Cement LLC", "supplier|NIZWA PIPES LLC", "supplier|شركة نزوى للأنابيب ش.م.م"}},
		{"PURCHASE ORDER\nAtlas Cement LLC\nSupplier: Kettle Systems Ltd", []string{"buyer|Atlas Cement LLC", "supplier|Kettle Systems Ltd"}},
		{"For Atlas Cement LLC\nAuthorised Signatory", []string{"|Atlas Cement LLC"}},
		{"Signed for Gulf Cables Co. SAOG", []string{"|Gulf Cables Co. SAOG"}},
	} {
		got := factSet(extractText(t, c.text), TypeParty)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n parties %q\n want    %q", c.text, got, want)
		}
	}
}
