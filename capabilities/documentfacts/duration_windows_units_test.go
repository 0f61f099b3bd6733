package documentfacts

import (
	"strings"
	"testing"
)

// Round 24 of durations (issue 29, session 24): families of
// duration_windows_units.go. Each case is a short text written for this test.

func TestDurations24Further(t *testing.T) {
	body := strings.Repeat("The Contractor shall keep the plant in good working order.\n", 3)
	arBody := strings.Repeat("يلتزم المقاول بصيانة المعدات بصورة دورية.\n", 3)
	cases := []datesOrderOrdinalsCase{
		// FU: a number and its unit with "further", "additional" or
		// "more" between them.
		{name: "FU one (1) further year, html line break", format: "html", text: "<h1>MAINTENANCE CONTRACT</h1><p>" + body + "</p><p>The Contract commences on 1 June 2026 and expires on 31 May 2028. It may be renewed for one (1) further\nyear by written agreement of both parties.</p>",
			want: []string{"renewal_term|P1Y"}},
		{name: "FU two additional years", text: "LEASE AGREEMENT\n\n" + body + "The Tenant may renew the lease for two additional years on the same terms.\n",
			want: []string{"renewal_term|P2Y"}},
		{name: "FU three more months of warranty", text: "SUPPLY CONTRACT\n\n" + body + "Parts replaced under warranty carry a warranty of six (6) more months from their replacement.\n",
			want: []string{"warranty_period|P6M"}},
		{name: "FU arabic renewal for a further year", text: "عقد صيانة\n\n" + arBody + "ويجوز تجديد العقد لمدة سنة إضافية بموافقة الطرفين كتابياً.\n",
			want: []string{"renewal_term|P1Y"}},
		// Near miss: "further" before another noun.
		{name: "FU near miss further notice", text: "SERVICE AGREEMENT\n\n" + body + "Prices are fixed for one (1) year and until further notice thereafter.\n",
			not: []string{"renewal_term|P1Y"}},
	}
	checkDates(t, TypeDuration, cases)
}

func TestDurations24PaymentWindows(t *testing.T) {
	body := strings.Repeat("The Contractor shall keep the plant in good working order.\n", 3)
	arBody := strings.Repeat("يلتزم المقاول بصيانة المعدات بصورة دورية.\n", 3)
	cases := []datesOrderOrdinalsCase{
		// PV: a verb of paying other than "pay" (settle, remit, disburse;
		// صرف) with a sum as its object, then a window.
		{name: "PV arabic disburse the monthly instalment", text: "عقد خدمات نظافة\n\n" + arBody + "تلتزم البلدية بصرف القسط الشهري خلال ثلاثين (٣٠) يوماً من تاريخ اعتماد شهادة الإنجاز.\n",
			want: []string{"payment_period|P30D"}},
		{name: "PV english settle each agreed claim", text: "MARINE CARGO POLICY\n\n" + body + "The Insurer shall settle each agreed claim within fifteen (15) days of receiving all documents.\n",
			want: []string{"payment_period|P15D"}},
		{name: "PV english remit the balance", text: "AGENCY AGREEMENT\n\n" + body + "The Agent shall remit the balance of each order no later than forty-five (45) days after the bill of lading date.\n",
			want: []string{"payment_period|P45D"}},
		{name: "PV arabic disburse the salary", text: "عقد عمل\n\n" + arBody + "يلتزم صاحب العمل بصرف الأجر الشهري للعامل خلال سبعة (٧) أيام من نهاية كل شهر.\n",
			want: []string{"payment_period|P7D"}},
		// PI: a window counted from the receipt or approval of an
		// invoice, whatever cue stood before it.
		{name: "PI arabic after the warranty, from receipt of invoice", text: "طلب عروض أسعار\n\n" + arBody + "٤. تدفع الشركة ٩٠٪ بعد الاستلام، و١٠٪ بعد انتهاء فترة الضمان، خلال ثلاثين (٣٠) يوماً من تاريخ استلام الفاتورة.\n",
			want: []string{"payment_period|P30D"}, not: []string{"warranty_period|P30D"}},
		{name: "PI english from approval of the invoice", text: "SERVICES CONTRACT\n\n" + body + "Each instalment is released within twenty-one (21) days of the Client's approval of the invoice.\n",
			want: []string{"payment_period|P21D"}},
		// Near misses: settle a dispute; a warranty period named.
		{name: "PV near miss settle a dispute", text: "SUPPLY AGREEMENT\n\n" + body + "The parties shall try to settle any dispute amicably within thirty (30) days.\n",
			not: []string{"payment_period|P30D"}},
		{name: "PV near miss settle what is outstanding on termination", text: "WAREHOUSING AGREEMENT\n\n" + body + "On termination the Customer shall collect its pallets and settle all outstanding invoices within ten (10) days.\n",
			not: []string{"payment_period|P10D"}},
		{name: "PV near miss arabic disburse a loan", text: "اتفاقية قرض\n\n" + arBody + "يلتزم البنك بصرف مبلغ القرض خلال خمسة (٥) أيام من توقيع الاتفاقية.\n",
			not: []string{"payment_period|P5D"}},
		{name: "PI near miss warranty of twelve months", text: "SUPPLY AGREEMENT\n\n" + body + "The goods carry a warranty of twelve (12) months from delivery, and the price is payable on invoice.\n",
			want: []string{"warranty_period|P12M"}},
	}
	checkDates(t, TypeDuration, cases)
}

