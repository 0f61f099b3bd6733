-- A million comparables (issue 34). The band indexes of 002 put the size
-- before the date, so the newest rows of a wide band (a common type and
-- size, searched over the whole governorate) were found only by reading
-- the whole band, every date, and sorting it: 85,000 index entries for a
-- 120 sqm apartment, 30 to 200 ms a query. The month a comparable was
-- observed in (year * 12 + month - 1) goes before the size: a query
-- visits its months newest first, each a seek to the size band in that
-- month, and stops once it has enough rows; the count of the older ones
-- visits the months before the cut-off the same way, up to its cap
-- (omanproperty.OlderCountLimit). A narrow band costs one seek a month,
-- a wide one the entries of its newest months.
ALTER TABLE comparables ADD COLUMN observed_month INTEGER NOT NULL DEFAULT 0;
UPDATE comparables SET observed_month = CAST(substr(observed_on, 1, 4) AS INTEGER) * 12 + CAST(substr(observed_on, 6, 2) AS INTEGER) - 1;
DROP INDEX comparables_area_band;
DROP INDEX comparables_wilayat_band;
DROP INDEX comparables_type_band;
CREATE INDEX comparables_area_month ON comparables(area_id, property_type, kind, observed_month, size_sqm, bedrooms, observed_on, id);
CREATE INDEX comparables_wilayat_month ON comparables(wilayat_id, property_type, kind, observed_month, size_sqm, bedrooms, observed_on, id);
CREATE INDEX comparables_type_month ON comparables(property_type, kind, observed_month, size_sqm, bedrooms, observed_on, id);
-- Statistics for the new indexes, so that the planner uses them at once
-- (an import refreshes them too).
ANALYZE comparables;
