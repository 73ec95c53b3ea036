CREATE TABLE "catalog_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_revision" ("id", "revision") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Bumps the catalogue revision once per transaction, at commit (deferred), so readers see the new
-- revision exactly when they can see the new data; taking the lock last avoids deadlocks with the
-- row locks a transaction already holds (orders updating stock).
CREATE FUNCTION "bump_catalog_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalog.revision_bumped_in', true) IS DISTINCT FROM pg_current_xact_id()::text THEN
    PERFORM set_config('catalog.revision_bumped_in', pg_current_xact_id()::text, true);
    UPDATE "catalog_revision" SET "revision" = "revision" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "products_catalog_revision_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_translations_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_translations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "product_translations_catalog_revision_truncate" AFTER TRUNCATE ON "product_translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_taxons_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_taxons" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "product_taxons_catalog_revision_truncate" AFTER TRUNCATE ON "product_taxons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_metadata_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_metadata" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "product_metadata_catalog_revision_truncate" AFTER TRUNCATE ON "product_metadata" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_media_files_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_media_files" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "product_media_files_catalog_revision_truncate" AFTER TRUNCATE ON "product_media_files" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_attribute_values_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_attribute_values" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_catalog_revision_truncate" AFTER TRUNCATE ON "product_attribute_values" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "legal_documents_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "legal_documents" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "legal_documents_catalog_revision_truncate" AFTER TRUNCATE ON "legal_documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_variants_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_variants" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "product_variants_catalog_revision_truncate" AFTER TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_variant_translations_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "product_variant_translations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "product_variant_translations_catalog_revision_truncate" AFTER TRUNCATE ON "product_variant_translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "channel_pricings_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "channel_pricings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "channel_pricings_catalog_revision_truncate" AFTER TRUNCATE ON "channel_pricings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "taxons_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "taxons" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "taxons_catalog_revision_truncate" AFTER TRUNCATE ON "taxons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "taxon_translations_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "taxon_translations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "taxon_translations_catalog_revision_truncate" AFTER TRUNCATE ON "taxon_translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "attributes_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "attributes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "attributes_catalog_revision_truncate" AFTER TRUNCATE ON "attributes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "attribute_translations_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "attribute_translations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "attribute_translations_catalog_revision_truncate" AFTER TRUNCATE ON "attribute_translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_categories_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "tax_categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "tax_categories_catalog_revision_truncate" AFTER TRUNCATE ON "tax_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "media_files_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "media_files" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "media_files_catalog_revision_truncate" AFTER TRUNCATE ON "media_files" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "customer_media_files_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "customer_media_files" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "customer_media_files_catalog_revision_truncate" AFTER TRUNCATE ON "customer_media_files" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
-- Customers change for many reasons; only what a creator shows in the catalogue matters here.
CREATE CONSTRAINT TRIGGER "customers_catalog_revision" AFTER DELETE OR UPDATE OF "uuid", "first_name", "last_name", "profile_name" ON "customers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "customers_catalog_revision_truncate" AFTER TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();
