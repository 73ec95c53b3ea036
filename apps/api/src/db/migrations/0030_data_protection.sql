CREATE TABLE "data_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"size" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"failure" text,
	CONSTRAINT "data_exports_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "erasure_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erasure_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"refusal_reason" text,
	"decided_by_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "erasure_requests_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "retained_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retained_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"erasure_request_id" integer NOT NULL,
	"category" text NOT NULL,
	"legal_basis" text NOT NULL,
	"retain_until" date,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"storage_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_decided_by_id_customers_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retained_records" ADD CONSTRAINT "retained_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retained_records" ADD CONSTRAINT "retained_records_erasure_request_id_erasure_requests_id_fk" FOREIGN KEY ("erasure_request_id") REFERENCES "public"."erasure_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_customer_id_requested_at_index" ON "data_exports" USING btree ("customer_id","requested_at");--> statement-breakpoint
CREATE INDEX "data_exports_state_expires_at_index" ON "data_exports" USING btree ("state","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_one_open" ON "erasure_requests" USING btree ("customer_id") WHERE "erasure_requests"."state" = 'requested';--> statement-breakpoint
CREATE INDEX "erasure_requests_state_requested_at_index" ON "erasure_requests" USING btree ("state","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "retained_records_customer_category" ON "retained_records" USING btree ("customer_id","category");--> statement-breakpoint
CREATE INDEX "retained_records_retain_until_index" ON "retained_records" USING btree ("retain_until") WHERE "retained_records"."purged_at" is null;