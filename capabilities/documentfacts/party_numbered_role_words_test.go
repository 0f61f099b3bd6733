package documentfacts

import "testing"

// DALIL_NUMBERED=off (or on): the numbered parties' role words are read
// in session 27's brackets only (numberedLayoutRoles). To score a set so.
func init() {
	modelEnvSwitch("DALIL_NUMBERED", &numberedLayoutsOn)
}

// Session 28 (numbered; docs/documents.md "Issue 29, session 28:
// numbered parties' role words (numbered)"): documents of our own in
// the layouts in which contracts give a numbered party (الطرف الأول,
// "the Second Party") its role word; the role each party must have
// ("name part=role") and the obligations each must give ("role
// modality anchor"; nil: not compared).
var numberedRoleWordCases = []partyRoleCase{
	{"N1", "Arabic: a role label over the block, the number defined after",
		"عقد إيجار\n\nالمؤجر: شركة الواحة العقارية ش.م.م، سجل تجاري رقم ١٢٣٤٥٦٧، مسقط، ويشار إليها فيما بعد بالطرف الأول.\nالمستأجر: مؤسسة النور للتجارة، سجل تجاري رقم ٧٦٥٤٣٢١، صحار، ويشار إليها فيما بعد بالطرف الثاني.\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n٢. يلتزم الطرف الأول بتسليم العين المؤجرة خالية من الشواغل.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant"},
		[]string{"tenant must بدفع الإيجار", "landlord must بتسليم العين المؤجرة"}},
	{"N2", "Arabic: الطرف الأول (المؤجر): before the name",
		"عقد إيجار\n\nالطرف الأول (المؤجر): شركة الواحة العقارية ش.م.م، مسقط.\nالطرف الثاني (المستأجر): مؤسسة النور للتجارة، صحار.\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n٢. يلتزم الطرف الأول بصيانة المبنى.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant"},
		[]string{"tenant must بدفع الإيجار", "landlord must بصيانة المبنى"}},
	{"N3", "Arabic: بصفته مؤجراً / بصفتها المورد",
		"عقد توريد\n\nالطرف الأول: شركة نزوى للأسمنت ش.م.ع.ع، بصفتها المشتري.\nالطرف الثاني: شركة الخليج للتجارة ش.م.م، بصفتها المورد.\n\n" +
			"١. يلتزم الطرف الثاني بتوريد الأسمنت خلال أسبوع من الطلب.\n٢. يلتزم الطرف الأول بسداد الفواتير خلال ثلاثين يوماً.\n",
		[]string{"نزوى للأسمنت=buyer", "الخليج للتجارة=supplier"},
		[]string{"supplier must بتوريد الأسمنت", "buyer must بسداد الفواتير"}},
	{"N3", "Arabic: بصفته مؤجراً (indefinite)",
		"عقد إيجار\n\nالطرف الأول: شركة الواحة العقارية ش.م.م بصفتها مؤجراً.\nالطرف الثاني: مؤسسة النور للتجارة بصفتها مستأجراً.\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant"},
		[]string{"tenant must بدفع الإيجار"}},
	{"N4", "English: First Party (Lessor): before the name",
		"LEASE AGREEMENT\n\nFirst Party (Lessor): Al Waha Real Estate LLC, Muscat.\nSecond Party (Lessee): Al Noor Trading SPC, Sohar.\n\n" +
			"1. The Second Party shall pay the rent on the first day of each month.\n2. The First Party shall maintain the building.\n",
		[]string{"Al Waha=landlord", "Al Noor=tenant"},
		[]string{"tenant must pay the rent", "landlord must maintain the building"}},
	{"N5", "English: First Party – the Landlord",
		"LEASE AGREEMENT\n\nFirst Party – the Landlord: Al Waha Real Estate LLC, Muscat.\nSecond Party – the Tenant: Al Noor Trading SPC, Sohar.\n\n" +
			"1. The Second Party shall pay the rent on the first day of each month.\n2. The First Party shall maintain the building.\n",
		[]string{"Al Waha=landlord", "Al Noor=tenant"},
		[]string{"tenant must pay the rent", "landlord must maintain the building"}},
	{"N6", "Arabic: the role in the body only (يلتزم الطرف الأول (المؤجر) بـ)",
		"عقد إيجار\n\nالطرف الأول: شركة الواحة العقارية ش.م.م، مسقط.\nالطرف الثاني: مؤسسة النور للتجارة، صحار.\n\n" +
			"١. يلتزم الطرف الأول (المؤجر) بتسليم العين المؤجرة.\n٢. يلتزم الطرف الثاني (المستأجر) بدفع الإيجار.\n٣. يلتزم الطرف الثاني بإعادة العين عند انتهاء العقد.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant"},
		[]string{"landlord must بتسليم العين المؤجرة", "tenant must بدفع الإيجار", "tenant must بإعادة العين"}},
	{"N7", "English: the role in the body only (The First Party, as Supplier,)",
		"SUPPLY AGREEMENT\n\nThis Agreement is made between Gulf Trading LLC (the \"First Party\") and Nizwa Cement Company SAOG (the \"Second Party\").\n\n" +
			"1. The First Party, as Supplier, shall deliver the cement within seven days of each order.\n2. The Second Party, as Buyer, shall pay each invoice within 30 days.\n3. The First Party shall replace any damaged bags.\n",
		[]string{"Gulf Trading=supplier", "Nizwa Cement=buyer"},
		[]string{"supplier must deliver the cement", "buyer must pay each invoice", "supplier must replace any damaged bags"}},
	{"N8", "Arabic: a table with columns الطرف / الصفة",
		"عقد توريد\n\n| الطرف | الصفة | الاسم |\n|---|---|---|\n| الطرف الأول | المشتري | شركة نزوى للأسمنت ش.م.ع.ع |\n| الطرف الثاني | المورد | شركة الخليج للتجارة ش.م.م |\n\n" +
			"١. يلتزم الطرف الثاني بتوريد الأسمنت خلال أسبوع من الطلب.\n٢. يلتزم الطرف الأول بسداد الفواتير خلال ثلاثين يوماً.\n",
		[]string{"نزوى للأسمنت=buyer", "الخليج للتجارة=supplier"},
		[]string{"supplier must بتوريد الأسمنت", "buyer must بسداد الفواتير"}},
	{"N9", "Arabic: ويشار إليه بـ (الطرف الأول) أو (المؤجر)",
		"عقد إيجار\n\nإنه في يوم الأحد الموافق ١ مارس ٢٠٢٧ تم الاتفاق بين كل من:\nشركة الواحة العقارية ش.م.م، مسقط، ويشار إليها في هذا العقد بـ (الطرف الأول) أو (المؤجر).\nمؤسسة النور للتجارة، صحار، ويشار إليها في هذا العقد بـ (الطرف الثاني) أو (المستأجر).\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n٢. يلتزم الطرف الأول بصيانة المبنى.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant"},
		[]string{"tenant must بدفع الإيجار", "landlord must بصيانة المبنى"}},
	{"N10", "Arabic: a three-party memorandum (الطرف الثالث), the subjects الكلية / المختبر / الجمعية",
		"مذكرة تفاهم\n\nالطرف الأول: كلية عمان للعلوم الصحية، مسقط، ويشار إليها فيما بعد بـ\"الكلية\".\nالطرف الثاني: مختبر الشفاء الطبي ش.م.م، مسقط، ويشار إليه فيما بعد بـ\"المختبر\".\nالطرف الثالث: جمعية المرأة العمانية بمسقط، ويشار إليها فيما بعد بـ\"الجمعية\".\n\n" +
			"١. تلتزم الكلية بتوفير الطلاب المتدربين.\n٢. يلتزم المختبر بتدريب الطلاب على الفحوصات.\n٣. تلتزم الجمعية بتنظيم حملات التوعية.\n٤. يلتزم الطرف الثاني بإصدار شهادات التدريب.\n",
		[]string{"كلية عمان=college", "مختبر الشفاء=laboratory", "جمعية المرأة=association"},
		[]string{"college must بتوفير الطلاب", "laboratory must بتدريب الطلاب", "association must بتنظيم حملات", "laboratory must بإصدار شهادات"}},
	{"N11", "English: First Party (the Lessor) defined after the name",
		"LEASE AGREEMENT\n\nThis Lease is made between Al Waha Real Estate LLC (the \"First Party\" or the \"Lessor\") and Al Noor Trading SPC (the \"Second Party\" or the \"Lessee\").\n\n" +
			"1. The Second Party shall pay the rent on the first day of each month.\n",
		[]string{"Al Waha=landlord", "Al Noor=tenant"},
		[]string{"tenant must pay the rent"}},
	{"N12", "Arabic: a heading over the block, the name on the next line",
		"عقد إيجار\n\nالطرف الأول (المؤجر)\nشركة الواحة العقارية ش.م.م، مسقط، سجل تجاري رقم ١٢٣٤٥.\n\nالطرف الثاني (المستأجر)\nمؤسسة النور للتجارة، صحار.\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n٢. يلتزم الطرف الأول بصيانة المبنى.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant"},
		[]string{"tenant must بدفع الإيجار", "landlord must بصيانة المبنى"}},
	{"N12", "English: a heading over the block",
		"LEASE AGREEMENT\n\nFIRST PARTY (LANDLORD)\nAl Waha Real Estate LLC, PO Box 12, Muscat.\n\nSECOND PARTY (TENANT)\nAl Noor Trading SPC, Sohar.\n\n" +
			"1. The Second Party shall pay the rent on the first day of each month.\n2. The First Party shall maintain the building.\n",
		[]string{"Al Waha=landlord", "Al Noor=tenant"},
		[]string{"tenant must pay the rent", "landlord must maintain the building"}},
	{"N12", "Arabic: the number's line gives the role word, the name below",
		"عقد توريد\n\nالطرف الأول: المشتري\nالاسم: شركة نزوى للأسمنت ش.م.ع.ع\nالطرف الثاني: المورد\nالاسم: شركة الخليج للتجارة ش.م.م\n\n" +
			"١. يلتزم الطرف الثاني بتوريد الأسمنت خلال أسبوع.\n٢. يلتزم الطرف الأول بسداد الفواتير خلال ثلاثين يوماً.\n",
		[]string{"نزوى للأسمنت=buyer", "الخليج للتجارة=supplier"},
		[]string{"supplier must بتوريد الأسمنت", "buyer must بسداد الفواتير"}},
	{"N13", "English: the role word before its number (Lessor (First Party):)",
		"LEASE AGREEMENT\n\nLessor (First Party): Al Waha Real Estate LLC, Muscat.\nLessee (Second Party): Al Noor Trading SPC, Sohar.\n\n" +
			"1. The Second Party shall pay the rent on the first day of each month.\n2. The First Party shall maintain the building.\n",
		[]string{"Al Waha=landlord", "Al Noor=tenant"},
		[]string{"tenant must pay the rent", "landlord must maintain the building"}},
	{"N13", "Arabic: المؤجر / الطرف الأول:",
		"عقد إيجار\n\nالمؤجر / الطرف الأول: شركة الواحة العقارية ش.م.م، مسقط.\nالمستأجر / الطرف الثاني: مؤسسة النور للتجارة، صحار.\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n٢. يلتزم الطرف الأول بصيانة المبنى.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant"},
		[]string{"tenant must بدفع الإيجار", "landlord must بصيانة المبنى"}},
	{"N9", "Arabic: one bracket, (الطرف الأول / المؤجر)",
		"عقد إيجار\n\nتم الاتفاق بين كل من:\nشركة الواحة العقارية ش.م.م، مسقط، ويشار إليها فيما بعد بـ (الطرف الأول / المؤجر).\nمؤسسة النور للتجارة، صحار، ويشار إليها فيما بعد بـ (الطرف الثاني / المستأجر).\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n٢. يلتزم الطرف الأول بصيانة المبنى.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant"},
		[]string{"tenant must بدفع الإيجار", "landlord must بصيانة المبنى"}},
	{"N3", "Arabic: وهو المؤجر",
		"عقد إيجار\n\nالطرف الأول: شركة الواحة العقارية ش.م.م، مسقط، وهو المؤجر.\nالطرف الثاني: مؤسسة النور للتجارة، صحار، وهو المستأجر.\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant"},
		[]string{"tenant must بدفع الإيجار"}},
	{"N10", "Arabic: three parties, \"الطرف الأول\" أو \"الكلية\"",
		"مذكرة تفاهم\n\nتم الاتفاق بين كل من:\nكلية عمان للعلوم الصحية، مسقط، ويشار إليها فيما بعد بـ\"الطرف الأول\" أو \"الكلية\".\nمختبر الشفاء الطبي ش.م.م، مسقط، ويشار إليه فيما بعد بـ\"الطرف الثاني\" أو \"المختبر\".\nجمعية المرأة العمانية بمسقط، ويشار إليها فيما بعد بـ\"الطرف الثالث\" أو \"الجمعية\".\n\n" +
			"١. تلتزم الكلية بتوفير الطلاب المتدربين.\n٢. يلتزم الطرف الثاني بتدريب الطلاب.\n٣. يلتزم الطرف الثالث بتنظيم حملات التوعية.\n",
		[]string{"كلية عمان=college", "مختبر الشفاء=laboratory", "جمعية المرأة=association"},
		[]string{"college must بتوفير الطلاب", "laboratory must بتدريب الطلاب", "association must بتنظيم حملات"}},
	{"N10", "Arabic: three parties, the kinds in the labels' brackets",
		"مذكرة تفاهم\n\nالطرف الأول (الكلية): كلية عمان للعلوم الصحية، مسقط.\nالطرف الثاني (المختبر): مختبر الشفاء الطبي ش.م.م، مسقط.\nالطرف الثالث (الجمعية): جمعية المرأة العمانية بمسقط.\n\n" +
			"١. تلتزم الكلية بتوفير الطلاب المتدربين.\n٢. يلتزم الطرف الثاني بتدريب الطلاب.\n٣. يلتزم الطرف الثالث بتنظيم حملات التوعية.\n",
		[]string{"كلية عمان=college", "مختبر الشفاء=laboratory"},
		[]string{"college must بتوفير الطلاب", "laboratory must بتدريب الطلاب", "association must بتنظيم حملات"}},
	{"N10", "English: numbered parties defined by their kind of body",
		"MEMORANDUM OF UNDERSTANDING\n\nFirst Party: Oman College of Health Sciences, Muscat (the \"College\").\nSecond Party: Al Shifa Medical Laboratory LLC, Muscat (the \"Laboratory\").\n\n" +
			"1. The College shall provide the trainees.\n2. The Second Party shall train the students.\n",
		[]string{"Oman College=college", "Al Shifa=laboratory"},
		[]string{"college must provide the trainees", "laboratory must train the students"}},
	{"N8", "English: a table with columns Party / Capacity",
		"SUPPLY CONTRACT\n\n| Party | Capacity | Name |\n|---|---|---|\n| First Party | Buyer | Nizwa Cement Company SAOG |\n| Second Party | Supplier | Gulf Trading LLC |\n\n" +
			"1. The Second Party shall deliver the cement within seven days.\n2. The First Party shall pay each invoice within 30 days.\n",
		[]string{"Nizwa Cement=buyer", "Gulf Trading=supplier"},
		[]string{"supplier must deliver the cement", "buyer must pay each invoice"}},
	// What stays.
	{"K1", "numbers with no role word stay",
		"عقد توريد\n\nالطرف الأول: شركة الواحة العقارية ش.م.م\nالطرف الثاني: مؤسسة النور للتجارة\n\n" +
			"١. يلتزم الطرف الثاني بتوريد المواد خلال أسبوع.\n",
		[]string{"الواحة العقارية=first_party", "مؤسسة النور=second_party"},
		[]string{"second_party must بتوريد المواد"}},
	{"K2", "two role words for one number give none",
		"عقد\n\nالطرف الأول: شركة الواحة العقارية ش.م.م\nالطرف الثاني: مؤسسة النور للتجارة\n\n" +
			"١. يلتزم الطرف الأول (المؤجر) بتسليم العين.\n٢. يلتزم الطرف الأول (المورد) بتوريد الأثاث.\n٣. يلتزم الطرف الثاني بدفع المبلغ.\n",
		[]string{"الواحة العقارية=first_party"},
		nil},
	{"K3", "English: as the First Party sees fit is no role",
		"SERVICES AGREEMENT\n\nFirst Party: Al Waha Real Estate LLC, Muscat.\nSecond Party: Al Noor Trading SPC, Sohar.\n\n" +
			"1. The Second Party shall clean the offices as instructed, as the First Party sees fit.\n",
		[]string{"Al Waha=first_party", "Al Noor=second_party"},
		nil},
	{"K4", "a representative's capacity is not the party's (بصفته المالك)",
		"عقد صيانة\n\nالطرف الأول: شركة الريم للعقارات ش.م.م، الخوير، ويمثلها السيد/ سالم بن علي الحارثي بصفته المالك، ويشار إليها فيما بعد بـ\"الطرف الأول\".\nالطرف الثاني: مؤسسة النسيم للتكييف، بوشر، ويمثلها المهندس/ محمد بن راشد الكلباني بصفته الشريك المدير، ويشار إليها فيما بعد بـ\"الطرف الثاني\".\n\n" +
			"١. يلتزم الطرف الثاني بصيانة وحدات التكييف مرة كل شهر.\n",
		[]string{"الريم للعقارات=first_party", "مؤسسة النسيم=second_party"},
		[]string{"second_party must بصيانة وحدات التكييف"}},
	{"K4", "English: a representative's capacity is not the party's",
		"MAINTENANCE AGREEMENT\n\nFirst Party: Al Reem Properties LLC, Muscat, represented by Mr Salim Al Harthi, as Owner, (the \"First Party\").\nSecond Party: Al Naseem Cooling SPC, Bausher (the \"Second Party\").\n\n" +
			"1. The Second Party shall service the air conditioners once a month.\n",
		[]string{"Al Reem=first_party", "Al Naseem=second_party"},
		[]string{"second_party must service the air conditioners"}},
	{"K5", "a signatory under a numbered label stays no one's role",
		"عقد إيجار\n\nالطرف الأول (المؤجر): شركة الواحة العقارية ش.م.م، مسقط.\nالطرف الثاني (المستأجر): مؤسسة النور للتجارة، صحار.\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n\nالتوقيعات\nالطرف الأول: حمد سعيد الغافري | الطرف الثاني: راشد خميس الوهيبي\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant", "حمد سعيد الغافري=-", "راشد خميس الوهيبي=-"},
		[]string{"tenant must بدفع الإيجار"}},
	{"K6", "a table of signatures with no role column keeps the numbers",
		"عقد توريد\n\nالطرف الأول: شركة الواحة العقارية ش.م.م\nالطرف الثاني: مؤسسة النور للتجارة\n\n١. يلتزم الطرف الثاني بتوريد المواد خلال أسبوع.\n\n" +
			"| الطرف الأول | الطرف الثاني |\n|---|---|\n| الاسم: سالم الحارثي | الاسم: محمد الكلباني |\n| الصفة: المدير العام | الصفة: المالك |\n",
		[]string{"الواحة العقارية=first_party", "مؤسسة النور=second_party"},
		[]string{"second_party must بتوريد المواد"}},
	{"K7", "a capacity of another noun in the sentence is not the number's",
		"عقد خدمات\n\nالطرف الأول: شركة الواحة العقارية ش.م.م\nالطرف الثاني: مؤسسة النور للتجارة\n\n" +
			"١. يلتزم الطرف الثاني بتسليم التقارير إلى البنك بصفته المقرض.\n",
		[]string{"الواحة العقارية=first_party", "مؤسسة النور=second_party"},
		nil},
}

