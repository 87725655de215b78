CREATE TABLE "pnl_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"code" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"depth" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pnl_accounts" ADD CONSTRAINT "pnl_accounts_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnl_accounts" ADD CONSTRAINT "pnl_accounts_parent_id_pnl_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pnl_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pnl_accounts_park_idx" ON "pnl_accounts" USING btree ("park_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "pnl_accounts_code_uq" ON "pnl_accounts" USING btree ("park_id","code") WHERE "pnl_accounts"."code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pnl_accounts_name_uq" ON "pnl_accounts" USING btree ("park_id","type",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));