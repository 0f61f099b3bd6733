package documentfacts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 29, session 15: what is a requirement (requirement_criterion.go). Every
// document and sentence here was written for these tests; none is taken
// from a corpus.

// TestRequirementContextRound10: the document's kind, read from its first
// line and opening: a contract, order, invoice, quotation or award binds
// its parties; a tender, RFQ, job advert or registration selects someone.
func TestRequirementContextRound10(t *testing.T) {
	for _, c := range []struct {
		text               string
		binding, selecting bool
	}{
		{"SUPPLY AGREEMENT\n\nThis Agreement is made on 2 March 2027 between A LLC and B SAOC.", true, false},
		{"Maintenance Contract\nNo. 44/2027", true, false},
		{"QUOTATION No. Q-17\nYour RFQ: RFQ/2027/31", true, false},
		{"PURCHASE ORDER No. 5521\nDate: 10 March 2027", true, false},
		{"TAX INVOICE\nInvoice No. 88", true, false},
		{"LETTER OF AWARD\nTender No. 9/2027", true, false},
		{"عقد توريد\nحرر هذا العقد في 5 يناير 2027", true, false},
		{"عرض سعر رقم 55\nبالإشارة إلى طلبكم", true, false},
		{"Quotation Request No. 12\nPlease quote for the items below.", false, true},
		{"REQUEST FOR QUOTATION No. RFQ/2027/114\nSupply of reagents", false, true},
		{"Contract Tender No. 7/2027\nInvitation to bid for the works", false, true},
		{"إعلان مناقصة رقم 7/2027\nتوريد مولدات", false, true},
		{"VACANCY: Senior Accountant\nWe are hiring.", false, true},
		{"إعلان وظيفة شاغرة\nتعلن الشركة عن حاجتها إلى محاسب", false, true},
		{"SUPPLIER REGISTRATION POLICY\nIssued by X SAOC", false, true},
		{"Dear Sirs,\n\nPlease find our comments below.", false, false},
	} {
		ctx := requirementContext(c.text)
		if ctx.binding != c.binding || ctx.selecting != c.selecting {
			t.Errorf("%q: binding %v selecting %v, want %v %v", c.text, ctx.binding, ctx.selecting, c.binding, c.selecting)
		}
	}
}

// TestNotAConditionRound10: in a selecting document, what is no
// condition to qualify: a definition, the manner and form of handing in
// a bid, what becomes of a failing bid, advice on the procedure, a
// sentence announcing a list; and what still is one.
func TestNotAConditionRound10(t *testing.T) {
	ctx := reqContext{tender: true, selecting: true}
	for _, c := range []struct {
		text string
		not  bool
	}{
		{`"Bidder" means any company that submits a bid.`, true},
		{"يقصد بالمناقص كل شركة تتقدم بعطاء.", true},
		{"Tenders shall be submitted in two sealed envelopes.", true},
		{"Bids must be delivered to the Tender Board office.", true},
		{"Quotations must be submitted through the e-tendering portal.", true},
		{"تقدم العطاءات في مظروفين مختومين.", true},
		{"يشترط تقديم العطاء باللغة العربية أو الإنجليزية.", true},
		{"Incomplete bids will be rejected.", true},
		{"Bids that do not meet these conditions shall be disqualified.", true},
		{"تستبعد العطاءات غير المستوفية للشروط.", true},
		{"Bidders should examine all tender documents carefully.", true},
		{"The following documents shall be attached to the technical bid.", true},
		{"يجب إرفاق المستندات التالية بالعطاء.", true},
		{"Bids shall remain valid for 90 days.", true},
		{"The Company reserves the right to reject any bid.", true},
		// Conditions.
		{"Bids must be submitted with a bid bond of OMR 2,000.", false},
		{"Bidders must hold a valid commercial registration.", false},
		{"The bidder must provide the following: a bank guarantee of 2%.", false},
		{"يجب أن يكون المناقص مسجلاً لدى وزارة التجارة.", false},
		{"ضمان مصرفي بقيمة 3,000 ر.ع. صالح لمدة 90 يوماً.", false},
	} {
		if got := notACondition(c.text, ctx) != ""; got != c.not {
			t.Errorf("%q: no condition %v (%q), want %v", c.text, got, notACondition(c.text, ctx), c.not)
		}
	}
}

