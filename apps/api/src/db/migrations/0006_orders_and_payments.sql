CREATE TABLE "discount_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"percent_basis_points" integer,
	"amount_cents" integer,
	"product_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "offer_subscriptions" (
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"orders" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_subscriptions_product_id_customer_id_pk" PRIMARY KEY("product_id","customer_id"),
	CONSTRAINT "offer_subscriptions_positive" CHECK ("offer_subscriptions"."total_cents" > 0 and "offer_subscriptions"."quantity" > 0 and "offer_subscriptions"."orders" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"original_unit_price" integer NOT NULL,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_value" text NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer,
	"number" text,
	"checkout_state" text DEFAULT 'cart' NOT NULL,
	"payment_state" text DEFAULT 'new' NOT NULL,
	"shipping_state" text DEFAULT 'ready' NOT NULL,
	"locale_code" text DEFAULT 'de' NOT NULL,
	"currency_code" text DEFAULT 'EUR' NOT NULL,
	"items_total" bigint DEFAULT 0 NOT NULL,
	"discount_code" text,
	"discount_total" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"statements" jsonb,
	"declarations" jsonb,
	"legal_docs_confirm_at" timestamp with time zone,
	"legal_docs_confirmed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"legal_docs_sent_at" timestamp with time zone,
	"checkout_completed_at" timestamp with time zone,
	"payment_due_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_tokenValue_unique" UNIQUE("token_value"),
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_totals_not_negative" CHECK ("orders"."items_total" >= 0 and "orders"."tax_total" >= 0 and "orders"."total" >= 0 and "orders"."discount_total" between 0 and "orders"."items_total")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"method_id" integer,
	"state" text DEFAULT 'new' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency_code" text DEFAULT 'EUR' NOT NULL,
	"payment_reference" text,
	"partner_payment_id" text,
	"partner_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_paymentReference_unique" UNIQUE("payment_reference"),
	CONSTRAINT "payments_partnerPaymentId_unique" UNIQUE("partner_payment_id")
);
--> statement-breakpoint
CREATE TABLE "bank_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"remittance_text" text,
	"structured_reference" text,
	"debtor_name" text,
	"debtor_iban" text,
	"booking_date" date NOT NULL,
	"value_date" date,
	"entry_reference" text NOT NULL,
	"statement_id" text,
	"status" text DEFAULT 'unmatched' NOT NULL,
	"matched_order_id" integer,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_credits_amount_positive" CHECK ("bank_credits"."amount_cents" > 0),
	CONSTRAINT "bank_credits_status_known" CHECK ("bank_credits"."status" in ('unmatched', 'matched', 'partial', 'excess', 'duplicate', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "card_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"payment_intent_id" text,
	"order_token" text,
	"amount_cents" bigint,
	"status" text NOT NULL,
	"last_event_id" text NOT NULL,
	"last_event_type" text NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_bank_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_reference" text NOT NULL,
	"event_id" text NOT NULL,
	"account_iban" text NOT NULL,
	"debtor_name" text NOT NULL,
	"debtor_iban" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"remittance_text" text,
	"booking_date" date NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "sandbox_bank_entries_amount_positive" CHECK ("sandbox_bank_entries"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"order_token" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"customer_email" text,
	"locale" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"challenge_code" text,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_sessions_amount_positive" CHECK ("sandbox_card_sessions"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "catalog_revision" ADD COLUMN "stock_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quantity_step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_subscriptions" ADD CONSTRAINT "offer_subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_subscriptions" ADD CONSTRAINT "offer_subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "order_items_order_id_index" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_one_line_per_variant" ON "order_items" USING btree ("order_id","variant_id");--> statement-breakpoint
CREATE INDEX "orders_customer_id_checkout_completed_at_index" ON "orders" USING btree ("customer_id","checkout_completed_at");--> statement-breakpoint
CREATE INDEX "orders_product_id_checkout_state_payment_state_index" ON "orders" USING btree ("product_id","checkout_state","payment_state");--> statement-breakpoint
CREATE INDEX "orders_payment_due_at_index" ON "orders" USING btree ("payment_due_at") WHERE "orders"."checkout_state" = 'completed' and "orders"."payment_state" = 'awaiting_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_cart_per_customer" ON "orders" USING btree ("customer_id") WHERE "orders"."checkout_state" in ('cart', 'addressed', 'payment_selected');--> statement-breakpoint
CREATE INDEX "payments_order_id_index" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_state_index" ON "payments" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_credits_entry_reference_unique" ON "bank_credits" USING btree ("entry_reference");--> statement-breakpoint
CREATE INDEX "bank_credits_status_idx" ON "bank_credits" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "bank_credits_order_idx" ON "bank_credits" USING btree ("matched_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_session_unique" ON "card_payments" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "card_payments_order_token_idx" ON "card_payments" USING btree ("order_token");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_entries_reference_unique" ON "sandbox_bank_entries" USING btree ("entry_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_entries_event_unique" ON "sandbox_bank_entries" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_sessions_intent_unique" ON "sandbox_card_sessions" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_sessions_idempotency_unique" ON "sandbox_card_sessions" USING btree ("idempotency_key");