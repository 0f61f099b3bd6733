-- A million listings (issue 34). The (make, model, year, listed_on)
-- index made an estimate read every listing of its model within ±2 years
-- and the date window, in every market, then sort them by market and
-- date: 12,000 rows for a popular model, 70 ms. Two indexes replace it:
--
-- vehicle_listings_find serves the estimate (Find): per market, the
-- newest listings of the model in the date window, in the index's own
-- order (newest first, then id), the year filtered in the index, so a
-- query stops after the listings it returns and reads only those rows.
--
-- vehicle_listings_count serves the preview (Count): per market and model
-- year, the date window is one range, and the count, the synthetic ones
-- and the newest date are read from the index alone.
DROP INDEX vehicle_listings_model_year;
CREATE INDEX vehicle_listings_find ON vehicle_listings(make_key, model_key, country, listed_on DESC, id, year);
CREATE INDEX vehicle_listings_count ON vehicle_listings(make_key, model_key, country, year, listed_on, synthetic);
-- Statistics for the new indexes, so that the planner uses them at once
-- (an import refreshes them too).
ANALYZE vehicle_listings;