// TestBoundPartiesGiveNoRequirementsRound10: a contract, an order or a
// quotation states duties (obligations), not requirements, whatever the
// word: "is required", "should", يشترط, a "requirements" heading. Only a
// section naming eligibility or qualification states conditions there.
func TestBoundPartiesGiveNoRequirementsRound10(t *testing.T) {
	contract := "SUPPLY AGREEMENT\n\nThis Agreement is made on 2 February 2027 between Wadi Steel Trading LLC (the \"Supplier\") and Barka Builders SAOC (the \"Buyer\").\n\n" +
		"1. SUPPLY\n1.1 The Supplier shall supply the steel products described in Schedule 1.\n1.2 The Supplier should notify the Buyer of any delay as soon as possible.\n\n" +
		"2. QUALITY\n2.1 Prior written approval of the Buyer is required for any change of mill.\n2.2 Insurance of the goods in transit is required until delivery.\n\n" +
		"3. REQUIREMENTS OF THE SITE\n3.1 The Supplier's drivers must wear safety boots and helmets on site.\n3.2 Deliveries are required to be made between 7 a.m. and 3 p.m.\n"
	checkReqs(t, []reqCase{
		{"contract", textDoc(contract), nil, []string{"*|*|notify", "*|*|approval", "*|*|transit", "*|*|safety boots", "*|*|between 7"}},
		{"arabic contract", textDoc("عقد تقديم خدمات صيانة\n\nحرر هذا العقد في 5 يناير 2027 بين شركة الريم للخدمات (الطرف الأول) ومؤسسة الساحل للمقاولات (الطرف الثاني).\n\nالبند الأول: التزامات الطرف الثاني\nيلتزم الطرف الثاني بصيانة أجهزة التكييف شهرياً.\nيشترط أن يكون الفنيون المكلفون بالعمل حاصلين على شهادات مهنية معتمدة.\nيشترط لصحة أي إشعار أن يكون مكتوباً.\n"),
			nil, []string{"*|*|الفنيون", "*|*|إشعار"}},
		{"purchase order", textDoc("PURCHASE ORDER No. PO-5521\nDate: 10 March 2027\n\nSpecifications\nAll gloves must conform to EN 388.\nGoggles shall be supplied with a protective case.\n\nTerms\nDelivery must be made to the Sohar store within 14 days.\n"),
			nil, []string{"*|*|EN 388", "*|*|protective case"}},
		{"quotation answering an RFQ", textDoc("QUOTATION No. Q-2027-331\nYour RFQ: RFQ/2027/114 dated 3 March 2027\n\nTerms\nA purchase order is required to confirm the order.\nGoods should be stored at 2-8 degrees Celsius.\n"),
			nil, []string{"*|*|purchase order", "*|*|stored"}},
		{"eligibility section of a framework agreement", textDoc("FRAMEWORK AGREEMENT\n\nThis Agreement is made on 1 April 2027 between Nizwa Health Services SAOC and the suppliers listed in Schedule 2.\n\nEligibility\nSuppliers must hold a valid licence from the Ministry of Health.\n"),
			[]string{"eligibility|mandatory|valid licence"}, nil},
	})
	// The contract's sentences are the Supplier's duties.
	out := extractText(t, contract)
	for _, w := range []string{"safety boots", "supply the steel"} {
		found := false
		for _, o := range out.Obligations {
			found = found || strings.Contains(o.Action, w)
		}
		if !found {
			t.Errorf("contract: no obligation with %q: %+v", w, out.Obligations)
		}
	}
}

