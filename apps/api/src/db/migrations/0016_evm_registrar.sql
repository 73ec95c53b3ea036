CREATE TABLE "evm_registrar_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evm_registrar_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"instruction_key" text,
	"action" text NOT NULL,
	"bond_code" text NOT NULL,
	"contract_address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"agent_address" text NOT NULL,
	"nonce" integer NOT NULL,
	"transaction_hash" text NOT NULL,
	"raw_transaction" text NOT NULL,
	"status" text DEFAULT 'signed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "evm_registrar_transactions_nonce_positive" CHECK ("evm_registrar_transactions"."nonce" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "evm_registrar_transactions_key" ON "evm_registrar_transactions" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "evm_registrar_transactions_nonce" ON "evm_registrar_transactions" USING btree ("chain_id","agent_address","nonce");--> statement-breakpoint
CREATE INDEX "evm_registrar_transactions_bond_code_action_index" ON "evm_registrar_transactions" USING btree ("bond_code","action");