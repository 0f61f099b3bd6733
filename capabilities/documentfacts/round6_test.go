package documentfacts

import (
	"context"
	"slices"
	"testing"

	"dalil/capabilities/documentfacts/read"
)

// TestPartyFormsRound6: parties named with the legal forms and defined
// with the wordings of the class, not of one document (issue 29, sixth
// round): an Arabic legal form is any of the dotted initialisms that open
// with ش, ذ or م (ش.م.ع.ق, ش.ذ.م.م, ش.م.ب.م, "ش. م. م", in brackets or
// not); a Latin one is an initialism written with stops or without
// (S.P.C., Q.P.S.C., KSCP); an Arabic definition opens with يشار, يسمى,
// يدعى, يعرف or المسماة, with or without إليه and short vowels; role
// words kept as written where the guideline has none (owner, licensor,
// licensee, guarantor, carrier, shipper) and رب العمل / المتعهد.
func TestPartyFormsRound6(t *testing.T) {
	checkRound3(t, []round3Case{
		{"أبرم هذا العقد بين شركة الواحة للتطوير العقاري ش.م.ع.ق ويشار إليها فيما بعد بـ \"المالك\"، وبين مؤسسة النجم للصيانة ويُشار إليها فيما بعد بـ \"المتعهد\".",
			TypeParty, []string{"owner|شركة الواحة للتطوير العقاري ش.م.ع.ق", "contractor|مؤسسة النجم للصيانة"}, []string{"|شركة الواحة للتطوير العقاري ش.م.ع"}},
		{"الطرف الأول: شركة البحار السبعة للشحن ش.ذ.م.م، وتسمى فيما يلي \"الناقل\".\nالطرف الثاني: شركة ريف للأغذية (ش.م.ب.م) ويسمى فيما يلي \"الشاحن\".",
			TypeParty, []string{"carrier|شركة البحار السبعة للشحن ش.ذ.م.م", "shipper|شركة ريف للأغذية (ش.م.ب.م)"}, nil},
		{"حرر هذا العقد بين: السيد/ مبارك بن حمد الغافري ويُسمّى \"رب العمل\"، والسيدة/ شيخة بنت سالم المعمرية المسماة \"العاملة\".",
			TypeParty, []string{"employer|مبارك بن حمد الغافري", "employee|شيخة بنت سالم المعمرية"}, nil},
		{"شركة الجسر للمقاولات ش. م. م، ويدعى في هذا العقد \"المقاول\"",
			TypeParty, []string{"contractor|شركة الجسر للمقاولات ش. م. م"}, nil},
		{"This Licence Agreement is made between Sidra Media Q.P.S.C. (\"Licensor\") and Bayan Screens S.P.C. (\"Licensee\"), guaranteed by Al Manara Holding KSCP (the \"Guarantor\").",
			TypeParty, []string{"licensor|Sidra Media Q.P.S.C.", "licensee|Bayan Screens S.P.C.", "guarantor|Al Manara Holding KSCP"}, nil},
		{"Lessee: Falaj Coffee House SPC\nOwner: Nahdha Towers Real Estate Development FZ LLC",
			TypeParty, []string{"tenant|Falaj Coffee House SPC", "owner|Nahdha Towers Real Estate Development FZ LLC"}, nil},
		// A role of the guideline before one kept as written.
		{"Between: Najd Clinics Company, Riyadh (hereinafter \"the Owner\" or \"the Client\")",
			TypeParty, []string{"customer|Najd Clinics Company"}, []string{"owner|Najd Clinics Company"}},
		// Dotted Arabic abbreviations that are no legal form: a P.O. Box,
		// a currency.
		{"شركة الريم للتجارة ص.ب 455 مسقط\nالمبلغ: 300 ر.ع. تدفعه شركة الريم نقداً",
			TypeParty, nil, []string{"|شركة الريم للتجارة ص.ب", "|شركة الريم نقداً ر.ع"}},
		// An Arabic definition cue used as a plain verb gives no role.
		{"شركة السهل للتقنية ش.م.م المشار إليها في البند الثالث أعلاه",
			TypeParty, []string{"|شركة السهل للتقنية ش.م.م"}, nil},
	})
}