// TestSelectionSectionsRound10: a job advert's or a tender's requirements
// end at a heading of another kind (What we offer, How to apply, المزايا,
// Payment), in plain text too; conditions for registration open one.
func TestSelectionSectionsRound10(t *testing.T) {
	checkReqs(t, []reqCase{
		{"job advert", textDoc("VACANCY: Senior Accountant\nMuscat Freight Company SAOG is hiring a Senior Accountant for its head office.\n\nRequirements\n- A bachelor's degree in accounting or finance.\n- At least six years of experience in a similar role.\n- Knowledge of SAP is an advantage.\n\nWhat we offer\n- A competitive salary and annual air tickets.\n- Medical insurance for the employee and family.\n\nHow to apply\nSend your CV to careers@mfc.example.\n"),
			[]string{"*|mandatory|bachelor", "experience|mandatory|six years", "*|optional|SAP"},
			[]string{"*|*|What we offer", "*|*|air tickets", "*|*|Medical insurance", "*|*|How to apply"}},
		{"arabic job advert", textDoc("إعلان وظيفة شاغرة\nتعلن شركة الخليج للتأمين عن حاجتها إلى محاسب أول.\n\nالمؤهلات المطلوبة\n- درجة البكالوريوس في المحاسبة.\n- خبرة لا تقل عن خمس سنوات في شركات التأمين.\n- يفضل الحصول على شهادة CPA.\n\nالمزايا\n- راتب مجز وتأمين صحي.\n- تذاكر سفر سنوية.\n"),
			[]string{"*|mandatory|البكالوريوس", "experience|mandatory|خمس سنوات", "*|optional|CPA"},
			[]string{"*|*|المزايا", "*|*|تأمين صحي", "*|*|تذاكر"}},
		{"conditions for registration", textDoc("SUPPLIER CODE OF CONDUCT AND REGISTRATION POLICY\nMajan Hotels Group\n\n2. Conditions for registration\n2.1 Suppliers must be licensed to trade in Oman.\n2.2 Suppliers must carry product liability insurance of at least OMR 50,000.\n\n3. Conduct\n3.1 Suppliers shall not offer gifts to our staff.\n"),
			[]string{"eligibility|mandatory|licensed", "insurance|mandatory|product liability"}, []string{"*|*|gifts"}},
	})
}

// TestTenderNonConditionsRound10: in a tender, the classes of
// notACondition give no requirement under a requirements heading or
// elsewhere, while the conditions around them still do; the candidate's
// state ("shall have", يجب أن يكون المناقص) is a condition outside a
// requirements heading too, unless it is a duty under the contract.
func TestTenderNonConditionsRound10(t *testing.T) {
	en := "TENDER DOCUMENT\nTender No. MW/2027/08 - Maintenance of Street Lighting\n\n" +
		"SECTION 1 - INSTRUCTIONS TO BIDDERS\n1.1 Bidders should examine all tender documents carefully.\n1.2 Bids must be submitted through the e-tendering portal.\n1.3 Bidders must hold a valid Grade 2 classification from the Tender Board.\n\n" +
		"SECTION 2 - QUALIFICATION CRITERIA\n2.1 The bidder shall have executed at least two street lighting contracts in the past five years.\n2.2 The following documents shall be attached to the technical bid.\n2.3 Omanisation certificate from the Ministry of Labour.\n2.4 Incomplete bids will be rejected.\n2.5 \"Similar contract\" means a contract of at least OMR 100,000.\n\n" +
		"SECTION 3 - CONDITIONS OF CONTRACT\n3.1 The supplier shall have a site office in Muscat during the contract period.\n3.2 The bidder shall be responsible for all permits.\n"
	ar := "مناقصة عامة رقم 3/2027\nتشغيل وصيانة محطة ضخ المياه\n\n" +
		"أولاً: تعليمات للمناقصين\n1. تقدم العطاءات إلكترونياً عبر بوابة المناقصات.\n2. يشترط تقديم العطاء باللغة العربية أو الإنجليزية.\n3. يجب أن يكون المناقص مسجلاً لدى وزارة التجارة والصناعة.\n\n" +
		"ثانياً: شروط التأهيل\n1. أن يكون المناقص مصنفاً في الدرجة الأولى.\n2. يقصد بالخبرة المماثلة تشغيل محطة ضخ بطاقة لا تقل عن 5,000 متر مكعب يومياً.\n3. تستبعد العطاءات غير المستوفية للشروط.\n"
	checkReqs(t, []reqCase{
		{"english tender", textDoc(en),
			[]string{"eligibility|mandatory|Grade 2", "experience|mandatory|two street lighting", "compliance|mandatory|Omanisation"},
			[]string{"*|*|examine", "*|*|e-tendering", "*|*|following documents", "*|*|rejected", "*|*|means", "*|*|site office", "*|*|permits"}},
		{"arabic tender", textDoc(ar),
			[]string{"eligibility|mandatory|مسجلاً لدى وزارة", "*|mandatory|مصنفاً"},
			[]string{"*|*|إلكترونياً", "*|*|باللغة العربية", "*|*|يقصد", "*|*|تستبعد"}},
	})
}

