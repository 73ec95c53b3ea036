ALTER TABLE "register_holdings" ADD COLUMN "disposal_restriction" text;--> statement-breakpoint
CREATE INDEX "token_transfers_pending" ON "token_transfers" USING btree ("product_id","receiver_id") WHERE "token_transfers"."status" = 'pending';--> statement-breakpoint
-- GET products/{code} shows the bond's confirmed registrar transactions (decision 016): a confirmed
-- entry moves the catalogue revision at commit, so the catalogue's read cache and ETags never serve a
-- product without its newest transactions (once per transaction, like every catalogue table).
CREATE CONSTRAINT TRIGGER "register_entries_catalog_revision" AFTER INSERT ON "register_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."transaction_hash" IS NOT NULL) EXECUTE FUNCTION "bump_catalog_revision"();
