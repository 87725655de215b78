CREATE TABLE "signups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"ets_name" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text NOT NULL,
	"park_name" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"secret_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"contact_known" boolean DEFAULT false NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"pending_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text;--> statement-breakpoint
CREATE INDEX "signups_pending_until_idx" ON "signups" USING btree ("pending_until");