package documentfacts

import "testing"

// Issue 29, session 23: parties by families (party_boards_definitions.go). Short
// documents of our own in the families' shapes, negatives included,
// checked as round 16's cases are (partyCheck).
var partyBoardsDefinitionsCases = []partyCase{
	// J. Captions and descriptions are no names.
	{"J data rows read as names", "SUPPLY CONTRACT - CONTRACT DATA\n\nBuyer | Nakheel Bottling Company SAOG (the \"Buyer\")\nSeller | Sur Glass Works LLC (the \"Seller\")\nCommencement Date | 3 May 2026\nContract Price | OMR 120,000.000\nDefects Liability Period | 12 months\n\nThe Seller shall deliver the bottles within 30 days.",
		map[string]string{"Nakheel Bottling Company SAOG": "buyer", "Sur Glass Works LLC": "seller"}, []string{"Commencement Date", "Contract Price", "Defects Liability Period"}, nil},
	{"J Arabic acceptance caption and a description", "عقد خدمات\n\nأولاً: شركة الريان للتقنية ش.م.م، شركة مسجلة في سلطنة عمان، ويشار إليها فيما بعد بـ \"المورد\"؛\nثانياً: شركة نزوى للأغذية ش.م.ع.م ويشار إليها فيما بعد بـ \"العميل\".\n\nيلتزم المورد بتقديم الخدمات.\n\nتوقيع العميل\nسعيد بن علي الهنائي",
		map[string]string{"شركة الريان للتقنية ش.م.م": "supplier"}, []string{"شركة مسجلة في سلطنة عمان", "توقيع العميل"}, nil},
	{"J a guarantee issued by a group", "خطاب عرض تسهيلات\n\nيعرض بنك الباطنة ش.م.ع.ع (ويشار إليه فيما بعد بـ \"البنك\") على شركة الرستاق للأغذية ش.م.م (ويشار إليها فيما بعد بـ \"المقترض\") قرضاً.\nيجب على المقترض أن يقدم للبنك ما يلي:\n(أ) كفالة شركة صادرة من مجموعة السيب القابضة ش.م.ع.م (\"الضامن\") بكامل المبلغ.",
		map[string]string{"مجموعة السيب القابضة ش.م.ع.م": "guarantor"}, []string{"شركة صادرة من مجموعة السيب القابضة ش.م.ع.م"}, nil},

	// B. A bilingual resolution: attendees and signatories, the issuer.
	{"B bilingual resolution columns", "# BOARD RESOLUTION | قرار مجلس الإدارة\nFalcon Bay Logistics PJSC, Dubai (the \"Company\") | شركة خليج الصقر للخدمات اللوجستية ش.م.ع، دبي (\"الشركة\")\nPresent: Khalid Rashid Al Suwaidi (Chairman), Laura Bennett, Yousef Ahmed Al Nuaimi | الحضور: خالد راشد السويدي (رئيس المجلس)، Laura Bennett، يوسف أحمد النعيمي\n1. The following persons are authorised to sign cheques: Class A: Khalid Rashid Al Suwaidi and Hessa Saeed Al Marri; Class B: Arjun Pillai, Finance Manager. | 1. يفوض الأشخاص التالية أسماؤهم بالتوقيع على الشيكات: الفئة (أ): خالد راشد السويدي وحصة سعيد المري؛ الفئة (ب): Arjun Pillai، مدير المالية.\n2. The Company shall send this resolution to the bank within 5 days. | 2. تلتزم الشركة بإرسال هذا القرار إلى البنك خلال 5 أيام.",
		map[string]string{"Falcon Bay Logistics PJSC": "issuer", "شركة خليج الصقر للخدمات اللوجستية ش.م.ع": "issuer", "Laura Bennett": "-", "Yousef Ahmed Al Nuaimi": "-",
			"يوسف أحمد النعيمي": "-", "Hessa Saeed Al Marri": "-", "حصة سعيد المري": "-", "Arjun Pillai": "-", "خالد راشد السويدي": "-"}, []string{"مدير المالية", "Finance Manager"}, nil},
	{"B Arabic resolution, attendance and secretary", "# قرار الشركاء رقم 2 لسنة 2026\nشركة صلالة للتبريد ش.م.م\nالحضور: سالم محمد الشنفري، مريم علي المعشني\nبحضور: هدى سعيد الكثيري، أمينة سر الاجتماع\nقرر الشركاء فتح فرع في صلالة.",
		map[string]string{"سالم محمد الشنفري": "-", "مريم علي المعشني": "-", "هدى سعيد الكثيري": "-"}, []string{"أمينة سر الاجتماع"}, nil},

	// I. A company by its description, whatever its legal form.
	{"I incorporated abroad, defined as the Company", "DISTRIBUTION AGREEMENT\n\nThis Agreement is made between:\n1. Fjord Marine Systems ASA, a public limited company incorporated in Norway, hereinafter \"the Company\"; and\n2. Al Khaleej Trading LLC, Muscat, hereinafter \"the Distributor\".\n\nThe Distributor shall promote the products.",
		map[string]string{"Fjord Marine Systems ASA": "company", "Al Khaleej Trading LLC": "distributor"}, nil, nil},
	{"I negative: the description of a defined party", "SERVICES AGREEMENT\n\nThe Client, a company registered in Oman, and the Supplier agree as follows.",
		nil, []string{"The Client"}, nil},

	// F. A facility letter: the Bank lends.
	{"F facility letter, bank in both scripts", "MAZOON COMMERCIAL BANK SAOG | بنك مزون التجاري ش.م.ع.ع\n\nTo: Sahm Plastics LLC\n\nOFFER LETTER FOR BANKING FACILITIES\n\nMazoon Commercial Bank SAOG (the \"Bank\") offers Sahm Plastics LLC (the \"Borrower\") a term loan of OMR 500,000.000.\nيعرض بنك مزون التجاري ش.م.ع.ع (ويشار إليه فيما بعد بـ \"البنك\") على شركة سهم للبلاستيك ش.م.م (ويشار إليها فيما بعد بـ \"المقترض\") قرضاً لأجل.\n\nThe Borrower shall repay the loan in 12 instalments.",
		map[string]string{"Sahm Plastics LLC": "borrower", "بنك مزون التجاري ش.م.ع.ع": "lender", "شركة سهم للبلاستيك ش.م.م": "borrower"}, nil, nil},
	{"F negative: a bank defined where no one borrows", "ACCOUNT OPENING TERMS\n\nGulf Union Bank BSC (the \"Bank\") and Manama Foods W.L.L. (the \"Customer\") agree as follows.\nThe Customer shall keep a minimum balance.",
		map[string]string{"Manama Foods W.L.L.": "customer"}, nil, nil},

	// D. Defined at a later mention.
	{"D Arabic addressee defined in the body", "بنك ظفار الدولي ش.م.ع.ع\n\nإلى: شركة مرباط للأسماك ش.م.م\n\nيسر بنك ظفار الدولي ش.م.ع.ع أن يقدم إلى شركة مرباط للأسماك ش.م.م (ويشار إليها فيما بعد بـ \"المقترض\") التسهيلات الآتية.",
		map[string]string{"شركة مرباط للأسماك ش.م.م": "borrower"}, nil, nil},

	// W. Roles of us and you in a letter.
	{"W Arabic بصفتنا / بصفتكم", "شركة الخبر للعقارات\nالتاريخ: 2026/02/01م\n\nالسادة/ مؤسسة الفجر للتجارة المحترمين\n\nإشارة إلى عقد الإيجار المبرم بيننا بصفتنا \"المؤجر\" وبينكم بصفتكم \"المستأجر\"، نود إشعاركم بتجديد العقد.",
		map[string]string{"شركة الخبر للعقارات": "landlord", "مؤسسة الفجر للتجارة": "tenant"}, nil, nil},
	{"W English us as / you as", "HARBOUR VIEW PROPERTIES LLC\n\nTo: Blue Reef Diving Centre LLC\n\nRENEWAL NOTICE\n\nWe refer to the lease between us as the Landlord and you as the Tenant for Unit 4. We offer to renew it for one year.",
		map[string]string{"HARBOUR VIEW PROPERTIES LLC": "landlord", "Blue Reef Diving Centre LLC": "tenant"}, nil, nil},

	// T. A tender's author labelled or defined by its word.
	{"T priced bill, Employer labelled", "# PRICED BILL OF QUANTITIES - TENDER No. 7/2026\nEmployer: Sharqiya Water Company SAOC\nBidder: Sur Civil Works LLC\n\nThe Bidder shall price every item of the bill. The tender sum includes VAT.",
		map[string]string{"Sharqiya Water Company SAOC": "issuer"}, nil, nil},
	{"T request for proposals issued by the Company", "REQUEST FOR PROPOSALS - ACTUARIAL SERVICES\n\nIssued by Muscat Pension Services SAOC (the \"Company\"), Muscat.\nProposals shall be submitted by 10 May 2026. The tender closes at noon.",
		map[string]string{"Muscat Pension Services SAOC": "issuer"}, nil, nil},

	// L. Two role words in one label.
	{"L Engineer / Consultant in a certificate", "# Payment Certificate No. 3\n\n| Employer | Doha Schools Company W.L.L. (the \"Employer\") |\n| Contractor | Lusail Builders W.L.L. (the \"Contractor\") |\n| Engineer / Consultant | Pearl Design Partners W.L.L. |\n| Amount certified | QAR 1,200,000.00 |",
		map[string]string{"Pearl Design Partners W.L.L.": "consultant"}, nil, nil},

	// A. An announcing ministry with its directorate in brackets.
	{"A تعلن وزارة (directorate) عن طرح", "# إعلان مناقصة\n\nتعلن وزارة النقل والاتصالات وتقنية المعلومات (المديرية العامة للطرق) عن طرح المناقصة رقم 4/2026 لصيانة الطرق.\nآخر موعد لتقديم العطاءات 10 مايو 2026.",
		map[string]string{"وزارة النقل والاتصالات وتقنية المعلومات": "issuer"}, nil, nil},

	// X. The twin under a bilingual label; the person of a closing line.
	{"X twin on the next line, person signing", "PROFORMA INVOICE / فاتورة مبدئية\n\nSeller / البائع: Rhein Valve Technik GmbH, Essen\nBuyer / المشتري: Sohar Refinery Services LLC, Sohar\nشركة صحار لخدمات المصافي ش.م.م، صحار\nTotal: EUR 12.500,00\n\nRhein Valve Technik GmbH - Klaus Brenner, Sales Director - Essen, 04.05.2026",
		map[string]string{"Sohar Refinery Services LLC": "buyer", "شركة صحار لخدمات المصافي ش.م.م": "buyer", "Klaus Brenner": "-"}, nil, nil},

	// Variants: English minutes with a signatories list, an Arabic-only
	// facility letter, "in our capacity as".
	{"B english minutes with authorised signatories", "MINUTES OF A MEETING OF THE BOARD OF DIRECTORS OF QURUM HOTELS SAOG\nHeld on 4 May 2026\nPresent: Salim Nasser Al Harthy (Chairman), Anita Desai\n\nRESOLVED that the following persons are authorised signatories of the Company: Group A: Salim Nasser Al Harthy and Hamed Ali Al Busaidi; Group B: Thomas Keller, Finance Director.\n",
		map[string]string{"Hamed Ali Al Busaidi": "-", "Thomas Keller": "-", "Anita Desai": "-"}, []string{"Finance Director"}, nil},
	{"F english lender word bank with Arabic only twin", "خطاب عرض تسهيلات\n\nيسر بنك نزوى ش.م.ع.ع (ويشار إليه فيما بعد بـ \"البنك\") أن يعرض على شركة إزكي للألبان ش.م.م (ويشار إليها فيما بعد بـ \"المقترض\") قرضاً بمبلغ 100,000 ريال عماني.\nيلتزم المقترض بسداد القرض على أقساط.",
		map[string]string{"بنك نزوى ش.م.ع.ع": "lender", "شركة إزكي للألبان ش.م.م": "borrower"}, nil, nil},
	{"W english capacity", "AL MOUJ ESTATES SAOC\n\nTo: Wave Cafe LLC\n\nDear Sirs,\nUnder the tenancy agreement signed between us in our capacity as Landlord and you in your capacity as Tenant, we give notice that the rent will rise.",
		map[string]string{"AL MOUJ ESTATES SAOC": "landlord", "Wave Cafe LLC": "tenant"}, nil, nil},
	{"D the definition after a second company is not the first's", "بنك ظفار الدولي ش.م.ع.ع\n\nإلى: شركة مرباط للأسماك ش.م.م\n\nيسر بنك ظفار الدولي ش.م.ع.ع أن يقدم إلى شركة مرباط للأسماك ش.م.م (ويشار إليها فيما بعد بـ \"المقترض\") التسهيلات الآتية.",
		// (the bank: lender since convention 68, session 24, party_bank_letters.go;
		// the definition is still not the bank's)
		map[string]string{"شركة مرباط للأسماك ش.م.م": "borrower", "بنك ظفار الدولي ش.م.ع.ع": "lender"}, nil, nil},

	// S. A statement's letterhead supplies its labelled customer.
	{"S statement of account, letterhead and Customer label", "SALALAH GASES LLC\nStatement of Account\n\nCustomer: Mirbat Fisheries SAOC\nStatement date: 31 March 2026\n\nOpening balance | 1,200.000\nClosing balance | 2,400.000",
		map[string]string{"SALALAH GASES LLC": "supplier", "Mirbat Fisheries SAOC": "customer"}, nil, nil},
	{"S negative: a purchase order's letterhead buys", "NIZWA CEMENT COMPANY SAOG\nP.O. Box 12, Nizwa\n\nPURCHASE ORDER No. PO-2026-114\nDate: 2 March 2026\n\nVendor: Al Hadaf Spare Parts LLC\n\n1 | Bearing | 10 | 45.000 | 450.000\nTotal: OMR 450.000",
		map[string]string{"NIZWA CEMENT COMPANY SAOG": "buyer", "Al Hadaf Spare Parts LLC": "supplier"}, nil, nil},
}