// TestRepeatedRequirementRound10: a condition listed and repeated in a
// checklist is one requirement.
func TestRepeatedRequirementRound10(t *testing.T) {
	out := extractText(t, "REQUEST FOR QUOTATION No. 19/2027\n\nRequired documents\n- Copy of the commercial registration.\n- Tax card.\n\nSubmission checklist\n- Copy of the commercial registration.\n")
	n := 0
	for _, r := range out.Requirements {
		if strings.Contains(r.Requirement, "commercial registration") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the repeated document gives %d requirements, want 1: %q", n, reqLines(out))
	}
}

// TestSectionShapesRound10: the document's title opens no requirements
// section even when it names prequalification; a lettered sub-heading
// ("A. Legal") is part of the section above it and no requirement
// itself; a note or a proviso on the listed documents is no requirement.
func TestSectionShapesRound10(t *testing.T) {
	checkReqs(t, []reqCase{
		{"title naming prequalification", textDoc("PREQUALIFICATION OF CONTRACTORS\nCoastal Road Project, Package 3\n\nThe Ministry invites contractors to apply for prequalification.\n\nELIGIBILITY\nApplicants must be registered contractors in Oman.\n"),
			[]string{"eligibility|mandatory|registered contractors"}, []string{"*|*|Package 3", "*|*|invites contractors"}},
		{"lettered sub-headings", htmlDoc("<h1>INVITATION TO TENDER No. 22/2027</h1><p>Supply of CCTV systems.</p><h2>Qualification requirements</h2><h3>A. Legal</h3><ul><li>Valid commercial registration with security systems as an activity.</li></ul><h3>B. Experience</h3><ul><li>A project manager with ten years of experience.</li></ul><p>All documents must be valid on the closing date.</p><p>Note: copies must be certified by the issuing authority.</p>"),
			[]string{"eligibility|mandatory|commercial registration", "technical|mandatory|project manager"}, // session 18, decision 1
			[]string{"*|*|^A. Legal", "*|*|^B. Experience", "*|*|closing date", "*|*|certified by"}},
		{"arabic proviso", textDoc("مناقصة رقم 5/2027\n\nالمستندات المطلوبة\n1. نسخة من السجل التجاري.\n2. شهادة الأيزو 9001.\nملاحظة: يجب تصديق جميع النسخ.\nجميع المستندات يجب أن تكون سارية.\n"),
			[]string{"documentation|mandatory|السجل التجاري"}, []string{"*|*|ملاحظة", "*|*|سارية"}},
	})
}

// TestGoodsAndBidContentRound10: in a tender, an item that names no
// category and no one who bids but a property of what is supplied is
// technical, not eligibility (in a list and in a table); what the bid
// must hold is a condition outside a requirements heading too.
func TestGoodsAndBidContentRound10(t *testing.T) {
	checkReqs(t, []reqCase{
		{"goods items", htmlDoc("<h1>Request for Quotation No. 31/2027</h1><h2>Requirements</h2><ul><li>Cameras with 4K resolution.</li><li>Valid registration with the Tender Board.</li></ul><table><tr><th>No.</th><th>Requirement</th><th>Status</th></tr><tr><td>1</td><td>Recorders with 16 TB storage</td><td>Mandatory</td></tr></table>"),
			[]string{"technical|mandatory|4K", "eligibility|mandatory|Tender Board", "technical|mandatory|16 TB"}, nil},
		{"arabic goods item", textDoc("مناقصة رقم 6/2027\n\nالمتطلبات\n- مولدات بقدرة 500 كيلوواط.\n- أن يكون المناقص مسجلاً لدى وزارة التجارة.\n"),
			[]string{"technical|mandatory|500", "eligibility|mandatory|مسجلاً"}, nil},
		{"bid content outside a requirements heading", textDoc("PREQUALIFICATION OF CONTRACTORS\n\nSUBMISSION OF APPLICATIONS\nApplications must be submitted in one original and two copies.\nEach application must include a completed prequalification questionnaire.\n"),
			[]string{"documentation|mandatory|questionnaire"}, []string{"*|*|one original"}},
	})
}

