-- Tangany Custody API 2.0 (issue 21, decision 030): the sandbox custodian keeps customers before their
-- wallets, each wallet's Tangany name, customer and securityLevel, and the request ids it answered
-- (tangany-request-id: the first answer, its endpoint and a digest of its body).
CREATE TABLE "sandbox_custody_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"person" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_custody_requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"body_digest" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_custody_wallets" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "sandbox_custody_wallets" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_custody_wallets" ADD COLUMN "security_level" integer;--> statement-breakpoint
ALTER TABLE "sandbox_custody_wallets" ADD CONSTRAINT "sandbox_custody_wallets_name_unique" UNIQUE("name");
