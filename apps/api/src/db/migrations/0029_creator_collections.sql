CREATE TABLE "creator_collection_items" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_collection_items_collectionId_productId_unique" UNIQUE("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "creator_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "creator_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"creator_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"name" text NOT NULL,
	"artist" text NOT NULL,
	"minimum_reserve_price" integer,
	"minting_start" date,
	"minting_end" date,
	"royalties" integer,
	"network" text,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_collections_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "creator_collection_items" ADD CONSTRAINT "creator_collection_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_collection_items" ADD CONSTRAINT "creator_collection_items_collection_id_creator_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."creator_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_collections" ADD CONSTRAINT "creator_collections_creator_id_customers_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_collection_items_collection_id_index" ON "creator_collection_items" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "creator_collections_creator_id_index" ON "creator_collections" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "creator_collections_state_index" ON "creator_collections" USING btree ("state");