// TestBlindSetClassesRound10: the classes a small set of documents
// written by this session before its run showed (kept in
// docs/documents.md): "Invitation for Bids" and "invites bids" open a
// tender; a clause number cut from its sentence ("A1.") is no
// requirement; a job advert's "الشروط" / "Conditions" lists its
// requirements (a tender's "Conditions" stay the contract's); a verb of
// giving without a document is no documentation ("provide on-site
// training"); "have previously installed" is experience.
func TestBlindSetClassesRound10(t *testing.T) {
	checkReqs(t, []reqCase{
		{"invitation for bids, lettered clauses", textDoc("INVITATION FOR BIDS\nBid No. 61/2027 - Supply of Pumps\n\nPART A - BIDDER QUALIFICATIONS\nA1. The bidder must be a company registered in Oman.\n\nPART B - DOCUMENTS\nBidders shall enclose with their bid:\n(a) a copy of the Commercial Registration;\n(b) a bid bond of OMR 900 valid for 90 days.\n"),
			[]string{"eligibility|mandatory|registered in Oman", "documentation|mandatory|Commercial Registration", "financial|mandatory|bid bond"},
			[]string{"*|*|^A1."}},
		{"arabic job advert conditions", mdDoc("# وظيفة شاغرة: مهندس صيانة\n\nتعلن شركة الوادي للصناعات عن حاجتها إلى مهندس صيانة.\n\n## المهام\n- الإشراف على أعمال الصيانة الوقائية.\n\n## الشروط\n- درجة البكالوريوس في الهندسة الميكانيكية.\n- يفضل إجادة اللغة الإنجليزية.\n\n## نقدم لك\n- راتب تنافسي وسكن.\n"),
			[]string{"*|mandatory|البكالوريوس", "*|optional|الإنجليزية"}, []string{"*|*|الصيانة الوقائية", "*|*|راتب", "*|*|^الشروط"}},
		{"tender conditions stay the contract's", mdDoc("# Tender No. 4/2027: Cleaning Services\n\n## Conditions\n\n- The contractor shall clean the premises daily.\n"),
			nil, []string{"*|*|clean the premises"}},
		{"training and past installations", mdDoc("# Request for Quotation RFQ-0457\n\n## Supplier requirements\n\n- The supplier must provide on-site training for our technicians.\n- Suppliers should have previously installed similar freezers in Oman.\n"),
			[]string{"technical|mandatory|training", "experience|optional|previously installed"}, nil},
	})
}