// TestPartyLayoutsRound6: parties as Arabic and bilingual documents lay
// them out (issue 29, sixth round): an Arabic definition wrapped to a
// later line past the party's representative; a preamble's أولاً: and
// a name of five words and more; a From/To label's role given way to a
// definition on a later line, but never across another party; the
// writer of a guarantee its issuer whatever it calls itself; witnesses
// numbered; the company offering a position its employer; a label
// repeated in the second language of its cell; "Bill To (the
// "Customer"):"; em dashes between two scripts; a joint-stock kind in
// brackets after the legal form; titles "د." and "الفاضلة" only as whole
// words; a person who issues or signs an invoice is no issuer; places
// and account holders are no parties.
func TestPartyLayoutsRound6(t *testing.T) {
	checkRound3(t, []round3Case{
		{"الطرف الأول: مستشفى الرحمة التخصصي، ومقره ولاية صحار، ويمثله في\nالتوقيع الدكتور/ يحيى بن عامر الفارسي بصفته المدير الطبي، ويشار إليه فيما بعد\nبـ\"العميل\".\nالطرف الثاني: شركة المدار للتبريد ش.م.م، ومقرها مسقط، ويشار إليها فيما بعد بـ\"المقاول\".",
			TypeParty, []string{"customer|مستشفى الرحمة التخصصي", "contractor|شركة المدار للتبريد ش.م.م", "|يحيى بن عامر الفارسي"}, []string{"first_party|مستشفى الرحمة التخصصي"}},
		{"ثانياً: السيدة/ نورة بنت خلفان بن مسلم الحارثية، عمانية الجنسية، ويشار إليها فيما بعد بـ\"المستأجرة\".\nالتوقيعات\nالمستأجرة: ..........\nالشاهد الأول: هلال بن سعيد العامري\nالشاهد الثاني: بدرية بنت حمود الريامية\nSecond witness: Faisal Omar Baqi",
			TypeParty, []string{"tenant|نورة بنت خلفان بن مسلم الحارثية", "|هلال بن سعيد العامري", "|بدرية بنت حمود الريامية", "|Faisal Omar Baqi"}, nil},
		{"NIZWA COMMERCIAL BANK S.A.O.G.\nGuarantees Section\n\nTo:\nPublic Authority for Water\nProjects Directorate\nMuscat\n(the \"Beneficiary\")\n\nAt the request of the Contractor, we, Nizwa Commercial Bank S.A.O.G. (the \"Guarantor\"), hereby irrevocably undertake to pay you any sum.",
			TypeParty, []string{"issuer|Nizwa Commercial Bank S.A.O.G.", "beneficiary|Public Authority for Water"}, []string{"beneficiary|NIZWA COMMERCIAL BANK S.A.O.G.", "guarantor|Nizwa Commercial Bank S.A.O.G."}},
		{"To: Mr. Yaqoob bin Said Al Kindi | إلى: الفاضل/ يعقوب بن سعيد الكندي\nDear Mr. Yaqoob, | عزيزي الفاضل يعقوب،\nSohar Steel Rolling LLC (the \"Company\") is pleased to offer you the position of Shift Engineer.\nيسر شركة صحار لدرفلة الصلب ش.م.م (ويشار إليها فيما بعد بـ\"الشركة\") أن تعرض عليك وظيفة مهندس مناوب.\nDr. Amal bint Nasser Al Shukaili | د. أمل بنت ناصر الشكيلية",
			TypeParty, []string{"employee|Yaqoob bin Said Al Kindi", "employee|يعقوب بن سعيد الكندي", "employer|Sohar Steel Rolling LLC", "employer|شركة صحار لدرفلة الصلب ش.م.م", "|أمل بنت ناصر الشكيلية"},
			[]string{"employee|إلى: الفاضل/ يعقوب بن سعيد الكندي", "|ل يعقوب"}},
		{"**Gulf Seating Co. W.L.L.** — **شركة الخليج للمقاعد ذ.م.م**\nRoad 2405, Sitra — طريق 2405، سترة\n\nTAX INVOICE\n\n**Bill to / فاتورة إلى:**\nAwal Data Centre B.S.C. (Closed) — أوال لمراكز البيانات ش.م.ب (مقفلة)\nIssued by / أصدرها: Deepak Raman, Accounts — ديباك رامان، الحسابات\nAuthorised signatory: Hussain Ali Juma",
			TypeParty, []string{"supplier|Gulf Seating Co. W.L.L.", "supplier|شركة الخليج للمقاعد ذ.م.م", "customer|Awal Data Centre B.S.C. (Closed)", "customer|أوال لمراكز البيانات ش.م.ب (مقفلة)", "|Deepak Raman", "|Hussain Ali Juma"},
			[]string{"supplier|Deepak Raman", "issuer|Deepak Raman"}},
		{"Seller:\n  Dune Optics Trading LLC (the \"Seller\")\n\nBill To (the \"Customer\"):\n  Sharjah Eye Clinic LLC\n  Sheikh Khalifa Road, Sharjah\n\nBank: First Gulf Bank, A/C name Dune Optics Trading L.L.C.",
			TypeParty, []string{"seller|Dune Optics Trading LLC", "customer|Sharjah Eye Clinic LLC"}, []string{"customer|Bill To", "|Khalifa Road", "|Dune Optics Trading L.L.C."}},
		{"شركة الخليج للاستثمار القابضة ش.م.ك (مقفلة)، ويشار إليها فيما بعد بـ\"العميل\"",
			TypeParty, []string{"customer|شركة الخليج للاستثمار القابضة ش.م.ك (مقفلة)"}, nil},
		{"شركة النجوم للتجارة ش.م.م، ويمثلها الشيخ/ ماجد بن سالم الحارثي، رئيس مجلس الإدارة (ويشار إليها فيما بعد بـ\"الوكيل\").\nعناية: الأستاذ/ حمد بن راشد الغيلاني - مدير المشتريات",
			TypeParty, []string{"agent|شركة النجوم للتجارة ش.م.م", "|ماجد بن سالم الحارثي", "|حمد بن راشد الغيلاني"}, []string{"agent|مجلس الإدارة", "|مجلس الإدارة"}},
		{"إعلان مناقصة\nتغلق العطاءات في 2026/09/30.\nرئيس لجنة المناقصات\nخالد بن مسعود العبري",
			TypeParty, []string{"|خالد بن مسعود العبري"}, nil},
		{"شهادة ضمان\nتشهد شركة الريادة للطاقة ش.م.م (ويشار إليها فيما بعد بـ\"الشركة\") بأنها قامت\nبتوريد وتركيب مولدين لصالح العميل.\nWARRANTY CERTIFICATE\nPolar Chillers LLC (the \"Company\") certifies that it has supplied and installed two chillers.",
			TypeParty, []string{"supplier|شركة الريادة للطاقة ش.م.م", "supplier|Polar Chillers LLC"}, nil},
		{"تعلن بلدية صور (ويشار إليها فيما بعد بـ\"الجهة المالكة\") عن طرح مناقصة صيانة الطرق.",
			// session 21, decision 36: a tender's author is issuer whatever word it defines
			TypeParty, []string{"issuer|بلدية صور"}, []string{"owner|بلدية صور"}},
	})
	// A quotation whose terms say "the Buyer" names its addressee so.
	out := extractText(t, "QUOTATION\nTo: Dhofar Cement Company SAOG\nTerms: The Buyer shall pay within 30 days of delivery.")
	if got := factSet(out, TypeParty); !slices.Contains(got, "buyer|Dhofar Cement Company SAOG") {
		t.Errorf("quotation to the Buyer: got %q", got)
	}
}

