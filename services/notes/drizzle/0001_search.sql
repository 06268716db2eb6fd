-- Custom migration: the text search of handbooks and bookmarks (written by hand: drizzle-kit writes neither extensions,
-- text-search configurations nor triggers).
--
-- Accents are ignored through the unaccent extension when this PostgreSQL has it (Debian's postgresql-15 does): the
-- configurations notes.portuguese and notes.english are copies of the built-in ones whose word mappings go through
-- unaccent before stemming, so "manutenção" and "manutencao" give the same lexeme, in documents and queries alike.
-- Without the extension they are plain copies (accents then count).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent') THEN
    CREATE EXTENSION IF NOT EXISTS unaccent;
  END IF;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  dict text;
BEGIN
  SELECT format('%I.unaccent', n.nspname) INTO dict
    FROM pg_ts_dict d JOIN pg_namespace n ON n.oid = d.dictnamespace WHERE d.dictname = 'unaccent' LIMIT 1;
  CREATE TEXT SEARCH CONFIGURATION notes.portuguese (COPY = pg_catalog.portuguese);
  CREATE TEXT SEARCH CONFIGURATION notes.english (COPY = pg_catalog.english);
  IF dict IS NOT NULL THEN
    EXECUTE format('ALTER TEXT SEARCH CONFIGURATION notes.portuguese ALTER MAPPING FOR hword, hword_part, word WITH %s, pg_catalog.portuguese_stem', dict);
    EXECUTE format('ALTER TEXT SEARCH CONFIGURATION notes.english ALTER MAPPING FOR hword, hword_part, word WITH %s, pg_catalog.english_stem', dict);
  END IF;
END $$;
--> statement-breakpoint
-- Handbooks are large (content and its HTML, ~2 × the text): lz4 decompresses several times faster than the default
-- pglz, which is most of what reading a list page costs PostgreSQL. Builds without lz4 keep pglz.
DO $$
BEGIN
  ALTER TABLE notes.documents ALTER COLUMN body SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available here: notes.documents keeps pglz';
END $$;
--> statement-breakpoint
-- The configuration of a document's language (proto NOTES_LANGUAGES).
CREATE FUNCTION notes.search_config(language text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN language = 'portuguese' THEN 'notes.portuguese'::regconfig ELSE 'notes.english'::regconfig END
$$;
--> statement-breakpoint
-- A handbook's or bookmark's head: its title A, its tags and a handbook's fields (names and values) B.
CREATE FUNCTION notes.search_head(klass text, body jsonb) RETURNS tsvector LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  cfg regconfig := notes.search_config(body->>'language');
BEGIN
  IF klass = 'Handbook' THEN
    RETURN setweight(to_tsvector(cfg, coalesce(body->>'title', '')), 'A')
        || setweight(to_tsvector(cfg, coalesce(body->'categories', '[]'::jsonb)), 'B')
        || setweight(to_tsvector(cfg, coalesce(body->'fields', '[]'::jsonb)), 'B');
  END IF;
  RETURN setweight(to_tsvector(cfg, coalesce(body->>'title', '')), 'A')
      || setweight(to_tsvector(cfg, coalesce(body->'tag_names', '[]'::jsonb)), 'B');
END $$;
--> statement-breakpoint
-- The rest of the whole vector (which is head || rest): a bookmark's description C, a handbook's content and a
-- bookmark's URL D.
CREATE FUNCTION notes.search_rest(klass text, body jsonb) RETURNS tsvector LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  cfg regconfig := notes.search_config(body->>'language');
BEGIN
  IF klass = 'Handbook' THEN
    RETURN setweight(to_tsvector(cfg, coalesce(body->>'content', '')), 'D');
  END IF;
  RETURN setweight(to_tsvector(cfg, coalesce(body->>'description', '')), 'C')
      || setweight(to_tsvector(cfg, coalesce(body->>'url', '')), 'D');
END $$;
--> statement-breakpoint
-- Keeps notes.search_entries in step with notes.documents, in the writing statement itself: whatever writes a
-- handbook or bookmark (the document API, an import's batch, a backlink update, the fetcher) updates its entry, and a
-- deletion (tombstone) removes it. An update that changes none of the searched fields leaves the entry alone.
CREATE FUNCTION notes.documents_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  h tsvector;
BEGIN
  IF NEW.klass NOT IN ('Handbook', 'Bookmark') THEN
    RETURN NULL;
  END IF;
  IF NEW.deleted THEN
    DELETE FROM notes.search_entries WHERE account_id = NEW.account_id AND id = NEW.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT OLD.deleted
     AND OLD.body->'language' IS NOT DISTINCT FROM NEW.body->'language'
     AND OLD.body->'title' IS NOT DISTINCT FROM NEW.body->'title'
     AND OLD.body->'content' IS NOT DISTINCT FROM NEW.body->'content'
     AND OLD.body->'categories' IS NOT DISTINCT FROM NEW.body->'categories'
     AND OLD.body->'fields' IS NOT DISTINCT FROM NEW.body->'fields'
     AND OLD.body->'tag_names' IS NOT DISTINCT FROM NEW.body->'tag_names'
     AND OLD.body->'description' IS NOT DISTINCT FROM NEW.body->'description'
     AND OLD.body->'url' IS NOT DISTINCT FROM NEW.body->'url' THEN
    RETURN NULL;
  END IF;
  h := notes.search_head(NEW.klass, NEW.body);
  INSERT INTO notes.search_entries (account_id, id, klass, vector, head)
  VALUES (NEW.account_id, NEW.id, NEW.klass, h || notes.search_rest(NEW.klass, NEW.body), h)
  ON CONFLICT (account_id, id) DO UPDATE SET klass = EXCLUDED.klass, vector = EXCLUDED.vector, head = EXCLUDED.head;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_search AFTER INSERT OR UPDATE ON notes.documents FOR EACH ROW EXECUTE FUNCTION notes.documents_search();