func TestDurations24ClaimWindows(t *testing.T) {
	body := strings.Repeat("The Supplier shall pack the goods for road freight.\n", 3)
	arBody := strings.Repeat("يلتزم المورد بتوريد المواد المطابقة للمواصفات.\n", 3)
	cases := []datesOrderOrdinalsCase{
		// CW: the window to report a defect or a shortage, to dispute an
		// invoice or to submit a claim is a claim_period.
		{name: "CW arabic notify of any shortage or defect", text: "عقد توريد\n\n" + arBody + "على المشتري فحص كل شحنة وإشعار المورد بأي نقص أو عيب خلال خمسة (٥) أيام من استلامها.\n",
			want: []string{"claim_period|P5D"}},
		{name: "CW english notify of any damage", text: "PURCHASE ORDER\n\n" + body + "The Buyer shall notify the Supplier in writing of any shortage or transit damage within three (3) days of unloading.\n",
			want: []string{"claim_period|P3D"}},
		{name: "CW failure that the buyer reports", text: "SALE AGREEMENT\n\n" + body + "The Seller shall replace at its own cost any failure of the gearbox that the Buyer reports within sixty (60) days of delivery.\n",
			want: []string{"claim_period|P60D"}},
		{name: "CW dispute an invoice, then inform", text: "STATEMENT OF ACCOUNT\n\n" + body + "Should you dispute any item of this statement, please inform our credit controller within seven (7) days of its date.\n",
			want: []string{"claim_period|P7D"}},
		{name: "CW expense claims submitted within", text: "TRAVEL POLICY\n\n" + body + "Staff shall submit their expense claims, with receipts, within twenty (20) days of their return.\n",
			want: []string{"claim_period|P20D"}},
		{name: "CW claims submitted after", text: "TRAVEL POLICY\n\n" + body + "Claims submitted after ninety (90) days will not be paid.\n",
			want: []string{"claim_period|P90D"}},
		// Near misses: a repair window, a shipment notice.
		{name: "CW near miss repair a reported defect", text: "MAINTENANCE CONTRACT\n\n" + body + "The Contractor shall repair any defect reported by the Client within seven (7) days.\n",
			not: []string{"claim_period|P7D"}},
		{name: "CW near miss arabic claims paid", text: "جدول وثيقة التأمين\n\n" + arBody + "يسدد المؤمن المطالبات المعتمدة خلال عشرة (١٠) أيام.\n",
			not: []string{"claim_period|P10D"}},
		{name: "CW near miss notify of shipment", text: "PURCHASE ORDER\n\n" + body + "The Supplier shall notify the Buyer of each shipment within two (2) days of loading.\n",
			not: []string{"claim_period|P2D"}},
	}
	checkDates(t, TypeDuration, cases)
}

