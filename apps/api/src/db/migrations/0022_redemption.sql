ALTER TABLE "coupon_runs" ALTER COLUMN "prepared_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_runs" ADD COLUMN "kind" text DEFAULT 'coupon' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_runs" ADD COLUMN "redemption_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "nominal_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_nominal" CHECK ("payouts"."nominal_cents" >= 0 and "payouts"."nominal_cents" <= "payouts"."amount_cents");