func TestNumberedRoleWordLayouts(t *testing.T) {
	checkPartyRoleCases(t, numberedRoleWordCases)
}

// Session 28 (numbered2; docs/documents.md "Issue 29, session 28:
// numbered parties, second pass (numbered2)"): a number given a word the
// lexicon does not know ("الطرف الثاني (العيادة)", "First Party
// (Clinic)"), a role heading over a party's block that defines its
// number at the end ("المؤجر:" … "ويشار إليه فيما يلي بالطرف الأول"),
// and a person who is a numbered party, beside the representatives and
// signatories who never take their party's number.
var numberedWordCases = []partyRoleCase{
	{"W1", "Arabic: trade words in the numbers' brackets, a lead-in and لا يجوز of the word",
		"عقد تقديم خدمات التحاليل\n\nالطرف الأول (المختبر): شركة مختبرات الدقة الطبية المحدودة، الرياض، ويمثلها في التوقيع الدكتور/ سامي عبدالعزيز الشهري بصفته المدير الطبي.\n" +
			"الطرف الثاني (العيادة): مجمع عيادات النخبة الطبي، الرياض، ويمثله في التوقيع الأستاذ/ فهد ناصر القحطاني بصفته المدير العام.\n\n" +
			"يلتزم المختبر بما يلي:\nأ. جمع العينات من مقر العيادة يومياً.\nب. نقل العينات في حاويات مبردة.\n" +
			"لا يجوز للمختبر إحالة أي عينة إلى مختبر آخر دون موافقة كتابية من العيادة.\n" +
			"يقر المختبر بأنه حاصل على الاعتماد، ويلتزم بإخطار العيادة فوراً بأي سحب لهذا الاعتماد.\n" +
			"تلتزم العيادة بحفظ العينات في الثلاجة.\n",
		[]string{"مختبرات الدقة=laboratory", "عيادات النخبة=clinic", "سامي عبدالعزيز الشهري=-", "فهد ناصر القحطاني=-"},
		// (The verbal noun's object, "بإخطار العيادة", names no subject.)
		[]string{"laboratory must جمع العينات", "laboratory must نقل العينات", "laboratory must_not إحالة أي عينة", "- must بإخطار العيادة", "clinic must بحفظ العينات"}},
	{"W2", "English: trade words in the numbers' brackets, duties by number",
		"VETERINARY SERVICES AGREEMENT\n\nFirst Party (Clinic): Al Rawdha Veterinary Clinic Co. W.L.L., Al Rai, Kuwait.\nSecond Party (Farm): Sulaibiya Dairy Farms Company K.S.C.C., Sulaibiya, Kuwait.\n\n" +
			"1. The First Party shall visit the herd twice a week.\n2. The Second Party shall pay each monthly invoice within twenty (20) days.\n",
		[]string{"Al Rawdha=clinic", "Sulaibiya Dairy=farm"},
		[]string{"clinic must visit the herd", "farm must pay each monthly invoice"}},
	{"W3", "bilingual: an Arabic word no table knows follows its English twin",
		"NURSERY SUPPLY AGREEMENT / اتفاقية توريد شتلات\n\nFirst Party (Nursery): Green Valley Nursery LLC, Barka, Oman.\nالطرف الأول (المشتل): شركة مشتل الوادي الأخضر ش.م.م، بركاء، سلطنة عمان.\n\n" +
			"Second Party (Municipality): Barka Municipality, Barka, Oman.\nالطرف الثاني (البلدية): بلدية بركاء، سلطنة عمان.\n\n" +
			"1. The First Party shall deliver the seedlings within ten (10) days.\n١. يلتزم المشتل بتوريد الشتلات خلال عشرة (١٠) أيام.\n",
		[]string{"Green Valley=nursery", "مشتل الوادي=nursery"},
		[]string{"nursery must deliver the seedlings", "nursery must بتوريد الشتلات"}},
	{"W4", "Arabic: role headings over three blocks, an individual landlord",
		"اتفاقية ثلاثية للتنازل عن عقد إيجار\n\nالمؤجر:\nالسيد/ حمد بن سالم بن علي الكندي، عماني الجنسية، الخوير، ويشار إليه فيما يلي بالطرف الأول.\n\n" +
			"المستأجر:\nشركة لمسات الشرق للتجارة ش.م.م، روي، ويمثلها السيد/ راشد بن خميس البلوشي بصفته المدير المفوض، ويشار إليها فيما يلي بالطرف الثاني.\n\n" +
			"المتنازل له:\nشركة واحة الريم للمقاهي ش.م.م، الخوير، ويمثلها السيد/ ياسر بن محمود الرئيسي بصفته الشريك المدير، ويشار إليها فيما يلي بالطرف الثالث.\n\n" +
			"البند الأول\nيلتزم الطرف الثالث بسداد الأجرة الشهرية للطرف الأول.\nلا يجوز للطرف الثالث تغيير نشاط المحل.\nيلتزم الطرف الأول بردّ التأمين النقدي إلى الطرف الثاني.\n",
		[]string{"حمد بن سالم بن علي الكندي=landlord", "لمسات الشرق=tenant", "واحة الريم=assignee", "راشد بن خميس البلوشي=-", "ياسر بن محمود الرئيسي=-"},
		[]string{"assignee must بسداد الأجرة الشهرية", "assignee must_not تغيير نشاط المحل", "landlord must بردّ التأمين النقدي"}},
	{"W5", "English: role headings over the blocks",
		"LEASE AGREEMENT\n\nLANDLORD:\nAl Waha Real Estate LLC, PO Box 12, Muscat, referred to below as the \"First Party\".\n\nTENANT:\nAl Noor Trading SPC, Sohar, referred to below as the \"Second Party\".\n\n" +
			"1. The Second Party shall pay the rent on the first day of each month.\n2. The First Party shall maintain the building.\n",
		[]string{"Al Waha=landlord", "Al Noor=tenant"},
		[]string{"tenant must pay the rent", "landlord must maintain the building"}},
	// What stays.
	{"WK1", "English: a short name or a generic word in the bracket is no role word",
		"SERVICES AGREEMENT\n\nFirst Party (Al Waha): Al Waha Real Estate LLC, Muscat.\nSecond Party (the Company): Al Noor Trading SPC, Sohar.\n\n" +
			"1. The Second Party shall clean the offices every week.\n",
		[]string{"Al Waha=first_party", "Al Noor=second_party"},
		[]string{"second_party must clean the offices"}},
	{"WK2", "Arabic: a heading that is no role word, the numbers kept",
		"عقد خدمات\n\nتمهيد:\nشركة الواحة العقارية ش.م.م، مسقط، ويشار إليها فيما يلي بالطرف الأول.\nمؤسسة النور للتجارة، صحار، ويشار إليها فيما يلي بالطرف الثاني.\n\n" +
			"١. يلتزم الطرف الثاني بتنظيف المكاتب كل أسبوع.\n",
		[]string{"الواحة العقارية=first_party", "مؤسسة النور=second_party"},
		[]string{"second_party must بتنظيف المكاتب"}},
	{"WK3", "a person who represents a numbered party under a role heading keeps no role",
		"عقد إيجار\n\nالمؤجر:\nشركة الواحة العقارية ش.م.م، مسقط، ويمثلها السيد/ سالم بن علي الحارثي بصفته المالك، ويشار إليها فيما يلي بالطرف الأول.\n\n" +
			"المستأجر:\nمؤسسة النور للتجارة، صحار، ويمثلها السيد/ محمد بن راشد الكلباني، ويشار إليها فيما يلي بالطرف الثاني.\n\n" +
			"١. يلتزم الطرف الثاني بدفع الإيجار في أول كل شهر.\n",
		[]string{"الواحة العقارية=landlord", "مؤسسة النور=tenant", "سالم بن علي الحارثي=-", "محمد بن راشد الكلباني=-"},
		[]string{"tenant must بدفع الإيجار"}},
	// (The rules read this row's signatories as the numbers, a person's
	// mark aside; the number's role word is not given them.)
	{"WK4", "signatories under numbered role words never take the number's word (Arabic and English)",
		"عقد خدمات\n\nالطرف الأول (العيادة): مجمع عيادات النخبة الطبي، الرياض.\nالطرف الثاني (المختبر): شركة مختبرات الدقة الطبية المحدودة، الرياض.\n\n" +
			"١. تلتزم العيادة بحفظ العينات في الثلاجة.\n\n" +
			"| First Party (Clinic) | Second Party (Laboratory) |\n|---|---|\n| Dr. Bader Jassim Al Enezi | Abdulrahman Fahad Al Mutawa |\n" +
			"الطرف الأول: حمد سعيد الغافري | الطرف الثاني: راشد خميس الوهيبي\n",
		[]string{"عيادات النخبة=clinic", "مختبرات الدقة=laboratory", "حمد سعيد الغافري=first_party", "راشد خميس الوهيبي=second_party"},
		[]string{"clinic must بحفظ العينات"}},
	{"WK5", "English: a representative of a numbered party keeps no role",
		"VETERINARY SERVICES AGREEMENT\n\nFirst Party (Clinic): Al Rawdha Veterinary Clinic Co. W.L.L., Al Rai, represented by Dr. Bader Jassim Al Enezi.\nSecond Party (Farm): Sulaibiya Dairy Farms Company K.S.C.C., Sulaibiya, represented by Mr. Abdulrahman Fahad Al Mutawa.\n\n" +
			"1. The Second Party shall pay each monthly invoice within twenty (20) days.\n",
		[]string{"Al Rawdha=clinic", "Sulaibiya Dairy=farm", "Bader Jassim Al Enezi=-", "Abdulrahman Fahad Al Mutawa=-"},
		[]string{"farm must pay each monthly invoice"}},
}

func TestNumberedWordsHeadingsPersons(t *testing.T) {
	checkPartyRoleCases(t, numberedWordCases)
}
