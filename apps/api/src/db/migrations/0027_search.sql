-- Full-text search over product translations (issue 18, slice search). pg_trgm and unaccent ship with
-- PostgreSQL (contrib) and PGlite (db/client.ts loads them); both are trusted extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- The one normalisation of indexed text and of queries: lower case without accents (unaccent turns
-- ü into u and ß into ss), and the German transcriptions ae, oe, ue read as a, o, u, so "Mueller",
-- "Müller" and "Muller" and "Straße" and "Strasse" meet. IMMUTABLE because the dictionary is named.
CREATE FUNCTION "search_normalize"(input text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(lower(public.unaccent('public.unaccent'::regdictionary, input)), 'ae', 'a'), 'oe', 'o'), 'ue', 'u')
$$;--> statement-breakpoint
-- Search configurations per language: the language's stemmer (with its own stop words), after the OTHER
-- language's stop words, so "the and" or "und die der" find nothing in either language.
CREATE TEXT SEARCH DICTIONARY "search_english_stop" (TEMPLATE = pg_catalog.simple, STOPWORDS = english, ACCEPT = false);--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY "search_german_stop" (TEMPLATE = pg_catalog.simple, STOPWORDS = german, ACCEPT = false);--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "search_german" (COPY = pg_catalog.german);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "search_german" ALTER MAPPING FOR asciiword, word, hword, hword_part, asciihword, hword_asciipart WITH "search_english_stop", german_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "search_english" (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "search_english" ALTER MAPPING FOR asciiword, word, hword, hword_part, asciihword, hword_asciipart WITH "search_german_stop", english_stem;--> statement-breakpoint
-- The search configuration of a translation's language (German for anything but English).
CREATE FUNCTION "search_config"(locale text) RETURNS regconfig LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN locale = 'en' THEN 'public.search_english'::regconfig ELSE 'public.search_german'::regconfig END
$$;--> statement-breakpoint
-- Name above short description above description (weights A, B, C).
CREATE FUNCTION "search_document"(locale text, name text, short_description text, description text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(public.search_config(locale), public.search_normalize(coalesce(name, ''))), 'A')
    || setweight(to_tsvector(public.search_config(locale), public.search_normalize(coalesce(short_description, ''))), 'B')
    || setweight(to_tsvector(public.search_config(locale), public.search_normalize(coalesce(description, ''))), 'C')
$$;--> statement-breakpoint
CREATE TABLE "product_search_documents" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"name_norm" text NOT NULL,
	CONSTRAINT "product_search_documents_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
ALTER TABLE "product_search_documents" ADD CONSTRAINT "product_search_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_search_documents" ADD CONSTRAINT "product_search_documents_locale_locales_code_fk" FOREIGN KEY ("locale") REFERENCES "public"."locales"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_documents_document_idx" ON "product_search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "product_search_documents_name_trgm_idx" ON "product_search_documents" USING gin ("name_norm" gin_trgm_ops);--> statement-breakpoint
-- Keeps the search document of each translation current, in the same transaction as the change.
CREATE FUNCTION "product_search_documents_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR OLD.product_id <> NEW.product_id OR OLD.locale <> NEW.locale THEN
      DELETE FROM public.product_search_documents WHERE product_id = OLD.product_id AND locale = OLD.locale;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO public.product_search_documents (product_id, locale, document, name_norm)
    VALUES (NEW.product_id, NEW.locale,
      public.search_document(NEW.locale, NEW.name, NEW.short_description, NEW.description),
      public.search_normalize(NEW.name))
    ON CONFLICT (product_id, locale) DO UPDATE SET document = EXCLUDED.document, name_norm = EXCLUDED.name_norm;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_translations_search" AFTER INSERT OR UPDATE OR DELETE ON "product_translations" FOR EACH ROW EXECUTE FUNCTION "product_search_documents_sync"();--> statement-breakpoint
-- The rows that exist already, then fresh statistics for the planner.
INSERT INTO "product_search_documents" ("product_id", "locale", "document", "name_norm")
  SELECT product_id, locale, search_document(locale, name, short_description, description), search_normalize(name)
  FROM "product_translations";--> statement-breakpoint
ANALYZE "product_search_documents";
