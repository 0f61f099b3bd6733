// Package documentfacts is the document_facts_extract capability: it reads
// a document (text, or a URL fetched through Deps) and answers its facts
// (parties, dates, amounts, percentages, durations, identifiers, contacts,
// bank accounts, governing law, payment terms), its obligations,
// requirements and deadlines, and risk flags, each with the excerpt it
// was read from. The rules' rationale, round by round, and the dev
// figures of every change are in docs/documents.md; the label guideline
// is testdata/eval/README.md.
//
// # The pipeline
//
// Handle (handle.go) validates the input (validate.go), obtains the
// document (fetch.go; its errors in codes.go) and calls extractDocument;
// extractAll is the same without a context or a language model (the
// tests' entry).
// extractWith, in handle.go, runs in this order:
//
//  1. assemble (text.go): the document's blocks joined into one text
//     with byte offsets, sections and pages.
//  2. extractor.run (extract.go): per block, in blockExtractors' order,
//     money (money.go), percentages (percentages.go), dates (dates.go),
//     durations (durations.go), identifiers (identifiers.go), bank
//     accounts (bankaccounts.go), contacts (contacts.go), governing law
//     (governinglaw.go), payment terms (paymentterms.go) and parties
//     (parties.go; table rows: partyTableRow in rolelexicon.go); then the
//     whole-text party passes (wrappedDefinitions, signedForRoles) and
//     the statute of an authority's document (governinglaw_authority.go).
//     Each runs under guard (guard.go); stop.go stops a run at its
//     deadline, also inside one block.
//  3. findInjections (untrusted.go) and resolve (extract.go); the party
//     name passes (signatureColumnsNames, lettersMinutesNames,
//     labelledNames, rolesBilingualNames, sendersCopiesNames,
//     boardsDefinitionsNames: party_*.go, see handle.go for their
//     order), wrappedNames and dedupe.
//  4. The document's type, language and title (detectType, titleType in
//     handle.go).
//  5. Party roles by the rules: senderRoles (parties.go), then the
//     party_roles_*.go, party_tables.go passes.
//  6. The keys of sums and dates document-wide: periodicKeys and the
//     total rows (money.go), specKeys (key_spec.go), clauseContextMoneyKeys
//     (key_clause_context.go), the parent and signing dates
//     (convention_*.go, key_tender_days.go, requirement_staff_head_rows.go,
//     key_other_documents.go, date_lapses_twins.go), then the money
//     passes in handle.go's order (money_*.go, key_conventions.go,
//     convention_rejections_offer_roles.go), arabicTwins last.
//  7. The key models (guard "key_models"): modelDateKeys,
//     modelDurationKeys (off by default), modelMoneyKeys.
//  8. Party roles again: issuerRole, translationRoles, twinRoles, then the
//     party_*.go and convention_rejections_offer_roles.go passes, in
//     handle.go's order.
//  9. readClauses (handle.go), unless requested_only: sentences
//     (clauses.go), the defined aliases (rolelexicon.go), requirements
//     (requirements.go: sections, then requirements, whose passes run in
//     the order requirements() lists them), obligations (clauses.go:
//     obligations, whose passes run in the order it lists them),
//     deadlines (deadlines.go), then the obligation passes hooked after
//     the deadlines and the obligations' results.
//  10. The role model (guard "role_model", rolemodel.go) and
//     followPartyRoles (obligation_role_modality.go); the defined words'
//     roles (guard "defined_roles": party_defined_words.go, obligation_defined_parties.go).
//  11. Requested facts (requested.go), the language-model pass where one
//     is configured (assist.go), risk flags (riskflags.go) and the output
//     (types.go, evidence.go).
//
// # The families
//
// A family's first file, without the prefix, holds its reader; the
// prefixed files are the rules later rounds added, each named for what
// it reads, hooked by one line where the reader runs (a comment there
// names the file).
//
// Parties: parties.go (names, roles by definition, signatories,
// senderRoles, twinRoles); party_signers_lists.go (signers by role word,
// labelled entries, Arabic party lists), party_tables.go (parties in
// tables: "Party | Details", tables whose header does not say Role,
// company kinds, dropped parties), party_roles_defined_later.go,
// party_roles_issuer_kind.go, party_roles_by_doctype.go (letters,
// employment, tenders, minutes), party_signature_columns.go,
// party_letters_minutes.go, party_labelled_names.go,
// party_roles_bilingual.go (twins in two scripts, representatives, role
// columns), party_senders_copies.go, party_boards_definitions.go,
// party_bank_letters.go, party_representatives.go. The role lexicon
// (rolelexicon.go), the defined words (party_defined_words.go) and the role model
// (rolemodel.go) give the roles their last word.
//
// Obligations: clauses.go (sentences, English and Arabic obligation
// rules, results); obligation_duty_forms.go (duty and prohibition
// wordings rewritten into forms the rules read),
// obligation_arabic_passive.go, obligation_present_tense.go,
// obligation_lead_in_lists.go, obligation_rights.go (rights and future
// events worded like duties), obligation_issuer_aliases.go,
// obligation_pronoun_duties.go, obligation_bids_passives.go,
// obligation_letters_envelopes.go, obligation_subjects_tables.go,
// obligation_bid_lists.go, obligation_missed_clauses.go (clauses the
// rules found nowhere, with their requirements), obligation_conventions.go,
// obligation_role_modality.go (roles and modality after every rule),
// obligation_defined_parties.go (obligations of defined parties). Several obligation_*.go
// files also hold a requirement pass (bidsPassivesRequirements,
// lettersEnvelopesRequirements, subjectsTablesRequirements,
// bidListsRequirements, missedClausesRequirements).
//
// Requirements: requirements.go (sections, units, categories, results);
// requirement_criterion.go (what is a requirement: judgeRequirement),
// requirement_tender.go (tender headings, units and table rows),
// requirement_lists_tables.go, requirement_split_parts.go,
// requirement_structures.go, requirement_categories_leads.go,
// requirement_lead_sentences.go, requirement_document_lists.go,
// requirement_bonds_sections.go, requirement_arabic.go,
// requirement_conventions.go, requirement_staff_head_rows.go.
//
// Dates: dates.go (dates and their order), datekeys.go (what a date is
// for), date_lapses_twins.go, date_work_completion.go,
// date_wrapped_line.go, date_order_ordinals.go; the date model in
// datemodel.go.
//
// Keys of dates, sums and periods by the clause around them: the hub is
// key_clause_context.go (clauseContextDateKeys defers the later rounds' date hooks
// so that they run in order: key_hire_sign_blocks.go,
// key_rows_day_ranges.go, key_bare_currency_rows.go,
// key_label_families.go, the conventions, date_lapses_twins.go,
// date_work_completion.go, key_guarantees_paperwork.go,
// key_tender_days.go, key_other_documents.go, date_order_ordinals.go;
// clauseContextMoneyKeys and its money rounds likewise); key_terms_intros.go,
// key_spec.go (the key specification's rows), key_conventions.go.
//
// Money: money.go (amounts, currencies, cues, table columns);
// money_table_codes.go, money_due_tables.go, money_shares_twins.go,
// money_consideration_dues.go, money_currency_words.go, money_vat.go,
// money_total_rows.go, money_table_headers.go, money_claims_caps.go,
// money_conventions.go; the money model in moneymodel.go.
//
// Durations: durations.go (periods and their roles), sums.go (sums of
// periods), numwords.go (numbers in words), duration_notice_terms.go,
// duration_windows_units.go. Deadlines: deadlines.go,
// deadline_service_cells.go. Percentages: percentages.go. Payment terms:
// paymentterms.go.
//
// Governing law: governinglaw.go, governinglaw_families.go,
// governinglaw_authority.go.
//
// Conventions: convention_bonds_parent_dates.go,
// convention_signing_bonds.go, convention_rejections_offer_roles.go apply
// the label conventions (docs/documents.md, the numbered decisions) across
// fact kinds; the conventions of one kind are in obligation_conventions.go,
// requirement_conventions.go, money_conventions.go, key_conventions.go
// and governinglaw_authority.go.
//
// Text and patterns: text.go (assembly, offsets), normalize.go (digits,
// numbers, months), keywords.go (cues, Arabic diacritics), findat.go and
// prefilter.go (cheap regexp starts and literal prefilters), untrusted.go
// (text addressed to an AI).
//
// # The models
//
// Four learned models re-key or re-role what the rules found, only where
// confident (τ in each model file): datekeys.model (a date's key,
// datemodel.go, on), durationkeys.model (a duration's key, same code, off
// by default), moneykeys.model (an amount's key, moneymodel.go, on) and
// partyroles.model (a party's role from the document's sides,
// rolemodel.go, on). Each is a softmax regression over features of the
// fact's context, trained on the development sets named in keyModelSets
// (datemodel_train_test.go; roleModelSets in rolemodel_train_test.go for
// the role model), never on the blind sets. Retrain (writes the model
// file) or cross-validate:
//
//	DALIL_TRAIN_DATEKEYS=1 go test -p 1 ./capabilities/documentfacts -run TestTrainDateKeyModel -v
//	DALIL_TRAIN_DURATIONKEYS=1 go test -p 1 ./capabilities/documentfacts -run TestTrainDurationKeyModel -v
//	DALIL_TRAIN_MONEYKEYS=1 go test -p 1 ./capabilities/documentfacts -run TestTrainMoneyKeyModel -v
//	DALIL_TRAIN_ROLES=1 go test -p 1 ./capabilities/documentfacts -run TestTrainPartyRoleModel -v
//	DALIL_CV_<X>=1 ... -run Test<Kind>CrossValidation -v
//
// TestKeyModelsReproduce fails when a rule change moved the models'
// features: retrain then. DALIL_DATEKEY_MODEL, DALIL_MONEYKEY_MODEL,
// DALIL_DURATIONKEY_MODEL and DALIL_ROLE_MODEL (=on or =off) run the
// tests with or without a model.
//
// # Files renamed
//
// Until session 28 the rule files were named by the round or session that
// wrote them (keys15.go, conv20b.go, money21n.go ...); docs/documents.md
// cites them so and ends with the table of old and new names. Session 29
// (idents2) renamed the last ones: partydefs27.go is
// party_defined_words.go, obldefs27.go obligation_defined_parties.go
// (each with its _test.go), numbered28_test.go
// party_numbered_role_words_test.go, datekeys29_test.go
// date_keys_of_terms_test.go and obligations29_test.go
// obligation_classes_test.go. The round tests (round2b_test.go ...
// round15_test.go, round10roles_test.go ...) keep their names: each
// tests the many rules of one round, across families, and no single
// concern fits; dev3_test.go ... dev6_test.go are named by the dev set
// they score, datekeys2_test.go, durationkeys2_test.go, forms2_test.go
// and obligations2_test.go by the file they continue.
package documentfacts