// TestSecondProbeClassesRound10: the classes a second set of documents
// written by this session before its run showed: staff qualifications
// and past work written noun first are experience; a quality management
// system is compliance; what the bid must hold is documentation (or
// financial for a bond) whatever its words name, and the sentence stays
// an obligation as well; the Arabic يجب أن يرفق بكل عطاء is bid content.
func TestSecondProbeClassesRound10(t *testing.T) {
	rfp := "<h1>Request for Proposal No. 2027-19</h1><p>Energy audit of municipal buildings.</p>" +
		"<h2>2. Consultant qualifications</h2><table><tr><th>Ref</th><th>Criterion</th><th>Status</th></tr>" +
		"<tr><td>Q1</td><td>Lead auditor certified as a Certified Energy Manager</td><td>Mandatory</td></tr>" +
		"<tr><td>Q2</td><td>Three energy audits of public buildings completed since 2022</td><td>Mandatory</td></tr></table>" +
		"<h2>3. Proposal contents</h2><p>The technical proposal must include a work plan and the CVs of the proposed team.</p>"
	checkReqs(t, []reqCase{
		{"rfp", htmlDoc(rfp),
			[]string{"technical|mandatory|lead auditor", "experience|mandatory|three energy audits", "documentation|mandatory|work plan"}, nil}, // key staff: session 18, decision 1
		{"arabic prequalification", textDoc("إعلان تأهيل مسبق للمقاولين\n\nأولاً: متطلبات التأهيل\nأ. أن يكون المقاول مسجلاً في الدرجة الأولى.\nب. يفضل أن يكون لدى المقاول نظام إدارة جودة معتمد.\n"),
			[]string{"eligibility|mandatory|مسجلاً", "compliance|optional|نظام إدارة جودة"}, nil},
		{"arabic bid bond as bid content", mdDoc("# مناقصة رقم 18/2027\n\n## تقديم العطاءات\n\n- تقدم العطاءات إلى مكتب الشركة.\n- يجب أن يرفق بكل عطاء ضمان عطاء بقيمة 5,000 ر.ع.\n"),
			[]string{"financial|mandatory|ضمان عطاء"}, []string{"*|*|مكتب الشركة"}},
	})
	out := extractText(t, "INVITATION TO TENDER No. 5/2027\n\nSUBMISSION\nEach bid must be accompanied by a bid bond of OMR 2,000.\n")
	if !hasReq(reqLines(out), "financial|mandatory|bid bond") {
		t.Errorf("bid bond: %q", reqLines(out))
	}
	found := false
	for _, o := range out.Obligations {
		found = found || strings.Contains(o.Action, "bid bond")
	}
	if !found {
		t.Errorf("the bid-content sentence is no obligation any more: %+v", out.Obligations)
	}
}

// TestThirdProbeClassesRound10: the classes a third set of documents
// written by this session before its run showed: a tender item that names
// no one who bids is about what is offered (technical), whatever its
// words ("Coveralls shall be flame retardant", "a manufacturer's
// warranty"), while membership, a site visit or an agent stay
// eligibility; a heading naming the candidate's conditions (شروط المورد,
// "Bidder conditions") opens a requirements section in a tender too; a
// maintenance team (فريق صيانة) is local support, technical.
func TestThirdProbeClassesRound10(t *testing.T) {
	checkReqs(t, []reqCase{
		{"product items", textDoc("PUBLIC TENDER No. 44/2027\n\n2. PRODUCT REQUIREMENTS\n2.1 Coveralls shall be flame retardant.\n2.2 All products must carry a manufacturer's warranty of at least 12 months.\n\n3. ELIGIBILITY\n3.1 Membership of the Chamber of Commerce is required.\n3.2 Attendance at the site visit is mandatory.\n"),
			[]string{"technical|mandatory|flame retardant", "technical|mandatory|warranty", "eligibility|mandatory|Chamber", "eligibility|mandatory|site visit"}, nil},
		{"arabic supplier conditions", htmlDoc("<h1>طلب عروض أسعار رقم 2027/77</h1><h2>شروط المورد</h2><ul><li>أن يكون المورد وكيلاً معتمداً للعلامة التجارية المعروضة.</li><li>أن يكون لدى المورد فريق صيانة في صلالة.</li></ul>"),
			[]string{"eligibility|mandatory|وكيلاً معتمداً", "technical|mandatory|فريق صيانة"}, nil},
		{"bidder conditions", mdDoc("# Request for Quotation No. 9/2027\n\n## Bidder conditions\n\n- Bidders must be registered in Qatar.\n"),
			[]string{"eligibility|mandatory|registered in Qatar"}, nil},
	})
}

// TestFourthProbeClassesRound10: the classes a fourth set of documents
// written by this session before its run showed: a tender bond is a
// bond (financial) whatever verb asks for it; what a quotation must
// state (prices, a delivery period) is its form, no document, so no
// requirement.
func TestFourthProbeClassesRound10(t *testing.T) {
	checkReqs(t, []reqCase{
		{"tender bond", textDoc("TENDER No. 31/2027\nConstruction of a storage shed\n\n2. TENDER SECURITY\n2.1 A tender bond of OMR 10,000 valid for 120 days shall be submitted with the tender.\n"),
			[]string{"financial|mandatory|tender bond"}, nil},
		{"what a quotation states", mdDoc("# RFQ No. 58/2027: Office Printers\n\n## Quotation\n\n- Quotations must include unit prices and the delivery period.\n- Quotations must include the manufacturer's data sheets.\n"),
			[]string{"documentation|mandatory|data sheets"}, []string{"*|*|unit prices"}},
	})
}

