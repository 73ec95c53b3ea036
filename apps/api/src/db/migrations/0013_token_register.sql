CREATE TABLE "bond_whitelist" (
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"source" text NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bond_whitelist_product_id_customer_id_pk" PRIMARY KEY("product_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "register_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "register_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"from_customer_id" integer,
	"to_customer_id" integer,
	"amount" integer NOT NULL,
	"cause" jsonb NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"transaction_hash" text,
	"block_time" timestamp with time zone,
	"from_address" text,
	"to_address" text,
	"instruction_id" bigint,
	CONSTRAINT "register_entries_amount_positive" CHECK ("register_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "register_excerpts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "register_excerpts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"type" text NOT NULL,
	"locale" text NOT NULL,
	"from_sequence" integer NOT NULL,
	"through_sequence" integer NOT NULL,
	"balance" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_excerpts_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "register_heads" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	"last_hash" text NOT NULL,
	"minted" bigint DEFAULT 0 NOT NULL,
	"burned" bigint DEFAULT 0 NOT NULL,
	"holders" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_heads_supply" CHECK ("register_heads"."minted" >= "register_heads"."burned")
);
--> statement-breakpoint
CREATE TABLE "register_holdings" (
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"pending_out" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_holdings_product_id_customer_id_pk" PRIMARY KEY("product_id","customer_id"),
	CONSTRAINT "register_holdings_balance" CHECK ("register_holdings"."balance" >= 0),
	CONSTRAINT "register_holdings_pending" CHECK ("register_holdings"."pending_out" >= 0 and "register_holdings"."pending_out" <= "register_holdings"."balance")
);
--> statement-breakpoint
CREATE TABLE "registrar_instructions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registrar_instructions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_customer_id" integer,
	"to_customer_id" integer,
	"from_address" text,
	"to_address" text,
	"amount" integer NOT NULL,
	"cause" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"refusal_reason" text,
	"transaction_hash" text,
	"block_time" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "registrar_instructions_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "registrar_instructions_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "registrar_instructions_amount_positive" CHECK ("registrar_instructions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "token_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"sender_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"beneficiary" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refusal_reason" text,
	"instruction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "token_transfers_amount_positive" CHECK ("token_transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bond_whitelist" ADD CONSTRAINT "bond_whitelist_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bond_whitelist" ADD CONSTRAINT "bond_whitelist_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bond_whitelist" ADD CONSTRAINT "bond_whitelist_added_by_customers_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_from_customer_id_customers_id_fk" FOREIGN KEY ("from_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_to_customer_id_customers_id_fk" FOREIGN KEY ("to_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_entries" ADD CONSTRAINT "register_entries_instruction_id_registrar_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."registrar_instructions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_excerpts" ADD CONSTRAINT "register_excerpts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_excerpts" ADD CONSTRAINT "register_excerpts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_heads" ADD CONSTRAINT "register_heads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_holdings" ADD CONSTRAINT "register_holdings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_holdings" ADD CONSTRAINT "register_holdings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrar_instructions" ADD CONSTRAINT "registrar_instructions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrar_instructions" ADD CONSTRAINT "registrar_instructions_from_customer_id_customers_id_fk" FOREIGN KEY ("from_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrar_instructions" ADD CONSTRAINT "registrar_instructions_to_customer_id_customers_id_fk" FOREIGN KEY ("to_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_sender_id_customers_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_receiver_id_customers_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_instruction_id_registrar_instructions_id_fk" FOREIGN KEY ("instruction_id") REFERENCES "public"."registrar_instructions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bond_whitelist_customer_id_index" ON "bond_whitelist" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "register_entries_sequence" ON "register_entries" USING btree ("product_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "register_entries_instruction" ON "register_entries" USING btree ("instruction_id");--> statement-breakpoint
CREATE INDEX "register_entries_from_customer_id_product_id_sequence_index" ON "register_entries" USING btree ("from_customer_id","product_id","sequence");--> statement-breakpoint
CREATE INDEX "register_entries_to_customer_id_product_id_sequence_index" ON "register_entries" USING btree ("to_customer_id","product_id","sequence");--> statement-breakpoint
CREATE INDEX "register_excerpts_customer_id_created_at_index" ON "register_excerpts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "register_excerpts_after_entry" ON "register_excerpts" USING btree ("customer_id","product_id","through_sequence") WHERE "register_excerpts"."type" = 'after_transaction';--> statement-breakpoint
CREATE INDEX "register_holdings_customer_id_index" ON "register_holdings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "registrar_instructions_product_id_status_index" ON "registrar_instructions" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "registrar_instructions_submitted_at_index" ON "registrar_instructions" USING btree ("submitted_at") WHERE "registrar_instructions"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "token_transfers_sender_id_created_at_index" ON "token_transfers" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "token_transfers_receiver_id_created_at_index" ON "token_transfers" USING btree ("receiver_id","created_at");--> statement-breakpoint
-- The register journal is append-only (eWpG: a wrong entry is reversed by a new one): the database
-- refuses UPDATE, DELETE and TRUNCATE of its rows, whoever asks. The chain check finds what gets past it.
CREATE FUNCTION "refuse_register_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'register_entries is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "register_entries_append_only" BEFORE UPDATE OR DELETE ON "register_entries" FOR EACH ROW EXECUTE FUNCTION "refuse_register_change"();--> statement-breakpoint
CREATE TRIGGER "register_entries_no_truncate" BEFORE TRUNCATE ON "register_entries" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_register_change"();
