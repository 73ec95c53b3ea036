CREATE TABLE "sandbox_bank_debits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_bank_debits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_reference" text NOT NULL,
	"message_id" text NOT NULL,
	"payment_info_id" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"account_iban" text NOT NULL,
	"debtor_name" text NOT NULL,
	"creditor_name" text NOT NULL,
	"creditor_iban" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"remittance_text" text,
	"requested_execution_date" date NOT NULL,
	"booking_date" date NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"return_reason" text,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_debits_amount_positive" CHECK ("sandbox_bank_debits"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "coupon_runs" ALTER COLUMN "prepared_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_runs" ADD COLUMN "kind" text DEFAULT 'coupon' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_runs" ADD COLUMN "redemption_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "nominal_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_debits_reference_unique" ON "sandbox_bank_debits" USING btree ("entry_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_debits_end_to_end_unique" ON "sandbox_bank_debits" USING btree ("end_to_end_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_nominal" CHECK ("payouts"."nominal_cents" >= 0 and "payouts"."nominal_cents" <= "payouts"."amount_cents");