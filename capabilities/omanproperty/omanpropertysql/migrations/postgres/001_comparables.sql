-- The comparables dataset of analyze_oman_property: one row per import
-- (provenance) and one per rent or sale observation. Dates are
-- YYYY-MM-DD text (they sort as dates); amounts are baisa (1/1000 OMR),
-- monthly for rents; times are Unix microseconds.
CREATE TABLE comparable_batches (
    id           TEXT PRIMARY KEY,
    content_hash TEXT NOT NULL UNIQUE,
    source       TEXT NOT NULL,
    license      TEXT NOT NULL,
    synthetic    BOOLEAN NOT NULL,
    rows_count   INTEGER NOT NULL,
    imported_at  BIGINT NOT NULL,
    retrieved_at BIGINT NOT NULL,
    period_from  TEXT NOT NULL,
    period_to    TEXT NOT NULL
);
CREATE TABLE comparables (
    id            TEXT PRIMARY KEY,
    batch_id      TEXT NOT NULL REFERENCES comparable_batches(id),
    kind          TEXT NOT NULL,
    area_id       TEXT NOT NULL,
    wilayat_id    TEXT NOT NULL,
    property_type TEXT NOT NULL,
    bedrooms      INTEGER NOT NULL,
    bathrooms     INTEGER,
    size_sqm      DOUBLE PRECISION NOT NULL,
    amount_baisa  BIGINT NOT NULL,
    rent_period   TEXT NOT NULL,
    furnished     TEXT NOT NULL,
    observed_on   TEXT NOT NULL,
    source_type   TEXT NOT NULL,
    source_name   TEXT NOT NULL,
    source_url    TEXT NOT NULL,
    synthetic     BOOLEAN NOT NULL
);
-- One index per level of the analysis' fallback (area, wilayat,
-- governorate), each by type, kind and date: a query reads only the rows
-- it returns, newest first.
CREATE INDEX comparables_area ON comparables(area_id, property_type, kind, observed_on);
CREATE INDEX comparables_wilayat ON comparables(wilayat_id, property_type, kind, observed_on);
CREATE INDEX comparables_type ON comparables(property_type, kind, observed_on);
CREATE INDEX comparables_batch ON comparables(batch_id);
