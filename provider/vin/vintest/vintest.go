// Package vintest runs a local fake of NHTSA vPIC's DecodeVinValues
// (its documented flat JSON: Count, Message, SearchCriteria, Results of
// strings) with scripted faults (clienttest.Faults).
package vintest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"dalil/capabilities/vehiclevalue"
	"dalil/provider/client/clienttest"
)

// Vehicle is what the fake decodes a VIN to.
type Vehicle struct {
	Make, Model, Trim string
	Year              int
}

// Server is the fake.
type Server struct {
	*httptest.Server
	*clienttest.Faults
	VINs map[string]Vehicle
}

// New starts the fake, closed with t.
func New(t testing.TB, vins map[string]Vehicle) *Server {
	s := &Server{Faults: &clienttest.Faults{}, VINs: vins}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/vehicles/DecodeVinValues/{vin}", s.decode)
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	t.Cleanup(s.Server.Close)
	return s
}

// BaseURL is the URL to configure the client with.
func (s *Server) BaseURL() string { return s.Server.URL + "/api" }

func (s *Server) decode(w http.ResponseWriter, r *http.Request) {
	vin := strings.ToUpper(r.PathValue("vin"))
	res := map[string]string{"VIN": vin, "Make": "", "Model": "", "ModelYear": "", "Trim": "", "BodyClass": "", "FuelTypePrimary": "",
		"DriveType": "", "TransmissionStyle": "", "PlantCountry": "", "ErrorCode": "0", "ErrorText": "0 - VIN decoded clean. Check Digit (9th position) is correct"}
	if v, ok := s.VINs[vin]; ok {
		res["Make"], res["Model"], res["Trim"], res["ModelYear"] = strings.ToUpper(v.Make), v.Model, v.Trim, strconv.Itoa(v.Year)
		res["FuelTypePrimary"], res["DriveType"], res["BodyClass"] = "Gasoline", "4WD/4-Wheel Drive/4x4", "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)"
	} else {
		res["ErrorCode"] = "7,11"
		res["ErrorText"] = "7 - Manufacturer is not registered with NHTSA for sale or importation in the U.S. for use on U.S roads; 11 - Incorrect Model Year"
	}
	if len(vin) == 17 && vehiclevalue.CheckDigit(vin) != vin[8] {
		res["ErrorCode"] = "1"
		res["ErrorText"] = "1 - Check Digit (9th position) does not calculate properly"
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"Count": len(res), "Message": "Results returned successfully. NOTE: Any missing decoded values should be interpreted as NHTSA does not have data on the specific variable. Missing value should NOT be interpreted as an indication that a specific feature or technology is unavailable for a vehicle.",
		"SearchCriteria": "VIN:" + vin, "Results": []map[string]string{res}})
}
