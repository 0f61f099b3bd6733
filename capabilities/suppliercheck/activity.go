package suppliercheck

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"dalil/capabilities/omanbusiness"
)

// category is one kind of goods or service, recognised by keywords
// (English and Arabic) in text and by ISIC rev. 4 code prefixes in
// activity codes.
type category struct {
	id, label string
	keywords  []string
	isic      []string
}

// categories is a deterministic taxonomy; no model judges relevance.
var categories = []category{
	{"hvac", "HVAC / air conditioning", []string{"hvac", "air condition", "air-condition", "chiller", "ventilation", "refrigeration", "cooling", "split unit", "تكييف", "تبريد", "تهوية"}, []string{"4322", "2825"}},
	{"fire_safety", "Fire safety / fire alarm", []string{"fire alarm", "fire fighting", "firefighting", "fire-fighting", "fire protection", "fire safety", "sprinkler", "extinguisher", "smoke detector", "إنذار الحريق", "مكافحة الحريق", "إطفاء", "حريق"}, nil},
	{"security_systems", "CCTV / security systems", []string{"cctv", "surveillance", "security system", "access control", "alarm system", "كاميرات", "مراقبة", "أنظمة أمنية"}, []string{"8020"}},
	{"electrical", "Electrical works", []string{"electrical", "wiring", "switchgear", "lighting", "generator", "power distribution", "كهرباء", "كهربائية"}, []string{"4321", "2710", "2731", "2732", "2740"}},
	{"plumbing", "Plumbing / water", []string{"plumbing", "pipes", "drainage", "water treatment", "pump", "سباكة", "مياه", "صرف"}, []string{"3600", "3700"}},
	{"it_services", "IT / software / consulting", []string{"information technology", "it services", "software", "it solutions", "networking", "cloud", "cybersecurity", "erp", "web development", "computer", "تقنية المعلومات", "برمجيات", "حلول تقنية", "حاسوب"}, []string{"62", "631", "5820", "9511"}},
	{"construction", "Construction / civil works", []string{"construction", "civil works", "building contractor", "contracting", "fit-out", "fit out", "renovation", "concrete", "مقاولات", "بناء", "إنشاءات"}, []string{"41", "42", "43"}},
	{"building_materials", "Building materials", []string{"building materials", "construction materials", "cement", "hardware", "tiles", "مواد البناء", "مواد بناء", "أسمنت"}, []string{"4663", "4752", "2394", "2395"}},
	{"cleaning", "Cleaning / facility services", []string{"cleaning", "janitorial", "pest control", "housekeeping", "تنظيف", "مكافحة الحشرات"}, []string{"812"}},
	{"facilities_management", "Facilities management / maintenance", []string{"facilities management", "facility management", "maintenance services", "general maintenance", "building maintenance", "صيانة عامة", "إدارة المرافق", "صيانة المباني"}, []string{"811"}},
	{"logistics", "Logistics / transport", []string{"logistics", "freight", "shipping", "transport", "courier", "warehousing", "cargo", "نقل", "شحن", "لوجستي"}, []string{"49", "50", "51", "52", "53"}},
	{"catering", "Catering / food supply", []string{"catering", "food supply", "foodstuff", "food", "restaurant", "bakery", "تموين", "مواد غذائية", "أغذية"}, []string{"463", "56", "10"}},
	{"medical", "Medical / pharmaceutical supply", []string{"medical", "pharmaceutical", "pharmacy", "healthcare", "hospital supplies", "laboratory", "طبية", "أدوية"}, []string{"4772", "4649", "21", "86"}},
	{"office_supplies", "Office supplies / printing / furniture", []string{"stationery", "office supplies", "printing", "furniture", "قرطاسية", "طباعة", "أثاث"}, []string{"181", "31", "4762"}},
	{"industrial_supply", "Industrial / oil and gas / steel", []string{"oil and gas", "oilfield", "steel", "valves", "industrial supplies", "manufacturing", "fabrication", "نفط", "حديد", "صناعية"}, []string{"06", "09", "24", "25", "4661", "4662"}},
	{"marine", "Marine / ship repair", []string{"marine", "ship repair", "shipyard", "vessel", "boat", "سفن", "بحرية"}, []string{"3315", "301"}},
	{"fishing", "Fishing / seafood", []string{"fishing", "fisheries", "seafood", "fish", "أسماك", "صيد"}, []string{"031", "102"}},
	{"manpower", "Manpower / recruitment", []string{"manpower", "recruitment", "staffing", "outsourcing", "توظيف", "قوى عاملة"}, []string{"78"}},
}

// broadActivities describe businesses that may supply many things
// without evidencing any: they make a match partial, never pass or fail.
var broadActivities = []string{"general trading", "general contracting", "import and export", "multi activities", "تجارة عامة", "مقاولات عامة", "non-specialised wholesale"}

// broadISIC are ISIC codes of non-specialised trade.
var broadISIC = []string{"4690", "4719"}

var asciiWord = regexp.MustCompile(`^[a-z0-9 \-/]+$`)

func contains(hay, term string) bool {
	term = strings.ToLower(term)
	if !asciiWord.MatchString(term) {
		return strings.Contains(hay, term)
	}
	i := 0
	for {
		j := strings.Index(hay[i:], term)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(term)
		before := start == 0 || !isAlnum(hay[start-1])
		after := end == len(hay) || !isAlnum(hay[end])
		// allow plurals: "pumps", "generators"
		if !after && end < len(hay) && hay[end] == 's' && (end+1 == len(hay) || !isAlnum(hay[end+1])) {
			after = true
		}
		if before && after {
			return true
		}
		i = start + 1
	}
}

