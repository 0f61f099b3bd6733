-- Issue 34 (session 15): the prepared forms of an entry's names are kept
-- in the entry's own row, written with it by an import (and by a rebuild
-- of the name index), so that a screening reads them with the entries it
-- reads anyway instead of looking each candidate up again in
-- sanctions_name_forms. The forms already stored move here unchanged
-- (their version is the index's, recorded under '#forms'); an entry
-- without any keeps NULL and its names are normalised.
ALTER TABLE sanctions_entries ADD COLUMN forms BLOB;
UPDATE sanctions_entries SET forms = f.forms FROM sanctions_name_forms f
    WHERE f.ref = sanctions_entries.source || char(9) || sanctions_entries.entity_id;
DROP TABLE sanctions_name_forms;
