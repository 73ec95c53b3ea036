-- Tangany Customers API entities (decision 030): the sandbox custodian keeps natural and legal persons
-- before the customer that relates them, and checks them as Tangany does.
CREATE TABLE "sandbox_custody_entities" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
