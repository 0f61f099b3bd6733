-- The analysis selects by place, type, kind, a size band, a date and a
-- bedroom range. With the size band in the index (and the date and
-- bedrooms and the id after it, so the rest of the filter and the choice of
-- the newest rows read the index alone), a
-- query visits only the entries in its band instead of every row of its
-- type since the cut-off: 100,000 comparables answer in milliseconds at
-- every level (docs/performance.md).
DROP INDEX comparables_area;
DROP INDEX comparables_wilayat;
DROP INDEX comparables_type;
CREATE INDEX comparables_area_band ON comparables(area_id, property_type, kind, size_sqm, observed_on, bedrooms, id);
CREATE INDEX comparables_wilayat_band ON comparables(wilayat_id, property_type, kind, size_sqm, observed_on, bedrooms, id);
CREATE INDEX comparables_type_band ON comparables(property_type, kind, size_sqm, observed_on, bedrooms, id);
