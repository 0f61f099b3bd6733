-- Issue 34: names are screened against candidates read from an index,
-- not against every entry loaded in memory. sanctions_name_terms files
-- each entry (ref: source, a tab, entity_id) under the terms of its name
-- and aliases (dataset/nameindex); sanctions_term_counts counts the
-- entries under each word term. Entries imported before this migration
-- are filed by the store on first use. Terms compare byte by byte.
CREATE TABLE sanctions_name_terms (
    term TEXT COLLATE "C" NOT NULL,
    ref  TEXT NOT NULL,
    PRIMARY KEY (term, ref)
);
CREATE TABLE sanctions_term_counts (
    term TEXT COLLATE "C" PRIMARY KEY,
    df   BIGINT NOT NULL
);
