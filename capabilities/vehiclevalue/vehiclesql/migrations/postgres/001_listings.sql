-- The listings dataset of vehicle_value_estimate: one row per import
-- (provenance) and one per vehicle listing or sale. Dates are YYYY-MM-DD
-- text (they sort as dates); prices are hundredths of the listing's
-- currency; times are Unix microseconds. make_key and model_key are the
-- normalised names (aliases resolved) the capability matches on.
CREATE TABLE vehicle_listing_batches (
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
CREATE TABLE vehicle_listings (
    id           TEXT PRIMARY KEY,
    batch_id     TEXT NOT NULL REFERENCES vehicle_listing_batches(id),
    make         TEXT NOT NULL,
    model        TEXT NOT NULL,
    make_key     TEXT NOT NULL,
    model_key    TEXT NOT NULL,
    trim         TEXT NOT NULL,
    year         INTEGER NOT NULL,
    mileage_km   INTEGER,
    price_cents  BIGINT NOT NULL,
    currency     TEXT NOT NULL,
    country      TEXT NOT NULL,
    city         TEXT NOT NULL,
    listed_on    TEXT NOT NULL,
    price_type   TEXT NOT NULL,
    seller_type  TEXT NOT NULL,
    vin          TEXT NOT NULL,
    condition    TEXT NOT NULL,
    fuel_type    TEXT NOT NULL,
    transmission TEXT NOT NULL,
    body_type    TEXT NOT NULL,
    drivetrain   TEXT NOT NULL,
    msrp_cents   BIGINT NOT NULL,
    source_name  TEXT NOT NULL,
    source_url   TEXT NOT NULL,
    synthetic    BOOLEAN NOT NULL
);
-- Indexed by make, model and year: an estimate reads only its model's
-- listings within ±2 years.
CREATE INDEX vehicle_listings_model_year ON vehicle_listings(make_key, model_key, year, listed_on);
CREATE INDEX vehicle_listings_batch ON vehicle_listings(batch_id);
