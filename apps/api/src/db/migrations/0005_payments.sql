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
CREATE UNIQUE INDEX "bank_credits_entry_reference_unique" ON "bank_credits" USING btree ("entry_reference");--> statement-breakpoint
CREATE INDEX "bank_credits_status_idx" ON "bank_credits" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "bank_credits_order_idx" ON "bank_credits" USING btree ("matched_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_session_unique" ON "card_payments" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "card_payments_order_token_idx" ON "card_payments" USING btree ("order_token");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_entries_reference_unique" ON "sandbox_bank_entries" USING btree ("entry_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_entries_event_unique" ON "sandbox_bank_entries" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_sessions_intent_unique" ON "sandbox_card_sessions" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_sessions_idempotency_unique" ON "sandbox_card_sessions" USING btree ("idempotency_key");