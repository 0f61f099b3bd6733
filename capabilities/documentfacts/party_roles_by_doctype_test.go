package documentfacts

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Round 16, parties and whom a duty binds, by families (issue 29,
// session 18; docs/documents.md "round 16, parties and whom a duty binds,
// by families"). The ways documents introduce their parties and roles,
// and the ways a duty names whom it binds, each written as short
// documents of our own, negatives included. A case lists the parties a
// careful reader names with their roles (name → role, "-" for none), the
// names that are no party, and obligations "role modality anchor": the
// obligation whose action holds the anchor must bind that role; no other
// obligation may hold the anchor with another role.

type partyCase struct {
	family  string
	text    string
	parties map[string]string
	noParty []string
	obls    []string
}

var partyRolesByDoctypeCases = []partyCase{
	// PE. English preambles: a name, then the role it is given.
	{"PE hereinafter quoted", "SUPPLY AGREEMENT\n\nThis Agreement is made on 4 March 2026 between Rusayl Paper Mills SAOC (hereinafter \"the Buyer\") and Sahwa Pulp Trading LLC (hereinafter \"the Seller\").\n\nThe Seller shall deliver the pulp in bales of 250 kg.",
		map[string]string{"Rusayl Paper Mills SAOC": "buyer", "Sahwa Pulp Trading LLC": "seller"}, nil,
		[]string{"seller must deliver the pulp"}},
	{"PE hereinafter referred to as, no brackets", "SERVICES CONTRACT\n\nThis Contract is entered into by Barka Desalination Company SAOC, hereinafter referred to as the Employer, and Manah Engineering LLC, hereinafter referred to as the Contractor.\n\nThe Contractor shall keep the intake screens clear of debris.",
		map[string]string{"Barka Desalination Company SAOC": "employer", "Manah Engineering LLC": "contractor"}, nil,
		[]string{"contractor must keep the intake screens"}},
	{"PE of the one part / of the other part", "LEASE\n\nTHIS LEASE is made between Sultan Hilal Al Maskari of Al Khuwair, Muscat (the \"Landlord\") of the one part and Amwaj Pharmacy LLC, a company registered in the Sultanate of Oman under commercial registration 1298877 (the \"Tenant\") of the other part.\n\nThe Tenant shall keep the shop open at least six days a week.",
		map[string]string{"Sultan Hilal Al Maskari": "landlord", "Amwaj Pharmacy LLC": "tenant"}, nil,
		[]string{"tenant must keep the shop open"}},
	{"PE numbered parties (1) (2)", "DISTRIBUTION AGREEMENT\n\nBETWEEN:\n(1) Nordic Valves AB, a company incorporated in Sweden (\"Manufacturer\"); and\n(2) Jalan Industrial Supplies LLC, of PO Box 311, Sur (\"Distributor\").\n\nThe Distributor shall hold a stock of at least forty valves.",
		map[string]string{"Nordic Valves AB": "manufacturer", "Jalan Industrial Supplies LLC": "distributor"}, nil,
		[]string{"distributor must hold a stock"}},
	{"PE called, no quotes", "AGENCY AGREEMENT\n\nThis Agreement is made between Taqa Lubricants FZE, hereinafter called the Principal, and Bahla Motor Stores LLC, hereinafter called the Agent.\n\nThe Agent shall promote the products in the interior region.",
		map[string]string{"Taqa Lubricants FZE": "principal", "Bahla Motor Stores LLC": "agent"}, nil,
		[]string{"agent must promote the products"}},
	{"PE which expression includes successors", "CONSULTANCY AGREEMENT\n\nThis Agreement is made between Haya Water SAOC (the \"Client\", which expression shall include its successors and permitted assigns) and Mezoon Design Partners LLC (the \"Consultant\", which expression shall include its successors).\n\nThe Consultant shall submit a concept report within six weeks.",
		map[string]string{"Haya Water SAOC": "customer", "Mezoon Design Partners LLC": "consultant"}, nil,
		[]string{"consultant must submit a concept report"}},
	{"PE short name and role", "SUPPLY AGREEMENT\n\nThis Agreement is made between Fanja Ceramics LLC (\"Fanja\" or the \"Supplier\") and Ghala Homes SAOC (\"Ghala\" or the \"Purchaser\").\n\nFanja shall replace any cracked tile free of charge.\nGhala shall pay each invoice within 30 days.",
		map[string]string{"Fanja Ceramics LLC": "supplier", "Ghala Homes SAOC": "buyer"}, nil,
		[]string{"supplier must replace any cracked tile", "buyer must pay each invoice"}},
	{"PE the role before the name", "MAINTENANCE AGREEMENT\n\nThis Agreement is made between the Client, Ibri Hospital Trust SAOC, and the Service Provider, Falaj Lifts LLC.\n\nThe Service Provider shall inspect each lift every month.",
		map[string]string{"Ibri Hospital Trust SAOC": "customer", "Falaj Lifts LLC": "supplier"}, nil,
		[]string{"supplier must inspect each lift"}},
	{"PE role-word definition after address and CR", "SUBCONTRACT\n\nThis Subcontract is made between Qalhat Construction LLC, CR No. 1044552, PO Box 90, PC 112, Ruwi, Sultanate of Oman (the \"Main Contractor\") and Samail Scaffolding SPC, CR No. 1177890, Samail (the \"Subcontractor\").\n\nThe Subcontractor shall erect the scaffolding within 5 days of instruction.",
		map[string]string{"Qalhat Construction LLC": "contractor", "Samail Scaffolding SPC": "subcontractor"}, nil,
		[]string{"subcontractor must erect the scaffolding"}},
	{"PE a person with a title and a role", "EMPLOYMENT CONTRACT\n\nThis Contract is made between Al Batinah Schools LLC (the \"Employer\") and Mr. Yousuf Saif Al Amri, holder of passport A1234567 (the \"Employee\").\n\nThe Employee shall teach up to 24 periods a week.",
		map[string]string{"Al Batinah Schools LLC": "employer", "Yousuf Saif Al Amri": "employee"}, nil,
		[]string{"employee must teach up to 24 periods"}},

	// PT. Parties tables and labels.
	{"PT markdown table Role | Party", "# Equipment Hire Agreement\n\n| Role | Party |\n|---|---|\n| Owner | Dhofar Cranes LLC |\n| Hirer | Raysut Logistics SAOC |\n\nThe Hirer shall return the crane with a full tank.",
		// session 21, decision 41: the hirer of equipment is tenant
		map[string]string{"Dhofar Cranes LLC": "owner", "Raysut Logistics SAOC": "tenant"}, []string{"Role", "Party"},
		[]string{"tenant must return the crane"}},
	{"PT labels Buyer / Seller", "SALES CONTRACT No. SC-2026-14\n\nSeller: Sohar Aluminium Products LLC\nBuyer: Gulf Window Systems WLL\n\nThe Buyer shall open a letter of credit within 7 days.",
		map[string]string{"Sohar Aluminium Products LLC": "seller", "Gulf Window Systems WLL": "buyer"}, nil,
		[]string{"buyer must open a letter of credit"}},
	{"PT label on its own line above the name", "CLEANING SERVICES AGREEMENT\n\nClient:\nMuttrah Mall Management SAOC\n\nContractor:\nShine Facility Services LLC\n\nThe Contractor shall provide twelve cleaners per shift.",
		map[string]string{"Muttrah Mall Management SAOC": "customer", "Shine Facility Services LLC": "contractor"}, nil,
		[]string{"contractor must provide twelve cleaners"}},
	{"PT Party A / Party B defined", "MEMORANDUM OF UNDERSTANDING\n\nParty A: Ras Al Hadd Tourism LLC (the \"Operator\")\nParty B: Wahiba Camps SPC (the \"Partner\")\n\nThe Operator shall market the camp to tour agents.",
		map[string]string{"Ras Al Hadd Tourism LLC": "operator", "Wahiba Camps SPC": "partner"}, nil,
		[]string{"operator must market the camp"}},
	{"PT negative: a table header is no party", "# Staff List\n\n| Name | Position |\n|---|---|\n| Salim Al Rashdi | Site Engineer |\n| Noor Al Balushi | Accountant |\n",
		map[string]string{}, []string{"Name", "Position", "Site Engineer"}, nil},

	// PL. Letters, quotations, invoices, orders.
	{"PL quotation: letterhead sender, To addressee", "Majan Office Furniture LLC\nPO Box 221, Ghala, Muscat\n\nQUOTATION No. Q-3391\nDate: 2 June 2026\n\nTo: Seeb International School SAOC\nAttention: Ms. Huda Al Kindi\n\nDear Ms. Al Kindi,\n\nWe are pleased to quote for 120 student desks as below.\nWe will deliver the desks within three weeks of your order.\nYou must confirm the colour before production.\n\nYours faithfully,\nKhalid Al Farsi\nSales Manager",
		map[string]string{"Majan Office Furniture LLC": "supplier", "Seeb International School SAOC": "customer", "Huda Al Kindi": "-", "Khalid Al Farsi": "-"}, nil,
		[]string{"supplier must deliver the desks", "customer must confirm the colour"}},
	{"PL invoice: Bill To", "TAX INVOICE\n\nNizwa Catering Services LLC\nVATIN OM1100223344\n\nBill To: Adam Cement Company SAOG\nInvoice No: INV-8812\nDate: 10 May 2026\n\nPayment must be made within 30 days.",
		map[string]string{"Nizwa Catering Services LLC": "supplier", "Adam Cement Company SAOG": "customer"}, nil,
		[]string{"- must made within 30 days"}},
	{"PL letter Dear, we / you, cc", "Oasis Water Company SAOC\nPO Box 77, Rusayl\n\n15 April 2026\n\nMr. Talal Nasser Al Hinai\nHajir Trading Est.\nSohar\n\nDear Mr. Al Hinai,\n\nRe: Supply of bottled water\n\nFurther to our meeting, we confirm the monthly supply of 400 cartons to your stores. We will invoice you at the end of each month, and you must pay within 15 days of each invoice.\n\nYours sincerely,\nAmal Al Lawati\nCommercial Manager\n\ncc: Rashid Al Siyabi, Finance",
		map[string]string{"Oasis Water Company SAOC": "supplier", "Hajir Trading Est.": "customer", "Talal Nasser Al Hinai": "-", "Amal Al Lawati": "-", "Rashid Al Siyabi": "-"}, nil,
		[]string{"customer must pay within 15 days"}},
	{"PL purchase order Buyer / Vendor", "PURCHASE ORDER PO-5521\n\nBuyer: Sur Fisheries SAOC\nVendor: Coldchain Equipment LLC\nDate: 3 February 2026\n\nThe Vendor shall deliver the freezers to the Sur plant by 20 February 2026.",
		map[string]string{"Sur Fisheries SAOC": "buyer", "Coldchain Equipment LLC": "supplier"}, nil,
		[]string{"supplier must deliver the freezers"}},
	{"PL offer letter: the Company and you", "Muscat Logistics Hub LLC\n\n1 March 2026\n\nMr. Fahad Ali Al Mamari\nAl Amerat\n\nLETTER OF OFFER\n\nDear Fahad,\n\nWe are pleased to offer you the position of Warehouse Supervisor. You will report to the Operations Manager. You must give one month's notice if you wish to resign. The Company shall pay your salary on the last working day of each month.\n\nFor Muscat Logistics Hub LLC\nZainab Al Harthi\nHR Manager",
		map[string]string{"Muscat Logistics Hub LLC": "employer", "Fahad Ali Al Mamari": "employee", "Zainab Al Harthi": "-"}, nil,
		[]string{"employee must give one month", "employer must pay your salary"}},
	{"PL quotation From / To labels", "QUOTATION\n\nFrom: Bright Signs Advertising LLC\nTo: Lulu Hypermarket Salalah LLC\nDate: 9 July 2026\n\nWe shall install the signage within ten working days of your approval.",
		map[string]string{"Bright Signs Advertising LLC": "supplier", "Lulu Hypermarket Salalah LLC": "customer"}, nil,
		[]string{"supplier must install the signage"}},

	// PS. Signature blocks: the signatory is no role, the party keeps it.
	{"PS for and on behalf of", "SERVICE AGREEMENT\n\nThis Agreement is made between Khazaen Cold Stores SAOC (the \"Client\") and Polar Tech Services LLC (the \"Contractor\").\n\nThe Contractor shall service the chillers quarterly.\n\nSigned for and on behalf of Khazaen Cold Stores SAOC\nName: Badr Al Ghafri\nTitle: Chief Executive\n\nSigned for and on behalf of Polar Tech Services LLC\nName: Suresh Menon\nTitle: Director",
		map[string]string{"Khazaen Cold Stores SAOC": "customer", "Polar Tech Services LLC": "contractor", "Badr Al Ghafri": "-", "Suresh Menon": "-"}, nil,
		[]string{"contractor must service the chillers"}},
	{"PS signed by X as director of Y", "LOAN AGREEMENT\n\nThis Agreement is made between Dhahira Investments LLC (the \"Lender\") and Yanqul Farms SPC (the \"Borrower\").\n\nThe Borrower shall repay the loan in twelve monthly instalments.\n\nSigned by Hamed Said Al Kalbani as director of Dhahira Investments LLC\nSigned by Maryam Ali Al Shukaili as manager of Yanqul Farms SPC",
		map[string]string{"Dhahira Investments LLC": "lender", "Yanqul Farms SPC": "borrower", "Hamed Said Al Kalbani": "-", "Maryam Ali Al Shukaili": "-"}, nil,
		[]string{"borrower must repay the loan"}},
	{"PS Arabic عن الطرف الأول", "عقد توريد\n\nالطرف الأول: شركة الريان للتجارة ش.م.م ويشار إليها فيما بعد بـ \"المورد\".\nالطرف الثاني: شركة مسقط للفنادق ش.م.ع.ع ويشار إليها فيما بعد بـ \"المشتري\".\n\nيلتزم المورد بتوريد المفروشات خلال ثلاثين يوماً.\n\nعن الطرف الأول\nالاسم: سعيد بن حمد الراشدي\nالتوقيع: ______\n\nعن الطرف الثاني\nالاسم: ليلى بنت خالد البلوشية\nالتوقيع: ______",
		map[string]string{"شركة الريان للتجارة ش.م.م": "supplier", "شركة مسقط للفنادق ش.م.ع.ع": "buyer", "سعيد بن حمد الراشدي": "-", "ليلى بنت خالد البلوشية": "-"}, nil,
		[]string{"supplier must بتوريد المفروشات"}},
	{"PS signing line for a role over a person", "LEASE AGREEMENT\n\nThis Lease is made between Mohammed Rashid Al Wahaibi (the \"Lessor\") and Tiger Gym LLC (the \"Lessee\").\n\nThe Lessee shall pay the rent on the first day of each month.\n\nLessor: ____________\nLessee: ____________ Anil Kumar, Manager, for Tiger Gym LLC",
		map[string]string{"Mohammed Rashid Al Wahaibi": "landlord", "Tiger Gym LLC": "tenant", "Anil Kumar": "-"}, nil,
		[]string{"tenant must pay the rent"}},

	// PA. Arabic: the numbered parties and their defined roles.
	{"PA الطرف الأول defined by ويشار إليه", "عقد إيجار\n\nالطرف الأول: السيد ناصر بن سيف الحبسي، ويشار إليه فيما بعد بـ \"المؤجر\".\nالطرف الثاني: شركة البستان للمقاولات ش.م.م، ويشار إليها فيما بعد بـ \"المستأجر\".\n\nيلتزم الطرف الثاني بدفع الإيجار في بداية كل شهر.",
		map[string]string{"ناصر بن سيف الحبسي": "landlord", "شركة البستان للمقاولات ش.م.م": "tenant"}, nil,
		[]string{"tenant must بدفع الإيجار"}},
	{"PA الطرف الأول without a role word", "اتفاقية تعاون\n\nالطرف الأول: جمعية المرأة العمانية بصحار\nالطرف الثاني: شركة الباطنة للتدريب ش.م.م\n\nيلتزم الطرف الثاني بتنظيم ثلاث دورات تدريبية.",
		map[string]string{"جمعية المرأة العمانية بصحار": "first_party", "شركة الباطنة للتدريب ش.م.م": "second_party"}, nil,
		[]string{"second_party must بتنظيم ثلاث دورات"}},
	{"PA أبرم بين كل من numbered, role in brackets", "عقد مقاولة\n\nأبرم هذا العقد بين كل من:\n١- شركة الجبل الأخضر للاستثمار ش.م.ع.م ويشار إليها بالطرف الأول (صاحب العمل).\n٢- مؤسسة الصخرة للمقاولات ويشار إليها بالطرف الثاني (المقاول).\n\nيلتزم المقاول بإنجاز الأعمال خلال ستة أشهر.\nيلتزم الطرف الأول بتسليم الموقع خالياً من العوائق.",
		map[string]string{"شركة الجبل الأخضر للاستثمار ش.م.ع.م": "employer", "مؤسسة الصخرة للمقاولات": "contractor"}, nil,
		[]string{"contractor must بإنجاز الأعمال", "employer must بتسليم الموقع"}},
	{"PA يسمى فيما يلي", "عقد خدمات\n\nتم الاتفاق بين شركة عمان للاتصالات ش.م.ع.ع وتسمى فيما يلي \"العميل\"، وشركة الأمان للحراسة ش.م.م وتسمى فيما يلي \"مزود الخدمة\".\n\nيلتزم مزود الخدمة بتوفير أربعة حراس على مدار الساعة.",
		map[string]string{"شركة عمان للاتصالات ش.م.ع.ع": "customer", "شركة الأمان للحراسة ش.م.م": "supplier"}, nil,
		[]string{"supplier must بتوفير أربعة حراس"}},
	{"PA labels المؤجر / المستأجر", "عقد إيجار محل تجاري\n\nالمؤجر: خلفان بن سالم المعمري\nالمستأجر: مؤسسة النخبة للعطور\n\nيتحمل المستأجر فواتير الكهرباء والماء.",
		map[string]string{"خلفان بن سالم المعمري": "landlord", "مؤسسة النخبة للعطور": "tenant"}, nil,
		[]string{"tenant must فواتير الكهرباء"}},
	{"PA الطرف الثاني binds its role", "عقد بيع\n\nالطرف الأول: شركة الوسطى للمعدات ش.م.م (\"البائع\").\nالطرف الثاني: السيد مبارك بن علي العامري (\"المشتري\").\n\nيلتزم الطرف الأول بتسليم الحفارة في موقع المشتري.\nعلى الطرف الثاني أن يسدد الثمن قبل التسليم.",
		map[string]string{"شركة الوسطى للمعدات ش.م.م": "seller", "مبارك بن علي العامري": "buyer"}, nil,
		[]string{"seller must بتسليم الحفارة", "buyer must يسدد الثمن"}},

	// PB. Bilingual: one party line per script.
	{"PB bilingual labels", "SUPPLY AGREEMENT / اتفاقية توريد\n\nSupplier: Hormuz Marine Supplies LLC\nالمورد: شركة هرمز للتجهيزات البحرية ش.م.م\nBuyer: Khasab Port Services SAOC\nالمشتري: شركة خدمات ميناء خصب ش.م.ع.م\n\nThe Supplier shall deliver the ropes to Khasab port.\nيلتزم المورد بتسليم الحبال إلى ميناء خصب.",
		map[string]string{"Hormuz Marine Supplies LLC": "supplier", "شركة هرمز للتجهيزات البحرية ش.م.م": "supplier", "Khasab Port Services SAOC": "buyer", "شركة خدمات ميناء خصب ش.م.ع.م": "buyer"}, nil,
		[]string{"supplier must deliver the ropes", "supplier must بتسليم الحبال"}},
	{"PB one line, two scripts", "LEASE / عقد إيجار\n\nLandlord / المؤجر: Saeed Al Shidi / سعيد الشيدي\nTenant / المستأجر: Blue Sky Travel LLC / شركة السماء الزرقاء للسفر ش.م.م\n\nThe Tenant shall not sublet the office.",
		map[string]string{"Saeed Al Shidi": "landlord", "سعيد الشيدي": "landlord", "Blue Sky Travel LLC": "tenant", "شركة السماء الزرقاء للسفر ش.م.م": "tenant"}, nil,
		[]string{"tenant must_not sublet the office"}},

	// PI. Issuers: tenders, RFQs, calls, job adverts.
	{"PI tender notice issuer and bidders", "TENDER NOTICE No. 12/2026\n\nOman Broadband Company SAOC invites sealed bids from qualified contractors for the laying of fibre ducts in Barka.\n\nEach bidder shall submit a bid bond of OMR 2,000.\nBids must be delivered to the tender box by 30 June 2026.\n\nEnquiries: Eng. Mazin Al Busaidi, Procurement",
		map[string]string{"Oman Broadband Company SAOC": "issuer", "Mazin Al Busaidi": "-"}, nil,
		[]string{"bidder must submit a bid bond", "- must delivered to the tender box"}},
	{"PI RFQ issued by", "REQUEST FOR QUOTATION RFQ-0917\n\nIssued by: Sohar Free Zone LLC\nClosing date: 14 August 2026\n\nSuppliers must quote unit prices in OMR.\nThe successful supplier shall deliver within 4 weeks.",
		map[string]string{"Sohar Free Zone LLC": "issuer"}, nil,
		[]string{"bidder must quote unit prices"}},
	{"PI job advert employer", "VACANCY\n\nAl Mouj Marina LLC is hiring a Marina Operations Officer.\n\nApplicants must hold a valid Omani driving licence.\nThe successful candidate will report to the Harbour Master.\n\nSend your CV to careers@almouj.example by 31 May 2026.",
		map[string]string{"Al Mouj Marina LLC": "employer"}, nil, nil},
	{"PI Arabic tender: الجهة المعلنة", "إعلان مناقصة رقم ٤/٢٠٢٦\n\nتعلن شركة صلالة للموانئ ش.م.ع.ع عن طرح مناقصة لتوريد رافعات شوكية.\n\nيجب على المناقص تقديم ضمان بنكي بقيمة ألف ريال عماني.\nتقدم العطاءات في موعد أقصاه ١٥ يوليو ٢٠٢٦.",
		map[string]string{"شركة صلالة للموانئ ش.م.ع.ع": "issuer"}, nil,
		[]string{"bidder must تقديم ضمان", "- must العطاءات"}},
	{"PI call for proposals defining itself", "CALL FOR PROPOSALS\n\nThe Oman Science Fund SAOC (the \"Fund\") invites proposals for applied research on date palm pests.\n\nApplicants must submit a budget with their proposal.\nThe Fund shall notify each applicant of its decision by 1 October 2026.",
		map[string]string{"Oman Science Fund SAOC": "issuer"}, nil,
		[]string{"bidder must submit a budget", "issuer must notify each applicant"}},

	// PG. Guarantees, insurance, powers of attorney, JV and consortium.
	{"PG performance guarantee", "PERFORMANCE GUARANTEE No. PG-44/2026\n\nTo: Oman Electricity Transmission Company SAOC (the \"Beneficiary\")\n\nWe, Sohar International Bank SAOG (the \"Guarantor\"), guarantee payment of up to OMR 50,000 on behalf of Qurum Electrical Works LLC (the \"Principal\").\n\nThe Guarantor shall pay on the Beneficiary's first written demand.",
		map[string]string{"Oman Electricity Transmission Company SAOC": "beneficiary", "Sohar International Bank SAOG": "guarantor", "Qurum Electrical Works LLC": "principal"}, nil,
		[]string{"guarantor must pay on the beneficiary"}},
	{"PG insurance schedule", "POLICY SCHEDULE\n\nInsurer: Dhofar Insurance Company SAOG\nInsured: Tilal Residences SAOC\nPolicy No: PR-77120\n\nThe Insured shall notify the Insurer of any loss within 7 days.",
		map[string]string{"Dhofar Insurance Company SAOG": "insurer", "Tilal Residences SAOC": "insured"}, nil,
		[]string{"insured must notify the insurer"}},
	{"PG power of attorney", "POWER OF ATTORNEY\n\nWe, Sidab Marine Services LLC (the \"Principal\"), hereby appoint Mr. Said Khamis Al Jabri (the \"Attorney\") to represent us before the Port Authority.\n\nThe Attorney shall report every action taken under this power.",
		map[string]string{"Sidab Marine Services LLC": "principal", "Said Khamis Al Jabri": "attorney"}, []string{"Port Authority"},
		[]string{"attorney must report every action"}},
	{"PG joint venture partners", "JOINT VENTURE AGREEMENT\n\nThis Agreement is made between Wadi Adai Builders LLC (\"Partner A\") and Khuwair Steel Fabrication LLC (\"Partner B\"), together the \"Partners\".\n\nPartner A shall provide the site team.\nEach Partner shall bear its own costs of tendering.",
		map[string]string{"Wadi Adai Builders LLC": "partner", "Khuwair Steel Fabrication LLC": "partner"}, nil,
		[]string{"partner must provide the site team", "partner must bear its own costs"}},
	{"PG guarantee Arabic الكفيل / المستفيد", "خطاب ضمان\n\nالمستفيد: شركة تنمية نفط عمان ش.م.م\nالكفيل: بنك ظفار ش.م.ع.ع\n\nيلتزم الكفيل بدفع المبلغ عند أول طلب من المستفيد.",
		map[string]string{"شركة تنمية نفط عمان ش.م.م": "beneficiary", "بنك ظفار ش.م.ع.ع": "guarantor"}, nil,
		[]string{"guarantor must بدفع المبلغ"}},

	// PM. Minutes: the body that meets is the issuer, attendees are persons.
	{"PM minutes attendees", "MINUTES OF THE BOARD MEETING\nBahja Foods SAOG\n\nHeld on 12 May 2026 at the Company's head office.\n\nPresent:\nMr. Hilal Al Mahrouqi (Chairman)\nMs. Rahma Al Saadi (Director)\n\nSecretary: Mr. Omar Al Zadjali\n\nThe Board resolved that the Company shall pay an interim dividend of 5 baisa per share.",
		map[string]string{"Bahja Foods SAOG": "issuer", "Hilal Al Mahrouqi": "-", "Rahma Al Saadi": "-", "Omar Al Zadjali": "-"}, nil,
		nil},

	// PN. Negatives: named, yet no party.
	{"PN ministry and authority as regulators", "SERVICES AGREEMENT\n\nThis Agreement is made between Nahda Clinics LLC (the \"Client\") and Medwaste Oman LLC (the \"Contractor\").\n\nThe Contractor shall hold a licence from the Ministry of Health and comply with the rules of the Environment Authority.",
		map[string]string{"Nahda Clinics LLC": "customer", "Medwaste Oman LLC": "contractor"}, []string{"Ministry of Health", "Environment Authority"},
		[]string{"contractor must hold a licence"}},
	{"PN court named for disputes", "SALE AGREEMENT\n\nThis Agreement is made between Ibra Motors LLC (the \"Seller\") and Sinaw Transport SPC (the \"Buyer\").\n\nAny dispute shall be referred to the Primary Court of Muscat.",
		map[string]string{"Ibra Motors LLC": "seller", "Sinaw Transport SPC": "buyer"}, []string{"Primary Court of Muscat"}, nil},
	{"PN bank as place of payment", "TAX INVOICE\n\nAl Hoshi Printing Press LLC\n\nBill To: Rustaq College of Applied Sciences\n\nPlease pay by transfer to Bank Muscat SAOG, account 0301-000123-001.\nBeneficiary: Al Hoshi Printing Press LLC",
		map[string]string{"Al Hoshi Printing Press LLC": "supplier", "Rustaq College of Applied Sciences": "customer"}, []string{"Bank Muscat SAOG"}, nil},
	{"PN project owner who is no party", "SUBCONTRACT\n\nThis Subcontract is made between Towell Construction LLC (the \"Contractor\") and Gulf Paints Applicators LLC (the \"Subcontractor\") for painting works at the Royal Hospital extension, whose owner is the Ministry of Health.\n\nThe Subcontractor shall apply two coats of paint.",
		map[string]string{"Towell Construction LLC": "contractor", "Gulf Paints Applicators LLC": "subcontractor"}, []string{"Ministry of Health"},
		[]string{"subcontractor must apply two coats"}},
	{"PN address line is no party", "SUPPLY AGREEMENT\n\nThis Agreement is made between Ghubra Bakeries LLC, Way 3021, Building 44, Al Ghubra North (the \"Buyer\") and Nakhal Flour Mills SAOC, PO Box 501, Nakhal (the \"Seller\").\n\nThe Seller shall deliver flour every Sunday.",
		map[string]string{"Ghubra Bakeries LLC": "buyer", "Nakhal Flour Mills SAOC": "seller"}, []string{"Way 3021", "Al Ghubra North", "PO Box 501"},
		[]string{"seller must deliver flour"}},
	{"PN role word that is a thing", "HIRE AGREEMENT\n\nThis Agreement is made between Manah Plant Hire LLC (the \"Owner\") and Adam Roads SPC (the \"Hirer\").\n\nThe Hirer shall keep the Owner's Equipment insured.\nThe Owner's Manual shall be kept in the cab.",
		// session 21, decision 41: the hirer of equipment is tenant
		map[string]string{"Manah Plant Hire LLC": "owner", "Adam Roads SPC": "tenant"}, []string{"Owner's Equipment", "Owner's Manual"},
		[]string{"tenant must keep the owner", "- must kept in the cab"}},
	{"PN Arabic ministry", "عقد توريد\n\nالطرف الأول: شركة الحكمة للأدوية ش.م.م (\"المورد\").\nالطرف الثاني: مستشفى الرعاية الخاص ش.م.م (\"العميل\").\n\nيلتزم المورد بالحصول على موافقة وزارة الصحة قبل التوريد.",
		map[string]string{"شركة الحكمة للأدوية ش.م.م": "supplier", "مستشفى الرعاية الخاص ش.م.م": "customer"}, []string{"وزارة الصحة"},
		[]string{"supplier must بالحصول على موافقة"}},

	// OW. Whom a duty binds.
	{"OW each party", "COOPERATION AGREEMENT\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Farms LLC (the \"Supplier\").\n\nEach party shall appoint a contact person for deliveries.",
		nil, nil, []string{"each_party must appoint a contact person"}},
	{"OW the parties shall", "COOPERATION AGREEMENT\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Farms LLC (the \"Supplier\").\n\nThe Parties shall meet every quarter to review the forecast.",
		nil, nil, []string{"each_party must meet every quarter"}},
	{"OW both parties shall", "COOPERATION AGREEMENT\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Farms LLC (the \"Supplier\").\n\nBoth parties shall keep the prices confidential.",
		nil, nil, []string{"each_party must keep the prices confidential"}},
	{"OW Arabic كل طرف", "اتفاقية\n\nالطرف الأول: شركة أ ش.م.م (\"المورد\").\nالطرف الثاني: شركة ب ش.م.م (\"العميل\").\n\nيلتزم كل طرف بالمحافظة على سرية المعلومات.",
		nil, nil, []string{"each_party must بالمحافظة على سرية"}},
	{"OW Arabic يلتزم الطرفان", "اتفاقية\n\nالطرف الأول: شركة أ ش.م.م (\"المورد\").\nالطرف الثاني: شركة ب ش.م.م (\"العميل\").\n\nيلتزم الطرفان بحل أي خلاف ودياً.",
		nil, nil, []string{"each_party must ودياً"}},
	{"OW passive with agent", "SALE AGREEMENT\n\nThis Agreement is made between Ibra Motors LLC (the \"Seller\") and Sinaw Transport SPC (the \"Buyer\").\n\nThe registration fees shall be borne by the Buyer.",
		nil, nil, []string{"buyer must borne"}},
	{"OW passive with a role noun agent", "SERVICES AGREEMENT\n\nThis Agreement is made between Nahda Clinics LLC (the \"Client\") and Medwaste Oman LLC (the \"Contractor\").\n\nAll waste bags shall be collected by the Contractor twice a day.",
		nil, nil, []string{"contractor must collected"}},
	{"OW passive with no agent", "SERVICES AGREEMENT\n\nThis Agreement is made between Nahda Clinics LLC (the \"Client\") and Medwaste Oman LLC (the \"Contractor\").\n\nThe waste shall be incinerated at a licensed facility.",
		nil, nil, []string{"- must incinerated"}},
	{"OW Arabic passive من قبل", "عقد خدمات\n\nأبرم هذا العقد بين شركة النهضة للعيادات ش.م.م (\"العميل\") وشركة النفايات الطبية ش.م.م (\"المقاول\").\n\nيتم جمع النفايات من قبل المقاول مرتين يومياً.",
		nil, nil, []string{"contractor must جمع النفايات"}},
	{"OW lead-in list", "SERVICES AGREEMENT\n\nThis Agreement is made between Nahda Clinics LLC (the \"Client\") and Medwaste Oman LLC (the \"Contractor\").\n\n5. The Client shall:\n(a) provide a secure storage room;\n(b) label each bag by department.",
		nil, nil, []string{"customer must secure storage room", "customer must label each bag"}},
	{"OW Arabic lead-in list", "عقد خدمات\n\nأبرم هذا العقد بين شركة النهضة للعيادات ش.م.م (\"العميل\") وشركة النفايات الطبية ش.م.م (\"المقاول\").\n\nيلتزم المقاول بما يلي:\n١. توفير حاويات محكمة الإغلاق.\n٢. تدريب موظفي العميل على الفرز.",
		nil, nil, []string{"contractor must حاويات", "contractor must تدريب"}},
	{"OW representative acts for the company", "SERVICES AGREEMENT\n\nThis Agreement is made between Nahda Clinics LLC (the \"Client\") and Medwaste Oman LLC (the \"Contractor\").\n\nThe Contractor, through its site supervisor, shall sign the collection log daily.",
		nil, nil, []string{"contractor must sign the collection log"}},
	{"OW short name without legal form", "SUPPLY AGREEMENT\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Akhdar Farms LLC (the \"Supplier\").\n\nJabal Akhdar Farms shall deliver the milk chilled below 4 degrees.",
		nil, nil, []string{"supplier must deliver the milk"}},
	{"OW full name as the subject", "SUPPLY AGREEMENT\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Akhdar Farms LLC (the \"Supplier\").\n\nMazoon Dairy SAOC shall pay within 45 days of delivery.",
		nil, nil, []string{"buyer must pay within 45 days"}},
	{"OW its and it after the subject", "SUPPLY AGREEMENT\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Akhdar Farms LLC (the \"Supplier\").\n\nIf the Supplier cannot deliver on a day, it shall inform the Buyer by 6 a.m.",
		nil, nil, []string{"supplier must inform the buyer"}},
	{"OW neither X nor Y", "SUPPLY AGREEMENT\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Akhdar Farms LLC (the \"Supplier\").\n\nNeither the Buyer nor the Supplier shall disclose the prices.",
		nil, nil, []string{"buyer must_not disclose", "supplier must_not disclose"}},
	{"OW we in a letter defined by its sender", "Oasis Water Company SAOC\n\nTo: Hajir Trading Est.\n\n15 April 2026\n\nDear Sirs,\n\nWe shall replace any damaged carton at no cost.\nYou shall return the empty crates weekly.\n\nYours faithfully,\nOasis Water Company SAOC",
		map[string]string{"Oasis Water Company SAOC": "supplier", "Hajir Trading Est.": "customer"}, nil,
		[]string{"supplier must replace any damaged carton", "customer must return the empty crates"}},
	{"OW Arabic letter نلتزم", "شركة الواحة للمياه ش.م.ع.م\n\nالسادة/ مؤسسة هجير التجارية المحترمين\n\nعرض سعر\n\nنلتزم بتوريد المياه خلال يومين من استلام الطلب.\nيجب عليكم سداد الفاتورة خلال خمسة عشر يوماً.",
		map[string]string{"شركة الواحة للمياه ش.م.ع.م": "supplier", "مؤسسة هجير التجارية": "customer"}, nil,
		[]string{"supplier must بتوريد المياه", "customer must سداد الفاتورة"}},
	{"OW the Company in an employment contract", "EMPLOYMENT CONTRACT\n\nThis Contract is made between Amouage Perfumes LLC (the \"Company\") and Ms. Sara Al Habsi (the \"Employee\").\n\nThe Company shall provide medical insurance to the Employee.",
		map[string]string{"Amouage Perfumes LLC": "employer", "Sara Al Habsi": "employee"}, nil,
		[]string{"employer must provide medical insurance"}},
	{"OW Arabic الشركة in employment", "عقد عمل\n\nالطرف الأول: شركة مسقط للأغذية ش.م.م ويشار إليها فيما بعد بـ \"الشركة\".\nالطرف الثاني: السيد عادل بن حمد الكندي ويشار إليه فيما بعد بـ \"الموظف\".\n\nتلتزم الشركة بدفع الراتب في نهاية كل شهر.\nيلتزم الموظف بالحضور في المواعيد الرسمية.",
		map[string]string{"شركة مسقط للأغذية ش.م.م": "employer", "عادل بن حمد الكندي": "employee"}, nil,
		[]string{"employer must بدفع الراتب", "employee must بالحضور"}},
	{"OW a post binds no role", "SERVICES AGREEMENT\n\nThis Agreement is made between Nahda Clinics LLC (the \"Client\") and Medwaste Oman LLC (the \"Contractor\").\n\nThe Project Manager shall approve each monthly report.",
		nil, nil, []string{"- must approve each monthly report"}},
	{"OW a party named and role on a second sentence", "SUPPLY AGREEMENT\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Akhdar Farms LLC (the \"Supplier\").\n\nThe Buyer shall provide crates. The Supplier shall wash them.",
		nil, nil, []string{"buyer must provide crates", "supplier must wash them"}},
	{"OW Arabic على X أن after الطرف الثاني", "عقد إيجار\n\nالطرف الأول: السيد ناصر الحبسي (\"المؤجر\").\nالطرف الثاني: شركة البستان ش.م.م (\"المستأجر\").\n\nعلى الطرف الأول أن يسلم العين المؤجرة صالحة للاستعمال.",
		nil, nil, []string{"landlord must يسلم العين"}},
	{"OW bilingual each side binds once", "LEASE / عقد إيجار\n\nThis Lease is made between Saeed Al Shidi (the \"Landlord\") and Blue Sky Travel LLC (the \"Tenant\").\nأبرم هذا العقد بين سعيد الشيدي (\"المؤجر\") وشركة السماء الزرقاء للسفر ش.م.م (\"المستأجر\").\n\nThe Tenant shall pay the rent quarterly.\nيلتزم المستأجر بدفع الإيجار كل ثلاثة أشهر.",
		nil, nil, []string{"tenant must pay the rent", "tenant must بدفع الإيجار"}},
	{"OW tender: the Contractor of the future contract", "INVITATION TO TENDER\n\nBahwan Facilities SAOC invites tenders for landscaping services.\n\nThe Contractor shall maintain the lawns weekly.\nTenderers shall visit the site before bidding.",
		map[string]string{"Bahwan Facilities SAOC": "issuer"}, nil,
		[]string{"contractor must maintain the lawns"}}, // session 20 decision 32 (requirement_conventions.go): the site visit a bidder must make is an eligibility requirement, no obligation
	{"OW insurance: the Insurer shall", "POLICY SCHEDULE\n\nInsurer: Dhofar Insurance Company SAOG\nInsured: Tilal Residences SAOC\n\nThe Insurer shall settle each claim within 30 days of the survey report.",
		nil, nil, []string{"insurer must settle each claim"}},

	// More families: representatives in a preamble, trading names,
	// consortia, contacts, people in passing.
	{"PE represented by", "SUPPLY AGREEMENT\n\nThis Agreement is made between Sahm Cables LLC, represented by its General Manager Mr. Ravi Shankar (the \"Supplier\"), and Liwa Power SAOC, represented by Ms. Shamsa Al Maqbali (the \"Purchaser\").\n\nThe Supplier shall test each drum before dispatch.",
		map[string]string{"Sahm Cables LLC": "supplier", "Liwa Power SAOC": "buyer", "Ravi Shankar": "-", "Shamsa Al Maqbali": "-"}, nil,
		[]string{"supplier must test each drum"}},
	{"PE trading as", "FRANCHISE AGREEMENT\n\nThis Agreement is made between Qurum Foods LLC trading as Karak House (the \"Franchisee\") and Karak Brands FZ-LLC (the \"Franchisor\").\n\nThe Franchisee shall buy its tea blend only from the Franchisor.",
		map[string]string{"Qurum Foods LLC": "franchisee", "Karak Brands FZ-LLC": "franchisor"}, nil,
		[]string{"franchisee must buy its tea blend"}},
	{"PE consortium as one contractor", "CONTRACT FOR ROAD WORKS\n\nThis Contract is made between Al Wusta Development Company SAOC (the \"Employer\") and a consortium of Strabag Oman LLC and Hatta Asphalt LLC (together the \"Contractor\").\n\nThe Contractor shall complete the road within 14 months.",
		map[string]string{"Al Wusta Development Company SAOC": "employer", "Strabag Oman LLC": "contractor", "Hatta Asphalt LLC": "contractor"}, nil,
		[]string{"contractor must complete the road"}},
	{"PE Arabic ويمثلها", "عقد صيانة\n\nالطرف الأول: شركة صحار للألمنيوم ش.م.م ويمثلها السيد أحمد بن سعيد البادي، ويشار إليها فيما بعد بـ \"العميل\".\nالطرف الثاني: مؤسسة الإتقان للصيانة ويمثلها السيد راشد بن علي السعدي، ويشار إليها فيما بعد بـ \"المقاول\".\n\nيلتزم المقاول بصيانة المكيفات كل ثلاثة أشهر.",
		map[string]string{"شركة صحار للألمنيوم ش.م.م": "customer", "مؤسسة الإتقان للصيانة": "contractor", "أحمد بن سعيد البادي": "-", "راشد بن علي السعدي": "-"}, nil,
		[]string{"contractor must بصيانة المكيفات"}},
	{"PE Arabic ويشار إليها without فيما بعد, quotes «»", "اتفاقية وكالة\n\nالطرف الأول: شركة نسيم للعطور ذ.م.م، ويشار إليها بـ «الموكل».\nالطرف الثاني: مؤسسة الفجر التجارية، ويشار إليها بـ «الوكيل».\n\nيلتزم الوكيل بتسويق المنتجات في محافظة ظفار.",
		map[string]string{"شركة نسيم للعطور ذ.م.م": "principal", "مؤسسة الفجر التجارية": "agent"}, nil,
		[]string{"agent must بتسويق المنتجات"}},
	{"PL Arabic addressee السادة and عناية", "شركة النور للتجهيزات ش.م.م\nص.ب ٤٤٥، روي\n\nعرض سعر رقم ٢٢٠\n\nالسادة/ مدرسة الأجيال الخاصة المحترمين\nعناية: الأستاذة منى بنت سالم الغافرية\n\nيسرنا أن نقدم لكم عرضنا لتوريد ثلاثين سبورة ذكية.",
		map[string]string{"شركة النور للتجهيزات ش.م.م": "supplier", "مدرسة الأجيال الخاصة": "customer", "منى بنت سالم الغافرية": "-"}, nil, nil},
	{"PL prepared by / approved by", "REQUEST FOR PROPOSAL RFP-22\n\nIssued by: Majis Industrial Services SAOC\n\nPrepared by: Nasser Al Ghailani, Procurement Officer\nApproved by: Aida Al Rahbi, Head of Supply Chain\n\nProposals must be submitted by 10 September 2026.",
		map[string]string{"Majis Industrial Services SAOC": "issuer", "Nasser Al Ghailani": "-", "Aida Al Rahbi": "-"}, nil,
		[]string{"- must submitted by"}},
	{"PL invoice Sold To / Ship To", "INVOICE No. 4471\n\nSeller: Bawshar Electronics LLC\nSold To: Amerat Schools SAOC\nShip To: Amerat Schools SAOC, Building 12, Al Amerat\n\nPayment is due within 30 days of the invoice date.",
		map[string]string{"Bawshar Electronics LLC": "seller", "Amerat Schools SAOC": "customer"}, nil, nil},
	{"PN person in passing", "LEASE AGREEMENT\n\nThis Lease is made between Khalid Said Al Rawas (the \"Lessor\") and Dhofar Dental Centre LLC (the \"Lessee\").\n\nThe premises lie on Sultan Qaboos Street near the mosque of Sheikh Abdullah.\nThe Lessee shall keep the clinic's signage in Arabic and English.",
		map[string]string{"Khalid Said Al Rawas": "landlord", "Dhofar Dental Centre LLC": "tenant"}, []string{"Sultan Qaboos", "Sheikh Abdullah"},
		[]string{"tenant must keep the clinic"}},
	{"PN Arabic bank for payment", "فاتورة ضريبية\n\nشركة الأفق للطباعة ش.م.م\n\nإلى: كلية مجان الجامعية\n\nيرجى التحويل إلى حساب الشركة لدى بنك مسقط ش.م.ع.ع رقم ٠٣٠١٢٢٣٣.",
		map[string]string{"شركة الأفق للطباعة ش.م.م": "supplier", "كلية مجان الجامعية": "customer"}, []string{"بنك مسقط ش.م.ع.ع"}, nil},
	{"PN Arabic court", "عقد بيع\n\nالطرف الأول: شركة الوسطى للمعدات ش.م.م (\"البائع\").\nالطرف الثاني: شركة الأمل للنقل ش.م.م (\"المشتري\").\n\nتختص المحكمة الابتدائية بمسقط بنظر أي نزاع.",
		map[string]string{"شركة الوسطى للمعدات ش.م.م": "seller", "شركة الأمل للنقل ش.م.م": "buyer"}, []string{"المحكمة الابتدائية بمسقط"}, nil},
	{"OW X's staff bind X", "SERVICES AGREEMENT\n\nThis Agreement is made between Nahda Clinics LLC (the \"Client\") and Medwaste Oman LLC (the \"Contractor\").\n\nThe Contractor and its staff shall wear protective gloves at all times.",
		nil, nil, []string{"contractor must wear protective gloves"}},
	{"OW either party shall", "SUPPLY AGREEMENT\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Akhdar Farms LLC (the \"Supplier\").\n\nEither party shall give written notice of any change of address.",
		nil, nil, []string{"each_party must give written notice"}},
	{"OW passive by the Supplier, Arabic twin", "SUPPLY AGREEMENT / اتفاقية توريد\n\nThis Agreement is made between Mazoon Dairy SAOC (the \"Buyer\") and Jabal Akhdar Farms LLC (the \"Supplier\").\nأبرمت هذه الاتفاقية بين شركة مزون للألبان ش.م.ع.ع (\"المشتري\") وشركة مزارع الجبل الأخضر ش.م.م (\"المورد\").\n\nTransport costs shall be paid by the Supplier.\nتدفع تكاليف النقل من قبل المورد.",
		nil, nil, []string{"supplier must paid", "supplier must تكاليف النقل"}},
	{"OW Arabic يجب على الطرف الأول", "عقد إيجار\n\nالطرف الأول: السيد ناصر الحبسي (\"المؤجر\").\nالطرف الثاني: شركة البستان ش.م.م (\"المستأجر\").\n\nيجب على الطرف الأول إجراء الصيانة الرئيسية للمبنى.",
		nil, nil, []string{"landlord must الصيانة الرئيسية"}},

	// Second batch (written after the probe's first run, in our own
	// words): the families its misses showed.
	{"L2 letter with no salutation: letterhead, addressee block, body", "Sahil Printing Press LLC\nPO Box 610, Ruwi\n\n2 June 2026\n\nAl Ghadeer Schools SAOC\nMuscat\n\nReminder of overdue invoices\n\nWe have not received payment of invoice 2207. You must settle it within seven days.",
		map[string]string{"Sahil Printing Press LLC": "supplier", "Al Ghadeer Schools SAOC": "customer"}, nil,
		[]string{"customer must settle it"}},
	{"L2 Arabic addressee after المحترمين/", "مطبعة الساحل ش.م.م\nروي، مسقط\n\nالتاريخ: ٢ يونيو ٢٠٢٦\n\nالمحترمين/ مدارس الغدير ش.م.ع.م\nمسقط\n\nالموضوع: تذكير بفواتير متأخرة\n\nيجب عليكم سداد الفاتورة خلال سبعة أيام.\nنلتزم بإرسال كشف الحساب عند الطلب.",
		map[string]string{"مطبعة الساحل ش.م.م": "supplier", "مدارس الغدير ش.م.ع.م": "customer"}, nil,
		[]string{"customer must سداد الفاتورة", "supplier must بإرسال كشف"}},
	{"L2 bilingual offer letter with no salutation", "Wadi Hawasinah Foods SAOC / شركة وادي الحواسنة للأغذية ش.م.ع.ع\nSohar\n\n5 July 2026\n\nMs. Rasha Ahmed Al Zadjali / الفاضلة/ رشا أحمد الزدجالية\n\nOffer of Employment / عرض عمل\n\nWe are pleased to offer you the post of Quality Officer.\nYou must bring your passport on your first day. / يجب عليك إحضار جواز سفرك في أول يوم عمل.\nWe will pay your salary monthly. / نلتزم بدفع راتبك شهرياً.\n\nAcceptance by the Employee / قبول الموظفة",
		map[string]string{"Wadi Hawasinah Foods SAOC": "employer", "شركة وادي الحواسنة للأغذية ش.م.ع.ع": "employer", "Rasha Ahmed Al Zadjali": "employee", "رشا أحمد الزدجالية": "employee"}, nil,
		[]string{"employee must bring your passport", "employee must إحضار", "employer must pay your salary", "employer must بدفع راتبك"}},
	{"L2 quotation To / إلى label, we and you", "# Quotation / عرض سعر\n\n**Rimal Events LLC / شركة رمال للفعاليات ش.م.م**\n\n**To / إلى:** Sur Cement SAOG / شركة أسمنت صور ش.م.ع.ع\n\nWe will set up the tents one day before the event. / نلتزم بتركيب الخيام قبل يوم من الفعالية.\nYou must provide power at the site. / يجب عليكم توفير الكهرباء في الموقع.",
		nil, nil,
		[]string{"supplier must set up the tents", "supplier must بتركيب الخيام", "customer must provide power", "customer must توفير الكهرباء"}},
	{"M2 Arabic consortium members", "اتفاقية تحالف\n\nالعضو القائد: شركة البيان للمقاولات ش.م.م\nالعضو الثاني: مؤسسة الضياء للكهرباء\n\nيتولى العضو القائد تمثيل التحالف أمام الجهة المالكة.\nيلتزم العضو الثاني بتوريد المعدات الكهربائية.",
		map[string]string{"شركة البيان للمقاولات ش.م.م": "lead_member", "مؤسسة الضياء للكهرباء": "member"}, nil,
		[]string{"member must بتوريد المعدات"}},
	{"G2 Arabic guarantee defined words", "ضمان دفعة مقدمة\n\nإلى السادة/ شركة الريان العقارية ش.م.ع.ع (\"المستفيد\") المحترمين\n\nبناءً على طلب شركة النخيل للتجهيزات ش.م.م (\"المكفول\")، فإننا بنك صحار الدولي ش.م.ع.ع (\"الضامن\") نتعهد بأن ندفع لكم أي مبلغ لا يتجاوز عشرين ألف ريال عماني.",
		map[string]string{"شركة الريان العقارية ش.م.ع.ع": "beneficiary", "شركة النخيل للتجهيزات ش.م.م": "principal", "بنك صحار الدولي ش.م.ع.ع": "guarantor"}, nil,
		[]string{"guarantor must ندفع"}},
	{"N2 mutual NDA: each a Party, duties of the Receiving Party", "MUTUAL NON-DISCLOSURE AGREEMENT\n\nThis Agreement is made between Masirah Data Systems LLC and Qalhat Analytics SPC (each a \"Party\" and, when it receives information, the \"Receiving Party\").\n\nThe Receiving Party shall keep the information secret.",
		map[string]string{"Masirah Data Systems LLC": "-", "Qalhat Analytics SPC": "-"}, nil,
		[]string{"receiving_party must keep the information secret"}},
	{"B2 bilingual label line, name in two scripts", "TENANCY / عقد إيجار\n\nFirst Party / الطرف الأول: Mubarak Saif Al Hajri / مبارك سيف الهاجري, owner of the villa.\nSecond Party / الطرف الثاني: Nadia Karim / نادية كريم.\n\nThe Second Party shall pay the rent monthly.",
		map[string]string{"Mubarak Saif Al Hajri": "first_party", "مبارك سيف الهاجري": "first_party"}, nil,
		[]string{"second_party must pay the rent"}},
	{"O-P2 passive with its agent at the clause end", "LEASE\n\nThis Lease is made between Mubarak Al Hajri (the \"Landlord\") and Nadia Karim (the \"Tenant\").\n\nThe lease shall be registered with the municipality by the Landlord.",
		nil, nil, []string{"landlord must registered"}},
	{"I2 RFQ to one bidder, issuer defined as the Company", "REQUEST FOR QUOTATION RFQ-77\nShinas Port Services SAOC (\"the Company\"), PO Box 12, Shinas\nTo: Liwa Rope Traders LLC, Sohar\n\nThe Company shall inform the bidder of the result within ten days.",
		map[string]string{"Shinas Port Services SAOC": "issuer", "Liwa Rope Traders LLC": "bidder"}, nil,
		[]string{"issuer must inform the bidder"}},
	{"PT2 parties table with a Defined as column", "# Cleaning Contract\n\n| Party | Name and address | Defined as |\n|---|---|---|\n| 1 | Sarooj Offices SAOC, Qurum | the Client |\n| 2 | Sparkle Cleaning LLC, Ghala | the Contractor |\n\nThe Contractor shall clean the lobby daily.",
		map[string]string{"Sarooj Offices SAOC": "customer", "Sparkle Cleaning LLC": "contractor"}, []string{"1", "2"},
		[]string{"contractor must clean the lobby"}},
	{"O-Y Arabic لا يجوز لكم in a letter", "شركة الواحة للمياه ش.م.ع.م\n\nالسادة/ مؤسسة هجير التجارية المحترمين\n\nعرض سعر\n\nلا يجوز لكم إرجاع العبوات بعد فتحها.",
		nil, nil, []string{"customer must_not إرجاع العبوات"}},
	{"L3 offer letter opening with its addressee, Ref line above", "LETTER OF OFFER\nRef: HR/2026/14\nDate: 2 March 2026\nMs. Muna Saif Al Riyami\nAl Khoudh, Muscat\nDear Ms. Al Riyami,\nNizwa Dairy SAOC (the \"Company\") is pleased to offer you the post of Chemist.\nYou must complete a medical test before joining.",
		map[string]string{"Muna Saif Al Riyami": "employee", "Nizwa Dairy SAOC": "employer"}, nil,
		[]string{"employee must complete a medical test"}},
	{"O-G a guarantee's writer undertakes", "BID BOND No. BB-9\n\nTo: Duqm Refinery LLC\n\nAt the request of the Tenderer, we, Gulf Pearl Bank SAOG, Head Office, Muscat, irrevocably undertake to pay you up to OMR 10,000 on your first demand.",
		// session 21, decision 42: a bank with no role word is issuer
		nil, nil, []string{"issuer must undertake to pay"}},
}

// partyRolesByDoctypeOpen are the families round 16 left open (docs/documents.md,
// "round 16 ... by families", "Not done"): their cases run and are
// reported, and fail no build; a case of another family fails the test.
var partyRolesByDoctypeOpen = map[string]bool{
	"PE of the one part / of the other part":                     true, // a person's name runs on into "of Al Khuwair"
	"PE the role before the name":                                true, // "between the Client, X, and ..."
	"PS signed by X as director of Y":                            true, // the signatory is not found
	"PI RFQ issued by":                                           true, // "Suppliers must quote" binds supplier, not bidder
	"PG guarantee Arabic الكفيل / المستفيد":                      true, // Arabic labels in a guarantee
	"PE consortium as one contractor":                            true, // "a consortium of X and Y" is one name
	"N2 mutual NDA: each a Party, duties of the Receiving Party": true, // "X and Y (each a Party)" is one name
}

// TestParties16Families runs every case and reports the failures by
// family; the open families' failures are logged, and an open family
// that passes fails the test until it is taken out of partyRolesByDoctypeOpen.
func TestParties16Families(t *testing.T) {
	failed := 0
	for _, c := range partyRolesByDoctypeCases {
		msg := partyCheck(t, c)
		switch {
		case msg != "" && partyRolesByDoctypeOpen[c.family]:
			failed++
			t.Logf("open %s:\n%s", c.family, msg)
		case msg != "":
			failed++
			t.Errorf("%s:\n%s", c.family, msg)
		case partyRolesByDoctypeOpen[c.family]:
			t.Errorf("open family %q passes now: take it out of party16Open", c.family)
		}
	}
	t.Logf("%d of %d family cases fail", failed, len(partyRolesByDoctypeCases))
}

// partyCheck is what c's text gives against what it wants; "" when
// they agree.
func partyCheck(t *testing.T, c partyCase) string {
	t.Helper()
	parties, obls := roleFacts(t, c.text)
	var msgs []string
	for name, role := range c.parties {
		if r, ok := parties[name]; !ok {
			msgs = append(msgs, fmt.Sprintf("  party %q not found (want %s)", name, role))
		} else if r != role {
			msgs = append(msgs, fmt.Sprintf("  party %q: role %s, want %s", name, r, role))
		}
	}
	for _, name := range c.noParty {
		if _, ok := parties[name]; ok {
			msgs = append(msgs, fmt.Sprintf("  %q is no party", name))
		}
	}
	holds := func(o, anchor string) bool {
		_, a, _ := strings.Cut(o, ": ")
		return strings.Contains(strings.ToLower(a), anchor)
	}
	roles := map[string][]string{} // anchor → the roles wanted for it
	for _, w := range c.obls {
		parts := strings.SplitN(w, " ", 3)
		anchor := strings.ToLower(parts[2])
		roles[anchor] = append(roles[anchor], parts[0])
		if !slices.ContainsFunc(obls, func(o string) bool { return holds(o, anchor) && strings.HasPrefix(o, parts[0]+" "+parts[1]+": ") }) {
			msgs = append(msgs, fmt.Sprintf("  obligation %q not found", w))
		}
	}
	for anchor, rs := range roles {
		for _, o := range obls {
			if r, _, _ := strings.Cut(o, " "); holds(o, anchor) && !slices.Contains(rs, r) {
				msgs = append(msgs, fmt.Sprintf("  obligation %q binds another role", o))
			}
		}
	}
	if len(msgs) == 0 {
		return ""
	}
	return strings.Join(msgs, "\n") + fmt.Sprintf("\n  parties %v\n  obligations %q", parties, obls)
}

// partyProbeFloors (strict precision, recall of parties and obligations):
// the probe (testdata/partyprobe, README there) was written blind in
// session 18 as development data for round 16's party families. First
// run on round 16's rules before any change it prompted (110b529): party
// 0.772/0.722, obligation 0.843/0.792 (main 52a8f25: 0.766/0.716,
// 0.851/0.765). Round 16 then developed on it (0.906/0.852,
// 0.938/0.913): floors two points under; it measures fitting now.
var partyProbeFloors = map[string][2]float64{
	"party":      {0.88, 0.83},
	"obligation": {0.91, 0.89},
}

// TestPartyProbe scores the party probe: 30 documents in the ways
// drafters introduce parties and roles, with distractors that are no
// party. Only its party and obligation rows count.
// go test -p 1 ./capabilities/documentfacts -run 'TestPartyProbe$' -v
func TestPartyProbe(t *testing.T) {
	scoreHeldOut(t, "testdata/partyprobe", 30, partyProbeFloors)
}