// extractMarkdown reads text as a Markdown file.
func extractMarkdown(t *testing.T, text string) Output {
	t.Helper()
	doc, err := read.Read(context.Background(), []byte(text), "text/markdown", "doc.md", read.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	out := extractAll(doc, source{kind: "text"}, Input{})
	checkEvidence(t, out)
	return out
}

// TestMoneyRound6: money as invoices and contracts lay it out (issue 29,
// sixth round): a summary row "label (CUR) | number" (a plain-text line
// whose wide gap the reader makes a cell), its deduction's minus sign
// no part of the amount; summary rows that name no currency take the
// currency of the row above or of the last table's header; a plain-text
// table stays open over its rule of dashes and over a description wrapped
// to a line of its own; a header of one currency cell ("| | QAR |"); a net
// taxable amount that the subtotal less the discount makes is the net
// amount, a balance that the total less an advance makes an amount; a
// sum deducted per day or per event a penalty; an instalment an amount;
// a bilingual label keyed by its English half; "شاملاً الضريبة" a total.
func TestMoneyRound6(t *testing.T) {
	checkRound3(t, []round3Case{
		{"TAX INVOICE\n\n                              Subtotal (QAR)             12,400.00\n                              Discount 2% (QAR)            -248.00\n                              Net taxable amount (QAR)   12,152.00\n                              VAT 5% (QAR)                  607.60\n                              Total incl. VAT (QAR)      12,759.60\n                              Less advance received      -5,000.00\n                              BALANCE DUE (QAR)           7,759.60\n",
			TypeMoney, []string{"subtotal|12400 QAR", "discount|248 QAR", "net_amount|12152 QAR", "tax_amount|607.6 QAR", "total_amount|12759.6 QAR", "advance_payment|5000 QAR", "amount|7759.6 QAR"},
			[]string{"total_amount|7759.6 QAR"}},
		{"QUOTATION\n\nNo.  Item                          Qty    Unit price (OMR)   Amount (OMR)\n---  ----------------------------  -----  -----------------  ------------\n1    Safety helmet                    50            3.2000        160.000\n     خوذة سلامة\n2    Safety boots, steel toe          20           14.5000        290.000\n     حذاء سلامة\n\nPage 2 / الصفحة 2\nSubtotal / المجموع                                         450.000\nVAT 5% / ضريبة القيمة المضافة 5%                            22.500\nTotal / الإجمالي                                           472.500\n",
			TypeMoney, []string{"price|3.2 OMR", "price|160 OMR", "price|14.5 OMR", "price|290 OMR", "subtotal|450 OMR", "tax_amount|22.5 OMR", "total_amount|472.5 OMR"}, nil},
		{"The Contractor shall keep four cleaners on site. If a cleaner is absent, the Client may deduct OMR 12.500 per day.\nيحق للعميل أن يخصم مبلغ 40.000 ر.ع. عن كل زيارة متأخرة.\nتدفع قيمة العقد على أربعة أقساط، قيمة كل قسط 9,000.000 ر.ع.\nThe Buyer shall receive a discount of OMR 300.000 on orders above OMR 10,000.000.",
			TypeMoney, []string{"penalty_amount|12.5 OMR", "penalty_amount|40 OMR", "amount|9000 OMR", "discount|300 OMR"}, []string{"discount|40 OMR", "contract_value|9000 OMR"}},
	})
	checkRound3(t, []round3Case{
		{"The Employer shall pay an advance of 15% of the Contract Price before VAT, OMR 12,000.000, within 14 days.\nيدفع المالك دفعة مقدمة بنسبة 15% من قيمة العقد قبل الضريبة، أي 9,000.000 ر.ع.\nرسم الزيارة خارج الضمان: 40.000 ر.ع. للزيارة.",
			TypeMoney, []string{"advance_payment|12000 OMR", "advance_payment|9000 OMR", "fee|40 OMR"}, []string{"subtotal|12000 OMR", "subtotal|9000 OMR"}},
		{"إعلان مناقصة\nقيمة مستندات المناقصة: 75 ر.ع. غير مستردة.\nيرفق بالعطاء ضمان بنكي مؤقت بقيمة 3,200 ر.ع.\nألا يقل متوسط الإيرادات السنوية للمتقدم عن 250,000 ر.ع.",
			TypeMoney, []string{"tender_fee|75 OMR", "bid_bond|3200 OMR", "amount|250000 OMR"}, []string{"revenue|250000 OMR"}},
	})
	out0 := extractMarkdown(t, "| Year | Minimum purchases (EUR) / الحد الأدنى للمشتريات |\n|---|---|\n| 2027 | 120,000 |\n| 2028 | 150,000 |\n")
	if got := factSet(out0, TypeMoney); !slices.Contains(got, "minimum_purchase|120000 EUR") || !slices.Contains(got, "minimum_purchase|150000 EUR") {
		t.Errorf("minimum purchases column: got %q", got)
	}
	// A purchase order's own number and date in a table at its top.
	po := extractMarkdown(t, "# أمر شراء\n\n**مستشفى النور**\n\n| رقم الأمر | التاريخ | المرجع |\n|---|---|---|\n| PO-77 | 2026/05/03م | RFQ-12 |\n\nيلتزم المورد بالتوريد.\n")
	if got := factSet(po, TypeDate); !slices.Contains(got, "document_date|2026-05-03") {
		t.Errorf("order's date in its top table: got %q", got)
	}
	out := extractMarkdown(t, "# TAX INVOICE\n\n| # | Item | Qty | Amount (QAR) |\n|---|---|---|---|\n| 1 | Desk | 2 | 1,000.00 |\n\n| | QAR / ر.ق |\n|---|---|\n| Monthly fee / الأجر الشهري | 2,500.00 |\n| Total excluding VAT / الإجمالي قبل الضريبة | 1,000.00 |\n| Total including VAT / الإجمالي شاملاً الضريبة | 1,050.00 |\n")
	got := factSet(out, TypeMoney)
	for _, w := range []string{"fee|2500 QAR", "subtotal|1000 QAR", "total_amount|1050 QAR"} {
		if !slices.Contains(got, w) {
			t.Errorf("markdown summary: %q missing; got %q", w, got)
		}
	}
	if slices.Contains(got, "salary|2500 QAR") || slices.Contains(got, "tax_amount|1050 QAR") {
		t.Errorf("markdown summary: keyed by the Arabic half; got %q", got)
	}
}

// TestDatesDurationsRound6: signature dates and durations as documents
// lay them out (issue 29, sixth round): a date alone in a signature
// column, or ending a signing line, is the date of signing; role
// headings alone ("الطرف الأول (العميل)   الطرف الثاني (المقاول)") open
// a signature block; a table's period takes its column header's role
// ("مدة الضمان", "Notice period"); a later item of a list with only
// "for a period" / لمدة keeps the warranty its list opened with; an
// Arabic sentence's first letter is kept when a cue is looked for
// after a sentence end ("2. يضمن" was read "ضمن").
func TestDatesDurationsRound6(t *testing.T) {
	checkRound3(t, []round3Case{
		{"SERVICES AGREEMENT\nThis Agreement is made on 3 May 2026.\nFor the Client: Mr. Nabil Yousuf Haddad, Finance Director — 4 May 2026\nFor the Contractor: Ms. Leena Paul, Manager — 5 May 2026",
			TypeDate, []string{"agreement_date|2026-05-03", "signature_date|2026-05-04", "signature_date|2026-05-05"}, nil},
		{"عقد صيانة\nأبرم هذا العقد في 2026/04/10م.\nالطرف الأول (المؤجر)                 الطرف الثاني (المستأجر)\nسالم بن علي الهاشمي                   شركة المروج للتجارة ش.م.م\nالتاريخ: 2026/04/12م                  التاريخ: 2026/04/13م",
			TypeDate, []string{"signature_date|2026-04-12", "signature_date|2026-04-13"}, nil},
		{"LEASE\nSigned:\nFor the Landlord | The Tenant\nKhalid Saif Al Amri | Meera Nair\n20 June 2026 | 21 June 2026",
			TypeDate, []string{"signature_date|2026-06-20", "signature_date|2026-06-21"}, nil},
		// A date alone under no signature stays a date.
		{"PROJECT PLAN\nThe plan was revised.\nMilestone | Date\nDesign | 20 June 2026",
			TypeDate, nil, []string{"signature_date|2026-06-20"}},
		{"ينتهي عقد الصيانة المشار إليه بالتراضي اعتباراً من 15 مارس 2027م.\nThe Lease shall terminate by mutual consent with effect from 30 June 2027.\nيسري هذا العقد اعتباراً من 1 يناير 2027م.\nيلتزم المقاول بإعادة المعدات إلى المستودع في موعد أقصاه 20 يناير 2027م.\nInvoice Date: 19/05/2026              Date of Supply: 14/05/2026",
			TypeDate, []string{"expiry_date|2027-03-15", "expiry_date|2027-06-30", "effective_date|2027-01-01", "delivery_date|2027-01-20", "delivery_date|2026-05-14"},
			[]string{"effective_date|2027-03-15", "effective_date|2027-06-30", "invoice_date|2026-05-14"}},
		{"مدة هذا العقد سنتان (2) تبدأ من 1 مارس 2027م، ويتجدد تلقائياً لمدة مماثلة ما لم يخطر أحد الطرفين الآخر.\nThe initial term is three (3) years and shall be renewed for a like period unless either party objects.\nلا يجوز للموظف الإفصاح عن أسرار الشركة لمدة ثلاث (3) سنوات من انتهاء العقد.\nThis guarantee is valid from the date of issue until 31 May 2027, a period of ten (10) months.",
			TypeDuration, []string{"term|P2Y", "renewal_term|P2Y", "term|P3Y", "renewal_term|P3Y", "confidentiality_period|P3Y", "duration|P10M"}, []string{"term|P10M"}},
		// A like period with no term before it, or no renewal, is none.
		{"The price list applies for the same period as the agreement.\nتسري الأسعار لمدة مماثلة.",
			TypeDuration, nil, []string{"renewal_term|P1Y"}},
		{"You will join on 1 February 2027.\nEmployment commences on 3 February 2027 and is for two years.\nThe Subcontractor shall commence the Works on 5 February 2027.\nتاريخ المباشرة: 7 فبراير 2027\nThis Agreement takes effect on 9 February 2027.\nCommencement Date: 11 February 2027",
			TypeDate, []string{"start_date|2027-02-01", "effective_date|2027-02-03", "effective_date|2027-02-05", "effective_date|2027-02-07", "effective_date|2027-02-09", "effective_date|2027-02-11"}, nil}, // session 19 decision 6 (convention_bonds_parent_dates.go): a contract's own start is effective_date
		{"يتجدد العقد تلقائياً ما لم يخطر أحد الطرفين الآخر برغبته في عدم التجديد قبل ستين (60) يوماً.\nفي حال تأخر العميل عن سداد أي قسط أكثر من عشرين (20) يوماً، تستحق غرامة.\nIf any payment is late by more than ten (10) days, the whole balance falls due.\nThe Customer shall pay each invoice within thirty (30) days.",
			TypeDuration, []string{"notice_period|P60D", "duration|P20D", "duration|P10D", "payment_period|P30D"}, []string{"renewal_term|P60D", "payment_period|P20D"}},
		{"شهادة ضمان\n\nالمكون                     مدة الضمان        تاريخ الانتهاء\nالمضخات                    3 سنوات           2029/05/31\nلوحات التحكم               18 شهراً          2027/11/30\n",
			TypeDuration, []string{"warranty_period|P3Y", "warranty_period|P18M"}, nil},
		{"2. يضمن المورد المضخات ضد عيوب الصناعة لمدة ثلاث (3) سنوات، واللوحات لمدة سنة واحدة.\nThe chairs are warranted for three (3) years; the fabric for a period of one year.",
			TypeDuration, []string{"warranty_period|P3Y", "warranty_period|P1Y"}, []string{"term|P3Y", "term|P1Y"}},
	})
}

// TestLawRound6: a law issued by Royal Decree of the Sultan (المرسوم
// السلطاني) is Oman's, as "العماني" says (issue 29, sixth round).
func TestLawRound6(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"يخضع هذا العقد لقانون العمل الصادر بالمرسوم السلطاني رقم 53/2023.", true},
		{"تخضع هذه المناقصة لقانون المناقصات الصادر بمرسوم سلطاني رقم 36/2008.", true},
		{"يقدم المورد العطاء وفق الأصول.", false},
	} {
		var got []string
		for _, f := range extractText(t, c.text).Facts {
			if f.Type == TypeGoverningLaw {
				got = append(got, f.Normalized)
			}
		}
		if has := slices.Contains(got, "OM"); has != c.want {
			t.Errorf("%q: law OM %v, got %q", c.text, c.want, got)
		}
	}
}
