CREATE TABLE "sandbox_registrar_pauses" (
	"bond_code" text PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "register_heads" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "register_heads" ADD COLUMN "paused_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evm_registrar_transactions" ADD COLUMN "replaced" jsonb DEFAULT '[]'::jsonb NOT NULL;