-- The sanctions lists' sync state (issue 31): one row per source that
-- `dalil sanctions sync` or the scheduled job has tried. The validators
-- (etag, last_modified) describe the file batch file_batch came from;
-- times are Unix microseconds, 0 for never.
CREATE TABLE sanctions_sync (
    source               TEXT PRIMARY KEY,
    url                  TEXT NOT NULL,
    etag                 TEXT NOT NULL,
    last_modified        TEXT NOT NULL,
    file_batch           TEXT NOT NULL,
    last_attempt         INTEGER NOT NULL,
    last_success         INTEGER NOT NULL,
    last_change          INTEGER NOT NULL,
    last_outcome         TEXT NOT NULL,
    last_error           TEXT NOT NULL,
    last_error_at        INTEGER NOT NULL,
    failures             INTEGER NOT NULL,
    consecutive_failures INTEGER NOT NULL
);
