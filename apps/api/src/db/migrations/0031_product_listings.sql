-- The catalogue's read model (issue 19, decision 026): one row per product with the columns the
-- shop's lists filter, order and count by and the product's JSON document. Its functions and triggers
-- are generated from the document's one definition (modules/catalog/product-listings.ts) and
-- installed by migrateDatabase after the migrations, which also fills the table.
CREATE TABLE "product_listings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"shown" boolean NOT NULL,
	"default_variant_id" integer,
	"in_stock" boolean NOT NULL,
	"listed" boolean GENERATED ALWAYS AS (shown and in_stock) STORED NOT NULL,
	"price" integer,
	"creator_id" integer,
	"taxon_ids" integer[] NOT NULL,
	"name_de" text,
	"name_en" text,
	"document" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_listing_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "read_model_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"definition_hash" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_listings" ADD CONSTRAINT "product_listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_listings_listed_order_idx" ON "product_listings" USING btree ("created_at","product_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "product_listings_creator_idx" ON "product_listings" USING btree ("creator_id","created_at","product_id") WHERE listed;--> statement-breakpoint
CREATE INDEX "product_listings_price_idx" ON "product_listings" USING btree ("price") WHERE listed;--> statement-breakpoint
CREATE INDEX "product_listings_taxons_idx" ON "product_listings" USING gin ("taxon_ids") WHERE listed;--> statement-breakpoint
CREATE INDEX "product_listings_name_de_idx" ON "product_listings" USING gin ("name_de" gin_trgm_ops) WHERE listed;--> statement-breakpoint
CREATE INDEX "product_listings_name_en_idx" ON "product_listings" USING gin ("name_en" gin_trgm_ops) WHERE listed;
