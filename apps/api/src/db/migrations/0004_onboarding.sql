CREATE TABLE "answered_questionnaires" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answered_questionnaires_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"version" text NOT NULL,
	"answers" jsonb NOT NULL,
	"grade" integer NOT NULL,
	"result" text NOT NULL,
	"warnings_shown" text[] DEFAULT '{}'::text[] NOT NULL,
	"warnings_acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "compliance_audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compliance_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"reason" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"scope" text DEFAULT 'customer' NOT NULL,
	"type" text NOT NULL,
	"purpose" text NOT NULL,
	"issued_at" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"partner_result" text,
	"url_kyc_start" text NOT NULL,
	"result" jsonb,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_customer_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_customer_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"data" jsonb NOT NULL,
	"migrated_at" timestamp with time zone,
	"customer_id" integer,
	CONSTRAINT "legacy_customer_records_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "partner_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "professional_request_files" (
	"request_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"criterion" text NOT NULL,
	CONSTRAINT "professional_request_files_request_id_file_id_pk" PRIMARY KEY("request_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "professional_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "professional_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_custody_wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"address" text NOT NULL,
	"encrypted_private_key" text NOT NULL,
	"registrar_status" text DEFAULT 'approval_required' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_custody_wallets_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"person" jsonb NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "stored_files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "ubo_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ubo_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"type" text DEFAULT 'natural' NOT NULL,
	"roles" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_user" boolean DEFAULT false NOT NULL,
	"first_name" text,
	"last_name" text,
	"birth_date" date,
	"birth_place" text,
	"street" text,
	"postcode" text,
	"city" text,
	"country" text,
	"nationality" text,
	"pep" boolean DEFAULT false NOT NULL,
	"equity_shares" integer,
	"voting_shares" integer,
	"company_name" text,
	"company_type" text,
	"register_number" text,
	"representative_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"member_of_representative_body" boolean DEFAULT false NOT NULL,
	"fictitious_beneficial_owner" boolean DEFAULT false NOT NULL,
	"power_of_attorney" boolean DEFAULT false NOT NULL,
	"pays_church_tax" boolean DEFAULT false NOT NULL,
	"representative_sent_at" timestamp with time zone,
	"held_through_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"default_wallet" boolean DEFAULT false NOT NULL,
	"provider" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "follow_up_message" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "follow_up_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birth_city" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "birth_country" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "not_pep" boolean;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "acting_on_own_account" boolean;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "representative_confirmation" boolean;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "representative_role" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pays_church_tax" boolean;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bic" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "beneficiary" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_country" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_currency" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "registry_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "court" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "founding_date" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "eth_address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "migration_state" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "migration_error" text;--> statement-breakpoint
ALTER TABLE "answered_questionnaires" ADD CONSTRAINT "answered_questionnaires_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_audit_log" ADD CONSTRAINT "compliance_audit_log_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_audit_log" ADD CONSTRAINT "compliance_audit_log_actor_id_customers_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_customer_records" ADD CONSTRAINT "legacy_customer_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_request_files" ADD CONSTRAINT "professional_request_files_request_id_professional_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."professional_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_request_files" ADD CONSTRAINT "professional_request_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_requests" ADD CONSTRAINT "professional_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_requests" ADD CONSTRAINT "professional_requests_decided_by_id_customers_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ubo_users" ADD CONSTRAINT "ubo_users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ubo_users" ADD CONSTRAINT "ubo_users_held_through_id_ubo_users_id_fk" FOREIGN KEY ("held_through_id") REFERENCES "public"."ubo_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answered_questionnaires_customer_id_type_index" ON "answered_questionnaires" USING btree ("customer_id","type");--> statement-breakpoint
CREATE INDEX "compliance_audit_log_customer_id_created_at_index" ON "compliance_audit_log" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_documents_customer_id_purpose_index" ON "customer_documents" USING btree ("customer_id","purpose");--> statement-breakpoint
CREATE INDEX "identifications_customer_id_created_at_index" ON "identifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identifications_provider_external_unique" ON "identifications" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_events_provider_event_unique" ON "partner_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "professional_requests_customer_id_index" ON "professional_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "professional_requests_one_open" ON "professional_requests" USING btree ("customer_id") WHERE "professional_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "stored_files_customer_id_index" ON "stored_files" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "ubo_users_customer_id_index" ON "ubo_users" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "wallets_customer_id_index" ON "wallets" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_unique" ON "wallets" USING btree (lower("address"));--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_one_default" ON "wallets" USING btree ("customer_id") WHERE "wallets"."default_wallet";--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_one_custody" ON "wallets" USING btree ("customer_id") WHERE "wallets"."type" = 'custody';--> statement-breakpoint
CREATE FUNCTION "refuse_audit_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'compliance_audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "compliance_audit_log_append_only" BEFORE UPDATE OR DELETE ON "compliance_audit_log" FOR EACH ROW EXECUTE FUNCTION "refuse_audit_change"();--> statement-breakpoint
CREATE TRIGGER "compliance_audit_log_no_truncate" BEFORE TRUNCATE ON "compliance_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_audit_change"();
