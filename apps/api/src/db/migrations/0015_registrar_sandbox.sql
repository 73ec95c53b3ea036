CREATE TABLE "sandbox_registrar_balances" (
	"bond_code" text NOT NULL,
	"address" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_registrar_balances_bond_code_address_pk" PRIMARY KEY("bond_code","address"),
	CONSTRAINT "sandbox_registrar_balances_not_negative" CHECK ("sandbox_registrar_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_registrar_instructions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_registrar_instructions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"bond_code" text NOT NULL,
	"token_id" text,
	"from_address" text,
	"to_address" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"confirm_after" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"event_id" text,
	"block_number" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "sandbox_registrar_instructions_amount_positive" CHECK ("sandbox_registrar_instructions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_registrar_transactions" (
	"block_number" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_registrar_transactions_block_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"instruction_key" text NOT NULL,
	"bond_code" text NOT NULL,
	"kind" text NOT NULL,
	"from_address" text,
	"to_address" text,
	"amount" integer NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_registrar_transactions_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_registrar_instructions_key" ON "sandbox_registrar_instructions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "sandbox_registrar_instructions_status_received_at_index" ON "sandbox_registrar_instructions" USING btree ("status","received_at");