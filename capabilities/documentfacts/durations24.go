package documentfacts

// Round 24 of durations (issue 29, session 24; table tests in
// durations24_test.go). Each rule names a family of wording:
//
//   - FU: "further", "additional", "more" or "extra" between a number
//     and its unit ("renewed for one (1) further year", "two additional
//     years", "six (6) more months") is part of the duration, as
//     "calendar" or "working" is (reDuration, durations.go); Arabic puts
//     the word after the unit (سنة إضافية, سنة أخرى), which the bare-unit
//     reader already takes.

// furtherUnit24 is FU's optional word before the unit.
const furtherUnit24 = `(?:(?:further|additional|more|extra)\s+)?`
