-- Company records imported as the "companies" dataset (issue 16): one row
-- per (source, record_id), the statement one source makes about one
-- company; records sharing a CR number are one company when read.
CREATE TABLE company_batches (
    id           TEXT PRIMARY KEY,
    source       TEXT NOT NULL,
    license      TEXT NOT NULL,
    synthetic    BIGINT NOT NULL,
    rows_count   BIGINT NOT NULL,
    content_hash TEXT NOT NULL UNIQUE,
    filename     TEXT NOT NULL,
    imported_at  BIGINT NOT NULL,
    retrieved_at BIGINT NOT NULL
);
CREATE TABLE company_records (
    source            TEXT NOT NULL,
    record_id         TEXT NOT NULL,
    batch_id          TEXT NOT NULL REFERENCES company_batches(id),
    source_type       TEXT NOT NULL,
    source_url        TEXT NOT NULL,
    observed_at       BIGINT NOT NULL,
    synthetic         BIGINT NOT NULL,
    cr_number         TEXT NOT NULL,
    name_en           TEXT NOT NULL,
    name_ar           TEXT NOT NULL,
    legal_form        TEXT NOT NULL,
    status            TEXT NOT NULL,
    registration_date TEXT NOT NULL,
    industry          TEXT NOT NULL,
    activities        TEXT NOT NULL,
    governorate       TEXT NOT NULL,
    wilayat           TEXT NOT NULL,
    address           TEXT NOT NULL,
    website           TEXT NOT NULL,
    email             TEXT NOT NULL,
    phone             TEXT NOT NULL,
    updated_at        BIGINT NOT NULL,
    PRIMARY KEY (source, record_id)
);
CREATE INDEX company_records_cr ON company_records(cr_number);
