-- Settings of the database itself, by name (Store.Setting): "demo" marks a
-- database that `dalil serve --demo` seeded, its value the demo account.
CREATE TABLE settings (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
