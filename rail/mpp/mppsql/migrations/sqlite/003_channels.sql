-- Core migration 007_mpp_channels until issue 11 (mppsql.Module names it as this
-- file's legacy, so a database that ran it records this one without running).
--
-- MPP session-intent payment channels (rail/mpp ChannelStore): one row per
-- escrow channel with the highest accepted voucher and what calls spent of
-- it. Amounts are token base units as decimal text (uint128 does not fit a
-- 64-bit integer); every update is a compare-and-swap on version, checked
-- for monotonicity (mpp.CheckChannelUpdate) before it is written.
CREATE TABLE mpp_channels (
    id                TEXT PRIMARY KEY,
    escrow            TEXT NOT NULL,
    chain_id          INTEGER NOT NULL,
    payer             TEXT NOT NULL,
    payee             TEXT NOT NULL,
    token             TEXT NOT NULL,
    authorized_signer TEXT NOT NULL,
    deposit           TEXT NOT NULL,
    settled           TEXT NOT NULL,
    accepted          TEXT NOT NULL,
    signature         BLOB,
    spent             TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('open', 'closing', 'closed')),
    close_amount      TEXT NOT NULL DEFAULT '',
    close_signature   BLOB,
    close_tx          TEXT NOT NULL DEFAULT '',
    close_raw         BLOB,
    version           INTEGER NOT NULL,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL
);
