package omanbusiness

// DemoSource, DemoLicense and DemoCSV are the synthetic demo companies
// that `dalil serve --demo` imports (marked synthetic, so every record is
// source type demo, trust 0.10): made-up names, CR numbers, .example
// domains and unallocated-looking phone numbers. They illustrate the
// answers' shape; they are not real companies and confirm nothing.
const (
	DemoSource  = "dalil-demo-companies"
	DemoLicense = "synthetic demo data, made up for Dalil; no real company"
)

// DemoCSV is the demo file, in the import format.
const DemoCSV = `recordId,crNumber,nameEn,nameAr,legalForm,status,registrationDate,industry,activities,governorate,wilayat,address,website,email,phone,sourceType,sourceUrl,observedAt
demo-co-1,1000001,Al Noor Trading LLC,شركة النور للتجارة ش.م.م,LLC,active,2012-03-14,Building materials trading,4663 Wholesale of construction materials;4752 Retail sale of hardware,Muscat,Bawshar,"Way 3301, Al Khuwair, Bawshar, Muscat",https://alnoor-trading.example,info@alnoor-trading.example,+968 2412 3456,demo,,2026-10-01
demo-co-2,1000002,Gulf Star Logistics SPC,نجمة الخليج للخدمات اللوجستية,SPC,active,2019-06-02,Logistics,4923 Freight transport by road;5210 Warehousing and storage,North Al Batinah,Sohar,"Sohar Industrial Estate, Sohar",https://gulfstar-logistics.example,ops@gulfstar-logistics.example,+968 2685 1234,demo,,2026-09-15
demo-co-3,1000003,Muscat Cool Air Conditioning Services LLC,مسقط كول لخدمات التكييف,LLC,active,2008-11-20,HVAC maintenance,4322 Plumbing heat and air-conditioning installation;3312 Repair of machinery,Muscat,As Seeb,"Al Mawaleh, Seeb",https://muscatcool.example,service@muscatcool.example,+968 9123 4567,demo,,2026-08-30
demo-co-4,1000004,Dhofar Fire Safety Est.,مؤسسة ظفار للسلامة من الحريق,Est.,inactive,2015-01-10,Fire safety equipment,4669 Wholesale of fire-fighting equipment;8020 Security systems service activities,Dhofar,Salalah,"Salalah Free Zone",,,+968 2321 4567,demo,,2026-07-01
demo-co-5,1000005,Oman Trading Services LLC,خدمات عمان التجارية,LLC,active,2021-04-18,General trading,4690 Non-specialised wholesale trade,Muscat,Muttrah,"Ruwi High Street, Muttrah",,sales@omantradingservices.example,,demo,,2026-10-10
demo-co-6,1000006,Oman Trading LLC,عمان للتجارة,LLC,active,2017-09-09,General trading,4690 Non-specialised wholesale trade,Ad Dakhiliyah,Nizwa,"Nizwa Industrial Area",https://omantrading.example,,+968 2541 1122,demo,,2026-10-12
demo-co-7,1000007,Oman Trading LLC,عمان للتجارة,LLC,suspended,2020-02-02,Foodstuff trading,4630 Wholesale of food beverages and tobacco,South Al Batinah,Barka,"Barka Souq",,,,demo,,2026-06-20
demo-co-8,,Al Wusta Fisheries Co.,شركة الوسطى للأسماك,,unknown,,Fishing,0311 Marine fishing,Al Wusta,Ad Duqm,Duqm,,,,demo,,2025-01-05
demo-co-9,1000009,Sur Marine Engineering SAOC,صور للهندسة البحرية ش.م.ع.م,SAOC,active,2026-08-01,Ship repair,3315 Repair and maintenance of ships,South Al Sharqiyah,Sur,"Sur Industrial Estate",https://surmarine.example,contact@surmarine.example,+968 2554 3210,demo,,2026-10-20
demo-co-10,1000010,Nizwa Digital Solutions LLC,نزوى للحلول الرقمية,LLC,active,2016-05-25,IT services,6201 Computer programming activities;6202 Computer consultancy,Ad Dakhiliyah,Nizwa,"Firq, Nizwa",https://nizwadigital.example,hello@nizwadigital.example,+968 9988 7766,demo,,2026-10-05
`