func TestParty23Families(t *testing.T) {
	for _, c := range partyBoardsDefinitionsCases {
		if msg := partyCheck(t, c); msg != "" {
			t.Errorf("%s:\n%s", c.family, msg)
		}
	}
}

func TestParty23QualifiedRoles(t *testing.T) {
	for w, want := range map[string]string{"Framework Supplier": "supplier", "the Main Contractor": "contractor", "Successful Bidder": "bidder",
		"Approved Supplier": "supplier", "Managing Agent": "managing_agent", "Lead Member": "lead_member", "Framework Agreement": ""} {
		if got := lexRole(w); got != want {
			t.Errorf("lexRole(%q) = %q, want %q", w, got, want)
		}
	}
}

func TestParty23TwinUnderLabel(t *testing.T) {
	for text, want := range map[string]int{
		"Buyer / المشتري: Sohar Refinery Services LLC, Sohar\nشركة صحار لخدمات المصافي ش.م.م، صحار":       1,
		"Port of loading / ميناء الشحن: Jebel Ali Port Company LLC, Dubai\nشركة ميناء جبل علي ش.م.م، دبي": 0,
		"Buyer / المشتري: Sohar, Oman\nشركة صحار لخدمات المصافي ش.م.م، صحار":                              0,
	} {
		if got := len(twinUnderLabel(text)); got != want {
			t.Errorf("%q: %d twins, want %d", text, got, want)
		}
	}
}
