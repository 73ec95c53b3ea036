-- Stripe attempts and refunds (issue 21, decision 028): a card checkout opens each attempt's session under
-- its own idempotency key (the attempt and a digest of its parameters); what the card partner reports
-- refunded of a payment is kept in cents; the sandbox card provider keeps its idempotency keys as
-- Stripe does (first answer, endpoint and parameters, 24 hours), so a key may come back after a day.
CREATE TABLE "sandbox_card_requests" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"params_digest" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "sandbox_card_sessions_idempotency_unique";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_checkout_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_checkout_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_card_requests_created_idx" ON "sandbox_card_requests" USING btree ("created_at");
