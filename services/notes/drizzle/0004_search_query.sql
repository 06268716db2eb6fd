-- Custom migration (issue 26 #7): the search's query in one function, a reading the same as another read once (see
-- below). search.repository.ts calls notes.search_query($2) where it wrote the readings out before.
-- What a search looks for: the query read in Portuguese (accents dropped first), in English, and in Portuguese as typed
-- (accents dropped after), OR-ed; a reading the same as one before it is left out ("compressor" is `'compressor'`
-- all three ways, "filtro vazamento" `'filtr' & 'vazament'` both Portuguese ways: ranking each match against the same
-- lexemes twice or three times only cost time, 0.2–0.4 ms of PostgreSQL a search). IMMUTABLE: the planner folds it to
-- a constant, so it plans with the query's words.
CREATE FUNCTION notes.search_query(q text) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  pt tsquery := websearch_to_tsquery('notes.portuguese', q);
  en tsquery := websearch_to_tsquery('notes.english', q);
  stems tsquery := notes.portuguese_stems_query(q);
  out tsquery := pt;
BEGIN
  IF en <> pt THEN
    out := out || en;
  END IF;
  IF stems <> pt AND stems <> en THEN
    out := out || stems;
  END IF;
  RETURN out;
END $$;
