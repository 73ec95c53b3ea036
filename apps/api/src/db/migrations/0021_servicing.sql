CREATE TABLE "bond_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bond_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"period_index" integer NOT NULL,
	"terms_version" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"payment_date" date NOT NULL,
	"record_date" date NOT NULL,
	"status" text DEFAULT 'prepared' NOT NULL,
	"accrual_fraction" text NOT NULL,
	"outstanding_tokens" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_cents" bigint NOT NULL,
	"remainder_cents" bigint NOT NULL,
	"holders" jsonb NOT NULL,
	"prepared_by" integer NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"booked_on" date NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"tokens" bigint NOT NULL,
	"payout_date" date NOT NULL,
	"period_start" date,
	"period_end" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bond_terms" ADD CONSTRAINT "bond_terms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bond_terms" ADD CONSTRAINT "bond_terms_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_runs" ADD CONSTRAINT "coupon_runs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_runs" ADD CONSTRAINT "coupon_runs_prepared_by_customers_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_runs" ADD CONSTRAINT "coupon_runs_approved_by_customers_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_coupon_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."coupon_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bond_terms_version" ON "bond_terms" USING btree ("product_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_runs_period" ON "coupon_runs" USING btree ("product_id","period_index");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_run_customer" ON "payouts" USING btree ("run_id","customer_id");--> statement-breakpoint
CREATE INDEX "payouts_customer_id_payout_date_id_index" ON "payouts" USING btree ("customer_id","payout_date","id");--> statement-breakpoint
-- The servicing ledger is append-only (convention 8): a wrong posting is corrected by a new one; the
-- database refuses UPDATE, DELETE and TRUNCATE of its rows.
CREATE FUNCTION "refuse_ledger_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_postings is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings" FOR EACH ROW EXECUTE FUNCTION "refuse_ledger_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_ledger_change"();
