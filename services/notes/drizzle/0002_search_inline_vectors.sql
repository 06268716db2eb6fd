-- Custom migration: a search entry's whole vector is kept in its row (STORAGE MAIN, toast_tuple_target 8160) rather
-- than out of line in the TOAST table. A search tests vectors in table order for a word in a few percent of the pages
-- and then ranks up to 200 of them; each out-of-line vector cost a lookup in the TOAST table (bench/notes, 100,000
-- pages: a word in 5 % of them went from 553 to 779 searches a second in PostgreSQL alone). A vector too large for a
-- row (a long handbook's) is still compressed, then moved out, as before.
ALTER TABLE notes.search_entries SET (toast_tuple_target = 8160);
--> statement-breakpoint
ALTER TABLE notes.search_entries ALTER COLUMN vector SET STORAGE MAIN;
--> statement-breakpoint
-- the stored entries are written again to follow it (an unchanged value would keep its TOAST pointer)
UPDATE notes.search_entries SET vector = vector || ''::tsvector;
