-- Issue 34: each entry's names with their prepared forms
-- (names.Key.AppendForm: the parse Normalize would do again), one row a
-- ref (source, a tab, entity_id), kept with the name index
-- (dataset/nameindex WithForms): a screening makes its candidates' keys
-- from them. An index filed before this migration has none and is
-- rebuilt on first use (its forms version is missing).
CREATE TABLE sanctions_name_forms (
    ref   TEXT PRIMARY KEY,
    forms BLOB NOT NULL
) WITHOUT ROWID;
