CREATE TABLE "register_disposal_restrictions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "register_disposal_restrictions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"beneficiary" text,
	"set_at" timestamp (3) with time zone NOT NULL,
	"set_by" integer,
	"lifted_at" timestamp (3) with time zone,
	"lifted_by" integer,
	"lift_reason" text,
	CONSTRAINT "register_disposal_restrictions_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "register_disposal_restrictions_lift" CHECK (("register_disposal_restrictions"."lifted_at" is null) = ("register_disposal_restrictions"."lift_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "register_disposal_restrictions" ADD CONSTRAINT "register_disposal_restrictions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_disposal_restrictions" ADD CONSTRAINT "register_disposal_restrictions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_disposal_restrictions" ADD CONSTRAINT "register_disposal_restrictions_set_by_customers_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_disposal_restrictions" ADD CONSTRAINT "register_disposal_restrictions_lifted_by_customers_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_disposal_restrictions_product_id_customer_id_set_at_index" ON "register_disposal_restrictions" USING btree ("product_id","customer_id","set_at");