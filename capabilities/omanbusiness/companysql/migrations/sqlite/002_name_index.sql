-- Issue 34: companies are found from indexes, not by reading every
-- record. company_id is the company a record belongs to (its CR number's,
-- or its own: omanbusiness.Record.CompanyID), filled by the store for rows
-- imported before this migration. company_name_terms files each company
-- under the terms of its names (dataset/nameindex), and
-- company_term_counts counts the companies under each word term.
ALTER TABLE company_records ADD COLUMN company_id TEXT NOT NULL DEFAULT '';
CREATE INDEX company_records_company ON company_records(company_id);
CREATE TABLE company_name_terms (
    term TEXT NOT NULL,
    ref  TEXT NOT NULL,
    PRIMARY KEY (term, ref)
) WITHOUT ROWID;
CREATE TABLE company_term_counts (
    term TEXT PRIMARY KEY,
    df   INTEGER NOT NULL
) WITHOUT ROWID;
