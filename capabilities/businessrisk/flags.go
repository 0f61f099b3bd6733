package businessrisk

// Categories, in output order, with their default weights and baselines
// (reference service §3).
var categories = []struct {
	name     string
	weight   float64
	baseline float64
}{
	{"corporate", 0.20, 15},
	{"financial", 0.20, 20},
	{"compliance", 0.25, 5},
	{"reputation", 0.15, 12},
	{"operational", 0.10, 15},
	{"digital", 0.10, 15},
}

// Severity points of a negative signal (P) and of a positive one (M).
var severityPoints = map[string]float64{"info": 0, "low": 8, "medium": 20, "high": 40, "critical": 70}

var severityRank = map[string]int{"info": 0, "low": 1, "medium": 2, "high": 3, "critical": 4}

// flagDef is what every flag code means.
type flagDef struct {
	category string
	severity string
	positive bool
	weight   float64 // rule weight (1 unless stated)
	title    string
	verify   bool   // requires verification before acting on it
	fact     string // default factStatus
	floor    int    // rule floor (applied when the flag's confidence is at least 0.6)
}

// flags is every flag code. Titles state data facts, never accusations.
var flags = map[string]flagDef{
	// corporate
	"ACTIVE_REGISTRATION":            {category: "corporate", severity: "medium", positive: true, title: "Registration is active", fact: "established"},
	"ESTABLISHED_BUSINESS":           {category: "corporate", severity: "medium", positive: true, title: "Incorporated five or more years ago", fact: "established"},
	"MULTI_REGISTRY_CORROBORATION":   {category: "corporate", severity: "low", positive: true, title: "More than one register holds the company", fact: "established"},
	"COMPANY_DISSOLVED":              {category: "corporate", severity: "critical", title: "The register shows the company as dissolved", fact: "established", floor: 81},
	"COMPANY_INACTIVE":               {category: "corporate", severity: "high", title: "The register shows the company as inactive", fact: "established"},
	"STRIKE_OFF_PENDING":             {category: "corporate", severity: "high", title: "The register shows a proposal to strike the company off", fact: "established"},
	"VERY_RECENTLY_INCORPORATED":     {category: "corporate", severity: "high", title: "Incorporated less than 90 days ago", fact: "established"},
	"RECENTLY_INCORPORATED":          {category: "corporate", severity: "medium", title: "Incorporated less than a year ago", fact: "established"},
	"REPEATED_NAME_CHANGES":          {category: "corporate", severity: "medium", title: "Two or more name changes in the last three years", fact: "established"},
	"IDENTITY_NOT_FOUND_IN_REGISTRY": {category: "corporate", severity: "high", title: "No register checked holds the company", verify: true, fact: "observed"},
	"REGISTRATION_NUMBER_NOT_FOUND":  {category: "corporate", severity: "high", title: "The registration number given is in no register checked", verify: true, fact: "observed"},
	"IDENTIFIER_NAME_MISMATCH":       {category: "corporate", severity: "high", title: "The identifier given belongs to a differently named company", verify: true, fact: "observed"},
	"REGISTRY_CITY_MISMATCH":         {category: "corporate", severity: "medium", title: "The register's city differs from the city given", verify: true, fact: "observed"},
	"LEI_LAPSED":                     {category: "corporate", severity: "low", title: "The LEI has lapsed (not renewed)", fact: "established"},
	"HIGH_RISK_JURISDICTION":         {category: "corporate", severity: "high", title: "Registered in a jurisdiction under a FATF call for action", fact: "established"},
	// The FATF's grey list: it calls for no enhanced due diligence, so a
	// low signal (issue 31: the FATF lists as data).
	"JURISDICTION_UNDER_INCREASED_MONITORING": {category: "corporate", severity: "low", title: "Registered in a jurisdiction under FATF increased monitoring", fact: "established"},
	"SHELL_COMPANY_INDICATORS":                {category: "corporate", severity: "medium", title: "Recently incorporated with no evident operating presence", verify: true, fact: "observed"},
	// financial
	"FILINGS_UP_TO_DATE":             {category: "financial", severity: "medium", positive: true, title: "Accounts and confirmation statement are up to date", fact: "established"},
	"INSOLVENCY_PROCEEDINGS":         {category: "financial", severity: "critical", title: "The register shows open insolvency or liquidation proceedings", fact: "established", floor: 70},
	"INSOLVENCY_HISTORY":             {category: "financial", severity: "medium", title: "The register shows past insolvency proceedings", fact: "established"},
	"ACCOUNTS_OVERDUE":               {category: "financial", severity: "high", title: "Annual accounts are overdue at the register", fact: "established"},
	"CONFIRMATION_STATEMENT_OVERDUE": {category: "financial", severity: "medium", title: "The confirmation statement is overdue at the register", fact: "established"},
	"REPORTED_INSOLVENCY":            {category: "financial", severity: "medium", title: "Public sources report insolvency", verify: true, fact: "reported"},
	"LIMITED_FINANCIAL_HISTORY":      {category: "financial", severity: "info", weight: -1, title: "No filing or financial record was available", fact: "observed"},
	// compliance
	"NO_SANCTIONS_MATCH":              {category: "compliance", severity: "medium", positive: true, title: "No match on the sanctions and restricted-party lists checked", fact: "observed"},
	"SANCTIONS_HIGH_CONFIDENCE_MATCH": {category: "compliance", severity: "critical", title: "High-confidence match on a sanctions list", fact: "reported", floor: 85},
	"SANCTIONS_POSSIBLE_MATCH":        {category: "compliance", severity: "medium", title: "Possible match on a sanctions list; verify the identity", verify: true, fact: "alleged"},
	"RESTRICTED_PARTY_HIGH_MATCH":     {category: "compliance", severity: "high", title: "High-confidence match on an export-control or debarment list", fact: "reported", floor: 70},
	"RESTRICTED_PARTY_POSSIBLE_MATCH": {category: "compliance", severity: "medium", title: "Possible match on an export-control or debarment list; verify the identity", verify: true, fact: "alleged"},
	"REGULATORY_ENFORCEMENT":          {category: "compliance", severity: "high", title: "An official source records enforcement action", fact: "established"},
	"REGULATORY_CONCERN":              {category: "compliance", severity: "medium", title: "An official source records a pending regulatory matter", verify: true, fact: "reported"},
	// reputation
	"NO_ADVERSE_MEDIA_FOUND":      {category: "reputation", severity: "low", positive: true, title: "No adverse media found in the sources searched", fact: "observed"},
	"FAVORABLE_CUSTOMER_RATING":   {category: "reputation", severity: "low", positive: true, title: "Favourable customer ratings", fact: "reported"},
	"FAVORABLE_PUBLIC_RECORD":     {category: "reputation", severity: "low", positive: true, title: "Favourable public record", fact: "reported"},
	"ADVERSE_MEDIA_ESTABLISHED":   {category: "reputation", severity: "high", title: "Established media report a judgment or conviction", fact: "reported"},
	"ADVERSE_MEDIA_ALLEGATION":    {category: "reputation", severity: "medium", title: "Public sources report allegations or pending matters", verify: true, fact: "alleged"},
	"UNFAVORABLE_CUSTOMER_RATING": {category: "reputation", severity: "medium", title: "Unfavourable customer ratings", fact: "reported"},
	"COMPLAINT_PATTERN":           {category: "reputation", severity: "medium", title: "Three or more customer complaints", fact: "reported"},
	"CUSTOMER_COMPLAINT":          {category: "reputation", severity: "low", title: "Customer complaints on forums or social media", fact: "alleged"},
	// operational
	"VERIFIED_OPERATING_PRESENCE":   {category: "operational", severity: "low", positive: true, title: "The website shows an operating business under this name", fact: "observed"},
	"CONTACT_INFORMATION_PRESENT":   {category: "operational", severity: "low", positive: true, title: "The website gives contact information", fact: "observed"},
	"BUSINESS_ACTIVITY_CONSISTENT":  {category: "operational", severity: "low", positive: true, title: "The website's activity matches the industry given", fact: "observed"},
	"WEBSITE_UNREACHABLE":           {category: "operational", severity: "medium", title: "The website could not be reached", fact: "observed"},
	"WEBSITE_PARKED":                {category: "operational", severity: "high", title: "The website is a parked or for-sale domain page", fact: "observed"},
	"WEBSITE_UNDER_CONSTRUCTION":    {category: "operational", severity: "medium", title: "The website is under construction", fact: "observed"},
	"NO_CONTACT_INFORMATION":        {category: "operational", severity: "low", title: "The website gives no contact information", fact: "observed"},
	"ADDRESS_MISMATCH":              {category: "operational", severity: "medium", title: "The register's address differs from the address given", verify: true, fact: "observed"},
	"BUSINESS_ACTIVITY_NOT_EVIDENT": {category: "operational", severity: "info", title: "The website does not show what the business does", fact: "observed"},
	// digital
	"ESTABLISHED_DOMAIN":         {category: "digital", severity: "medium", positive: true, title: "Domain registered three or more years ago", fact: "established"},
	"DOMAIN_NAME_CONSISTENT":     {category: "digital", severity: "low", positive: true, title: "The domain name reflects the company name", fact: "observed"},
	"NO_THREAT_LISTING":          {category: "digital", severity: "low", positive: true, title: "The domain is on no threat list checked", fact: "observed"},
	"DOMAIN_NEWLY_REGISTERED":    {category: "digital", severity: "high", title: "Domain registered less than 90 days ago", fact: "established"},
	"DOMAIN_RECENTLY_REGISTERED": {category: "digital", severity: "medium", title: "Domain registered less than a year ago", fact: "established"},
	"DOMAIN_NOT_REGISTERED":      {category: "digital", severity: "high", title: "The domain is not registered", fact: "established"},
	"DOMAIN_HOLD_STATUS":         {category: "digital", severity: "high", title: "The domain is on hold at its registry or registrar", fact: "established"},
	"DOMAIN_EXPIRING_SOON":       {category: "digital", severity: "low", title: "The domain expires within 30 days", fact: "established"},
	"NO_HTTPS":                   {category: "digital", severity: "low", title: "The website does not use HTTPS", fact: "observed"},
	"REDIRECTS_TO_OTHER_DOMAIN":  {category: "digital", severity: "medium", title: "The website redirects to another domain", fact: "observed"},
	"DOMAIN_NAME_INCONSISTENT":   {category: "digital", severity: "low", title: "The domain name does not reflect the company name", fact: "observed"},
	"FREE_EMAIL_ON_WEBSITE":      {category: "digital", severity: "low", title: "The website gives a free e-mail address", fact: "observed"},
	"EMAIL_DOMAIN_MISMATCH":      {category: "digital", severity: "low", title: "The website's e-mail addresses use another domain", fact: "observed"},
	"MALWARE_OR_PHISHING_LISTED": {category: "digital", severity: "critical", title: "The domain is listed for malware or phishing", fact: "established", floor: 81},
}

// contradictions are the flags that count as contradictions in the
// confidence's consistency factor.
var contradictions = map[string]bool{"IDENTIFIER_NAME_MISMATCH": true, "REGISTRY_CITY_MISMATCH": true, "ADDRESS_MISMATCH": true,
	"DOMAIN_NAME_INCONSISTENT": true, "EMAIL_DOMAIN_MISMATCH": true}
