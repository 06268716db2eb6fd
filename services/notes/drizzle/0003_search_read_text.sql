-- Custom migration (issue 26 #7, #9): what a Portuguese search finds, and the text that is indexed.
--
-- #7 Portuguese stems of accented words. notes.portuguese strips accents before stemming, so the Portuguese stemmer
-- never sees "ção"/"ções" (it reads "lubrificacao" as "lubrificaca", "lubrificações" as "lubrificaco") and the
-- inflections PostgreSQL's own `portuguese` configuration joins ("lubrificar", "lubrificado", "lubrificações" →
-- "lubrific") stayed apart. A Portuguese document's vector now holds both readings of each word, at the same position:
-- the stem of the word as written, without its accents afterwards (pg_catalog.portuguese, then unaccent), and the stem
-- of the unaccented word (notes.portuguese, as before, so "lubrificacao" typed without accents still finds it). A query
-- is read both ways too (notes.portuguese_stems_query, beside the two configurations of before).
--
-- #9 The text a person reads. A handbook's content is indexed from its rendered HTML (content_html: tags dropped,
-- entities read back) rather than its markdown, and in every indexed text `<` and `>` are spaces: PostgreSQL's parser
-- takes `<E04>` or `<ENTER>` for an HTML tag and drops it, while the page shows those characters as text.
DO $$
DECLARE
  fn text;
BEGIN
  SELECT format('%I.unaccent', n.nspname) INTO fn
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE p.proname = 'unaccent' AND p.pronargs = 1 LIMIT 1;
  IF fn IS NULL THEN
    -- no unaccent extension: accents count (as the configurations of 0001 then do)
    CREATE FUNCTION notes.unaccented(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT t';
  ELSE
    -- IMMUTABLE, as the configurations using the same dictionary are: the planner folds a query's tsquery to a constant
    EXECUTE format('CREATE FUNCTION notes.unaccented(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS %L', format('SELECT %s(t)', fn));
  END IF;
END $$;
--> statement-breakpoint
-- A vector's lexemes without their accents, positions and weights kept, built lexeme by lexeme and quoted here (the
-- slow way, for a text whose unaccented form text_vector cannot take whole: see there).
CREATE FUNCTION notes.unaccented_lexemes(v tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
           '''' || replace(replace(notes.unaccented(u.lexeme), '\', '\\'), '''', '''''') || ''''
             || coalesce(':' || (SELECT string_agg(x.p::text || CASE x.w WHEN 'D' THEN '' ELSE x.w END, ',') FROM unnest(u.positions, u.weights) AS x(p, w)), ''),
           ' '), '')::tsvector
    FROM unnest(v) AS u
