CREATE TABLE "creator_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"review_state" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"item_type" text NOT NULL,
	"sub_category_taxon_id" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"traits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collaboration" boolean DEFAULT false NOT NULL,
	"copyright_transfer" boolean DEFAULT false NOT NULL,
	"unlock_on_purchase" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"no_copyright_infringement_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "state" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "owner_customer_id" integer;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "rejection_code" text;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "renditions" jsonb;--> statement-breakpoint
ALTER TABLE "creator_products" ADD CONSTRAINT "creator_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_products" ADD CONSTRAINT "creator_products_creator_id_customers_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_products" ADD CONSTRAINT "creator_products_reviewed_by_customers_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_products_creator_id_index" ON "creator_products" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "creator_products_review_state_index" ON "creator_products" USING btree ("review_state");--> statement-breakpoint
CREATE INDEX "media_files_owner_customer_id_index" ON "media_files" USING btree ("owner_customer_id");--> statement-breakpoint
-- A review decision lists or hides a product: the catalogue caches follow (migration 0001's function).
CREATE CONSTRAINT TRIGGER "creator_products_catalog_revision" AFTER INSERT OR UPDATE OR DELETE ON "creator_products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalog_revision"();--> statement-breakpoint
CREATE TRIGGER "creator_products_catalog_revision_truncate" AFTER TRUNCATE ON "creator_products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_revision"();