func isAlnum(b byte) bool { return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' }

// categorize lists the categories a text names, with keyword hit counts.
func categorize(text string) map[string]int {
	hay := strings.ToLower(text)
	out := map[string]int{}
	for _, c := range categories {
		for _, k := range c.keywords {
			if contains(hay, k) {
				out[c.id]++
			}
		}
	}
	return out
}

// categorizeCodes lists the categories of activity codes.
func categorizeCodes(acts []omanbusiness.Activity) map[string]int {
	out := map[string]int{}
	for _, a := range acts {
		code := strings.ReplaceAll(a.Code, ".", "")
		if code == "" {
			continue
		}
		for _, c := range categories {
			for _, p := range c.isic {
				if strings.HasPrefix(code, p) {
					out[c.id] += 2 // a registered code is strong evidence
				}
			}
		}
	}
	return out
}

func label(id string) string {
	for _, c := range categories {
		if c.id == id {
			return c.label
		}
	}
	return id
}

func labels(ids []string) string {
	var out []string
	for _, id := range ids {
		out = append(out, label(id))
	}
	return strings.Join(out, ", ")
}

func keys(m map[string]int) []string {
	var out []string
	for _, c := range categories {
		if m[c.id] > 0 {
			out = append(out, c.id)
		}
	}
	return out
}

// activity is the outcome of the activity check.
type activity struct {
	status, explanation string
	match               *bool
	required, supplier  []string
}

// assessActivity compares what the buyer needs with the supplier's
// recorded activity (registry: industry, activity codes and
// descriptions) and its website text: pass when a needed category is in
// the registry activity, or on the website with two keyword hits; partial
// when the website mentions it once, or the supplier is a broad trader;
// fail when the supplier's activity is categorised and none of it is
// needed; unknown otherwise.
func assessActivity(need string, co *omanbusiness.Company, site *Website) activity {
	if need == "" {
		return activity{status: Unknown, explanation: "No requiredProductOrService was supplied, so business activity was not compared.", required: []string{}, supplier: []string{}}
	}
	req := categorize(need)
	reqIDs := keys(req)
	registry := map[string]int{}
	var regText string
	if co != nil {
		m := &co.Merged
		var parts []string
		parts = append(parts, m.Industry)
		for _, a := range m.Activities {
			parts = append(parts, a.Description)
		}
		regText = strings.ToLower(strings.Join(parts, ". "))
		for k, v := range categorize(regText) {
			registry[k] += v
		}
		for k, v := range categorizeCodes(m.Activities) {
			registry[k] += v
		}
	}
	web := map[string]int{}
	var webText string
	if site != nil && site.Reachable {
		webText = strings.ToLower(site.Title + " " + site.Text)
		web = categorize(webText)
	}
	all := map[string]int{}
	for k, v := range registry {
		all[k] += v
	}
	for k, v := range web {
		all[k] += v
	}
	a := activity{required: reqIDs, supplier: keys(all)}
	if a.required == nil {
		a.required = []string{}
	}
	if a.supplier == nil {
		a.supplier = []string{}
	}
	if regText == "" && webText == "" {
		a.status, a.explanation = Unknown, "No registry activity or website content was available to compare with the requested product or service."
		return a
	}
	combined := regText + " " + webText
	literal := contains(combined, strings.ToLower(need))
	if len(reqIDs) == 0 {
		if literal {
			a.status, a.explanation = Partial, fmt.Sprintf("%q appears in the supplier's recorded activity or website, but is not in a known category for a stronger comparison.", need)
		} else {
			a.status, a.explanation = Unknown, fmt.Sprintf("%q is not in a known activity category and does not appear in the supplier's recorded activity.", need)
		}
		return a
	}
	var inRegistry, strongWeb, weakWeb []string
	for _, id := range reqIDs {
		if registry[id] > 0 {
			inRegistry = append(inRegistry, id)
		}
		if web[id] >= 2 || (web[id] > 0 && literal) {
			strongWeb = append(strongWeb, id)
		} else if web[id] > 0 {
			weakWeb = append(weakWeb, id)
		}
	}
	yes, no := true, false
	switch {
	case len(inRegistry) > 0:
		a.status, a.match, a.explanation = Pass, &yes, fmt.Sprintf("The requested %s matches the supplier's recorded activity.", labels(inRegistry))
	case len(strongWeb) > 0:
		a.status, a.match, a.explanation = Pass, &yes, fmt.Sprintf("The requested %s matches what the supplier's website describes (self-declared).", labels(strongWeb))
	case len(weakWeb) > 0:
		a.status, a.explanation = Partial, fmt.Sprintf("The supplier's website mentions %s only briefly; relevance is plausible but weakly evidenced.", labels(weakWeb))
	case broad(co, combined):
		a.status, a.explanation = Partial, fmt.Sprintf("The supplier records a broad activity (general trading or contracting) that may cover %s, but nothing specific to it.", labels(reqIDs))
	case len(a.supplier) == 0:
		a.status, a.explanation = Unknown, fmt.Sprintf("The supplier's recorded activity is not described clearly enough to compare with %s.", labels(reqIDs))
	default:
		a.status, a.match, a.explanation = Fail, &no, fmt.Sprintf("The supplier's recorded activity (%s) does not match the requested %s.", labels(a.supplier), labels(reqIDs))
	}
	return a
}

func broad(co *omanbusiness.Company, text string) bool {
	for _, b := range broadActivities {
		if contains(text, b) {
			return true
		}
	}
	if co != nil {
		for _, a := range co.Merged.Activities {
			if slices.Contains(broadISIC, a.Code) {
				return true
			}
		}
	}
	return false
}