$$;
--> statement-breakpoint
-- The text a person reads of some HTML (a handbook's content_html, written by markdown-it and the sanitizer): block
-- tags are spaces, inline ones nothing ("<b>óleo</b>." stays "óleo."), the entities it writes read back.
CREATE FUNCTION notes.html_text(html text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(
           regexp_replace(
             regexp_replace(html, '</?(?:p|div|br|hr|li|ul|ol|h[1-6]|table|thead|tbody|tr|td|th|pre|blockquote|dd|dt|dl)(?:[\s/][^>]*)?>', ' ', 'gi'),
             '<[^>]*>', '', 'g'),
           '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
$$;
--> statement-breakpoint
-- The vector of a text in a document's language; `<` and `>` read as spaces (see above). A Portuguese text has both
-- readings of each word at its position: the two vectors' text forms merged by tsvector's input (same lexeme: one).
-- plpgsql so that each part is computed once (an SQL function is inlined with its argument written out at each use).
CREATE FUNCTION notes.text_vector(language text, t text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  clean text := translate(coalesce(t, ''), '<>', '  ');
  stems text;
  plain text;
BEGIN
  IF language IS DISTINCT FROM 'portuguese' THEN
    RETURN to_tsvector('notes.english', clean);
  END IF;
  stems := to_tsvector('pg_catalog.portuguese', clean)::text;
  plain := notes.unaccented(stems);
  -- unaccent writes an apostrophe for a few letters (ŉ → 'n), which would break the text's quoting: then lexeme by lexeme
  IF length(plain) - length(translate(plain, '''\', '')) <> length(stems) - length(translate(stems, '''\', '')) THEN
    plain := notes.unaccented_lexemes(stems::tsvector)::text;
  END IF;
  RETURN (plain || ' ' || to_tsvector('notes.portuguese', clean)::text)::tsvector;
END $$;
--> statement-breakpoint
-- The strings of a JSON value (tags, a handbook's fields: names and values) as one text: the JSON array of them, its
-- escapes (\n, \", \u00e7…) made spaces; quotes, commas and brackets are no words to the parser. One expression (no
-- query per call: it is inlined).
CREATE FUNCTION notes.json_text(j jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(coalesce(jsonb_path_query_array(j, 'strict $.**?(@.type() == "string")')::text, ''), '\\(?:u[0-9a-fA-F]{4}|.)', ' ', 'g')
$$;
--> statement-breakpoint
-- A query as pg_catalog.portuguese reads it (accented stems), its lexemes unaccented to meet the documents' first
-- reading: the query's text cut into its quoted lexemes and what lies between them, each lexeme unquoted, unaccented
-- and quoted again (as in notes.unaccented_lexemes), the rest (operators) kept.
CREATE FUNCTION notes.portuguese_stems_query(q text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
           CASE WHEN left(m.t[1], 1) = ''''
             THEN '''' || replace(replace(notes.unaccented(replace(replace(substr(m.t[1], 2, length(m.t[1]) - 2), '''''', ''''), '\\', '\')), '\', '\\'), '''', '''''') || ''''
             ELSE m.t[1] END,
           '' ORDER BY m.n), '')::tsquery
    FROM regexp_matches(websearch_to_tsquery('pg_catalog.portuguese', q)::text, '''(?:[^'']|'''')*''|[^'']+', 'g') WITH ORDINALITY AS m(t, n)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notes.search_head(klass text, body jsonb) RETURNS tsvector LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  lang text := CASE WHEN body->>'language' = 'portuguese' THEN 'portuguese' ELSE 'english' END;
BEGIN
  IF klass = 'Handbook' THEN
    RETURN setweight(notes.text_vector(lang, coalesce(body->>'title', '')), 'A')
        || setweight(notes.text_vector(lang, notes.json_text(body->'categories')), 'B')
        || setweight(notes.text_vector(lang, notes.json_text(body->'fields')), 'B');
  END IF;
  RETURN setweight(notes.text_vector(lang, coalesce(body->>'title', '')), 'A')
      || setweight(notes.text_vector(lang, notes.json_text(body->'tag_names')), 'B');
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notes.search_rest(klass text, body jsonb) RETURNS tsvector LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  lang text := CASE WHEN body->>'language' = 'portuguese' THEN 'portuguese' ELSE 'english' END;
BEGIN
  IF klass = 'Handbook' THEN
    -- the rendered page (a page stored before content_html existed: its markdown)
    RETURN setweight(notes.text_vector(lang, CASE WHEN body->>'content_html' IS NOT NULL THEN notes.html_text(body->>'content_html') ELSE coalesce(body->>'content', '') END), 'D');
  END IF;
  RETURN setweight(notes.text_vector(lang, coalesce(body->>'description', '')), 'C')
      || setweight(to_tsvector(CASE WHEN lang = 'portuguese' THEN 'notes.portuguese'::regconfig ELSE 'notes.english'::regconfig END, coalesce(body->>'url', '')), 'D');
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notes.documents_search() RETURNS trigger LANGUAGE plpgsql AS $$
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
     AND OLD.body->'content_html' IS NOT DISTINCT FROM NEW.body->'content_html'
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
-- every stored entry made again the new way
UPDATE notes.search_entries e
   SET head = v.h, vector = v.h || v.r
  FROM (SELECT d.account_id, d.id, notes.search_head(d.klass, d.body) AS h, notes.search_rest(d.klass, d.body) AS r
          FROM notes.documents d WHERE d.klass IN ('Handbook', 'Bookmark') AND NOT d.deleted) v
 WHERE e.account_id = v.account_id AND e.id = v.id;
