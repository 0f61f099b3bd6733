-- The sanctions watchlist (issue 31): names an account monitors, and the
-- matches found for them after each list update. Times are Unix
-- microseconds, 0 for never.
CREATE TABLE sanctions_watches (
    id                  TEXT PRIMARY KEY,
    account_id          TEXT NOT NULL,
    request_id          TEXT NOT NULL,
    name                TEXT NOT NULL,
    country             TEXT NOT NULL,
    date_of_birth       TEXT NOT NULL,
    registration_number TEXT NOT NULL,
    entity_type         TEXT NOT NULL,
    webhook_url         TEXT NOT NULL,
    status              TEXT NOT NULL,
    created_at          INTEGER NOT NULL,
    paid_through        INTEGER NOT NULL,
    deleted_at          INTEGER NOT NULL
);
CREATE INDEX sanctions_watches_account ON sanctions_watches (account_id, created_at);

-- One row per listed entry matched for a watch: baseline = 1 for the
-- matches known when the name was registered (in its answer, no alert),
-- else an alert, delivered to the watch's webhook once. UNIQUE makes a
-- match alerted once whichever replica screened.
CREATE TABLE sanctions_watch_alerts (
    id               TEXT PRIMARY KEY,
    watch_id         TEXT NOT NULL,
    account_id       TEXT NOT NULL,
    list             TEXT NOT NULL,
    entity_id        TEXT NOT NULL,
    baseline         INTEGER NOT NULL,
    lists_version    TEXT NOT NULL,
    data             TEXT NOT NULL,
    created_at       INTEGER NOT NULL,
    delivery         TEXT NOT NULL,
    attempts         INTEGER NOT NULL,
    next_attempt     INTEGER NOT NULL,
    lease_until      INTEGER NOT NULL,
    delivered_at     INTEGER NOT NULL,
    last_error       TEXT NOT NULL,
    UNIQUE (watch_id, list, entity_id)
);
CREATE INDEX sanctions_watch_alerts_account ON sanctions_watch_alerts (account_id, created_at);
CREATE INDEX sanctions_watch_alerts_due ON sanctions_watch_alerts (delivery, next_attempt);

-- The lists' version (their current batches) the watches were last
-- screened against.
CREATE TABLE sanctions_watch_state (
    id      TEXT PRIMARY KEY,
    version TEXT NOT NULL
);
