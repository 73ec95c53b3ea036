CREATE TABLE "referral_commissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"referred_customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'accrued' NOT NULL,
	"posting_id" text NOT NULL,
	"booked_on" date NOT NULL,
	"paid_at" timestamp with time zone,
	"statement_id" integer,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_commissions_amount" CHECK ("referral_commissions"."amount_cents" > 0),
	CONSTRAINT "referral_commissions_order" CHECK (("referral_commissions"."kind" = 'paid_order') = ("referral_commissions"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "referral_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"payout_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_statements_total" CHECK ("referral_statements"."total_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "run_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_partner_id_customers_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_referred_customer_id_customers_id_fk" FOREIGN KEY ("referred_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_statement_id_referral_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."referral_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_statements" ADD CONSTRAINT "referral_statements_partner_id_customers_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_statements" ADD CONSTRAINT "referral_statements_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_statements" ADD CONSTRAINT "referral_statements_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commissions_customer_once" ON "referral_commissions" USING btree ("referred_customer_id") WHERE "referral_commissions"."kind" = 'registered_customer';--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commissions_order_once" ON "referral_commissions" USING btree ("order_id") WHERE "referral_commissions"."kind" = 'paid_order';--> statement-breakpoint
CREATE INDEX "referral_commissions_partner_id_status_index" ON "referral_commissions" USING btree ("partner_id","status");--> statement-breakpoint
CREATE INDEX "referral_statements_partner_id_id_index" ON "referral_statements" USING btree ("partner_id","id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_product" CHECK (("payouts"."type" = 'commission' and "payouts"."run_id" is null and "payouts"."product_id" is null) or ("payouts"."type" <> 'commission' and "payouts"."run_id" is not null and "payouts"."product_id" is not null));