// TestFifthProbeClassesRound10: the classes a fifth set of documents
// written by this session before its run showed: "Programme benefits"
// ends a call's requirements as "Benefits" does; a scoring advantage
// ("will receive additional points") is a preference, optional; a named
// staff post ("the proposed operations manager") is experience.
func TestFifthProbeClassesRound10(t *testing.T) {
	checkReqs(t, []reqCase{
		{"call for applications", textDoc("CALL FOR APPLICATIONS\nGraduate Internship Programme 2027\n\nWho can apply\n- Omani nationals aged 25 or under.\n- Good command of English.\n\nProgramme benefits\n- A monthly stipend.\n- Rotation through four departments.\n"),
			[]string{"*|mandatory|Omani nationals", "*|mandatory|English"}, []string{"*|*|Programme benefits", "*|*|Rotation"}},
		{"prequalification", mdDoc("# Prequalification Notice PQ-2027-04\n\n## Eligibility criteria\n\n1. The applicant's proposed operations manager shall hold a degree in engineering.\n2. Applicants holding ISO 14001 certification will receive additional points.\n"),
			[]string{"technical|mandatory|operations manager", "compliance|optional|ISO 14001"}, nil}, // key staff: session 18, decision 1
	})
}

// TestProbe15Requirements scores the requirement type alone on the probe
// sets written by session 15 (testdata/probe15, README there), strict and
// loose, and fails under floors just below the figures at the end of the
// session (0.99 / 0.94: five sets fitted, the sixth measured only).
// Their first runs are in docs/documents.md.
// go test ./capabilities/documentfacts -run Probe15 -v
func TestProbe15Requirements(t *testing.T) {
	const dir = "testdata/probe15"
	wants, err := filepath.Glob(filepath.Join(dir, "*.want"))
	if err != nil || len(wants) < 29 {
		t.Fatalf("%s: %d documents, want 29 (%v)", dir, len(wants), err)
	}
	for _, loose := range []bool{false, true} {
		var tp, found, want int
		for _, wf := range wants {
			name := strings.TrimSuffix(filepath.Base(wf), ".want")
			raw, err := os.ReadFile(wf)
			if err != nil {
				t.Fatal(err)
			}
			var ws []evalWant
			for _, l := range strings.Split(string(raw), "\n") {
				if w, ok := parseWantLine(l); ok && w.typ == "requirement" {
					ws = append(ws, w)
				}
			}
			out := extractAll(renderEval(t, dir, name), source{kind: "text"}, Input{})
			var got []evalGot
			for _, g := range evalItems(out) {
				if g.typ == "requirement" {
					got = append(got, g)
				}
			}
			used := make([]bool, len(got))
			var missed, extra []string
			for _, w := range ws {
				hit := false
				for i, g := range got {
					if !used[i] && evalMatch(w, g, loose) {
						used[i], hit = true, true
						tp++
						break
					}
				}
				if !hit {
					missed = append(missed, w.line)
				}
			}
			for i, g := range got {
				if !used[i] {
					extra = append(extra, g.desc)
				}
			}
			found, want = found+len(got), want+len(ws)
			if !loose && testing.Verbose() && len(missed)+len(extra) > 0 {
				t.Logf("%s:\n  missed: %s\n  extra:  %s", name, strings.Join(missed, "\n          "), strings.Join(extra, "\n          "))
			}
		}
		p, r := ratio(tp, found), ratio(tp, want)
		t.Logf("loose=%v requirement P %.2f R %.2f (tp %d found %d want %d)", loose, p, r, tp, found, want)
		if !loose && (p < 0.97 || r < 0.93) { // round 16 (requirement_conventions.go): 0.992/0.960
			t.Errorf("requirement strict P %.3f R %.3f, floors 0.97 / 0.93", p, r)
		}
	}
}
