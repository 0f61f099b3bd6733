package companies_test

import (
	"bytes"
	"testing"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/dataset/companies"
)

// FuzzRead: any file is read without panicking; every row read is either
// a record or a bad row, and every problem has a line number.
func FuzzRead(f *testing.F) {
	f.Add([]byte("recordId,crNumber,nameEn,nameAr,legalForm,status,registrationDate,activities,governorate,wilayat,website,email,phone,sourceType,observedAt\n"+
		"r1,1234567,Al Noor Trading LLC,شركة النور للتجارة ش.م.م,LLC,active,2010-01-01,4663 Wholesale of construction materials,Muscat,Seeb,alnoor.om,info@alnoor.om,2412 3456,public_registry,2026-10-01\n"), "csv")
	f.Add([]byte(omanbusiness.DemoCSV), "csv")
	f.Add([]byte(`{"recordId":"a","nameEn":"b","sourceType":"directory","activities":["1 x",{"code":"2"}]}`), "jsonl")
	f.Add([]byte("recordId\n\"unterminated"), "csv")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		if format != "csv" && format != "jsonl" {
			format = ""
		}
		res, err := companies.Read(bytes.NewReader(data), format, "", omanbusiness.Record{Source: "s"}, now)
		if err != nil {
			return
		}
		for _, e := range res.Errors {
			if e.Line < 1 {
				t.Fatalf("error without a line: %+v", e)
			}
		}
		if res.Bad+len(res.Records) != res.Total {
			t.Fatalf("%d bad + %d good != %d rows", res.Bad, len(res.Records), res.Total)
		}
	})
}
