package documentfacts

// Requirement recall by families (issue 29, session 20, second pass;
// docs/documents.md "Issue 29, session 20: requirement recall by
// families"). Each family is hooked into the shared files by one line.

// Family B1: a public auction (مزايدة) selects a tenant or buyer as a
// tender selects a bidder: its "شروط الدخول في المزايدة" and "المستندات" are conditions to qualify
// (heldout10 10: "إعلان مزايدة عامة لتأجير محلات تجارية" gave one
// requirement of seven). Read as a tender (reTenderText, tenderreqs.go).
const tenderText20b = `|مزايدة|\bpublic\s+auction\b|\binvitation\s+to\s+(?:auction|bid\s+at\s+auction)\b`
