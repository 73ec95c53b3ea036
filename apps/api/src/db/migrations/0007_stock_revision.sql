-- Decision 011: a change of stock on hold (an order completing or being cancelled) no longer bumps the
-- catalogue revision, which emptied every process's catalogue read cache; it bumps `stock_revision`
-- instead, and the cache refreshes only the stock figures of its cached answers (one cheap query).
-- Any other change of a variant (on hand, supply, names via their own table...) still bumps the revision.
CREATE FUNCTION "bump_stock_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalog.stock_bumped_in', true) IS DISTINCT FROM pg_current_xact_id()::text THEN
    PERFORM set_config('catalog.stock_bumped_in', pg_current_xact_id()::text, true);
    UPDATE "catalog_revision" SET "stock_revision" = "stock_revision" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "product_variants_catalog_revision" ON "product_variants";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_variants_catalog_revision_insert_delete" AFTER INSERT OR DELETE ON "product_variants" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_variants_catalog_revision" AFTER UPDATE ON "product_variants" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((to_jsonb(OLD) - 'on_hold') IS DISTINCT FROM (to_jsonb(NEW) - 'on_hold')) EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_variants_stock_revision" AFTER UPDATE ON "product_variants" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."on_hold" IS DISTINCT FROM NEW."on_hold") EXECUTE FUNCTION "bump_stock_revision"();