func TestDurations24GoodsLife(t *testing.T) {
	body := strings.Repeat("The Supplier shall pack the goods for road freight.\n", 3)
	arBody := strings.Repeat("يلتزم المورد بتوريد المواد المطابقة للمواصفات.\n", 3)
	cases := []datesOrderOrdinalsCase{
		// GL: how long spare parts stay available and how long goods
		// keep (shelf life, صلاحية) are durations, not the term or a
		// warranty.
		{name: "GL arabic spare parts after the warranty", text: "عقد توريد أجهزة\n\n" + arBody + "يلتزم المورد بتوفير قطع الغيار لمدة عشر (10) سنوات بعد انتهاء فترة الضمان.\n",
			want: []string{"duration|P10Y"}, not: []string{"term|P10Y", "warranty_period|P10Y"}},
		{name: "GL english spare parts available", text: "SUPPLY CONTRACT\n\n" + body + "The Supplier shall make spare parts available for ten (10) years after the last delivery.\n",
			want: []string{"duration|P10Y"}, not: []string{"term|P10Y"}},
		{name: "GL english remaining shelf life", text: "TENDER FOR MEDICINES\n\n" + body + "All medicines shall have a remaining shelf life of at least eighteen (18) months on delivery.\n",
			want: []string{"duration|P18M"}, not: []string{"term|P18M", "warranty_period|P18M"}},
		{name: "GL arabic shelf life of food", text: "عقد توريد مواد غذائية\n\n" + arBody + "يجب ألا تقل مدة صلاحية المواد الغذائية عند التوريد عن ستة (6) أشهر.\n",
			want: []string{"duration|P6M"}, not: []string{"term|P6M"}},
		{name: "GL near miss spare parts guaranteed", text: "MAINTENANCE CONTRACT\n\n" + body + "Spare parts fitted by the Contractor are guaranteed for six (6) months from fitting.\n",
			not: []string{"duration|P6M"}},
		{name: "GL near miss arabic spare parts warranted", text: "عقد صيانة\n\n" + arBody + "يضمن المقاول قطع الغيار التي يركبها لمدة ستة (6) أشهر من تاريخ التركيب.\n",
			not: []string{"duration|P6M"}},
		{name: "GL near miss a spare parts package", text: "QUOTATION\n\n" + body + "The price includes spare parts for two years of operation.\n",
			not: []string{"duration|P2Y"}},
		// Near miss: the contract's own term.
		{name: "GL near miss the term", text: "عقد توريد أجهزة\n\n" + arBody + "مدة هذا العقد سبع (7) سنوات تبدأ من تاريخ توقيعه.\n",
			want: []string{"term|P7Y"}},
	}
	checkDates(t, TypeDuration, cases)
}

func TestDurations24DigitsThenWords(t *testing.T) {
	body := strings.Repeat("The Contractor shall keep the plant in good working order.\n", 3)
	arBody := strings.Repeat("يلتزم المقاول بصيانة المعدات بصورة دورية.\n", 3)
	cases := []datesOrderOrdinalsCase{
		// DB: digits, then the number in words in brackets, then the unit
		// ("1 (one) year", "30 (thirty) days", "3 (ثلاث) سنوات").
		{name: "DB english one year", text: "SUPPLY CONTRACT\n\n" + body + "The warranty period is 1 (one) year from delivery.\n",
			want: []string{"warranty_period|P1Y"}},
		{name: "DB english thirty days notice", text: "SERVICES AGREEMENT\n\n" + body + "Either party may terminate this Agreement by giving 30 (thirty) days' written notice.\n",
			want: []string{"notice_period|P30D"}},
		{name: "DB arabic three years", text: "عقد خدمات\n\n" + arBody + "مدة العقد 3 (ثلاث) سنوات تبدأ من تاريخ التوقيع.\n",
			want: []string{"term|P3Y"}},
		{name: "DB english twenty-four months term", text: "SERVICES AGREEMENT\n\n" + body + "This Agreement shall remain in force for 24 (twenty-four) months.\n",
			want: []string{"term|P24M"}},
		// Near miss: a bracketed note that is no number.
		{name: "DB near miss a bracketed note", text: "SERVICES AGREEMENT\n\n" + body + "The Contractor shall provide 2 (spare) pumps on site.\n",
			count: map[string]int{"P2D": 0}},
	}
	checkDates(t, TypeDuration, cases)
}
