CREATE TABLE "contract_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"profile_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_instalments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"due_time" text,
	"amount" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"paid_at" timestamp with time zone,
	"recipe_id" uuid,
	"fund_movement_id" uuid,
	"paid_by" uuid,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contract_signatures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"profile_id" uuid,
	"signer_name" text NOT NULL,
	"document_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"park_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"contract_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"vehicle_contract_type_id" integer,
	"vehicle_id" uuid NOT NULL,
	"vehicle_owner_id" uuid,
	"driver_id" uuid,
	"total_amount" bigint NOT NULL,
	"frequency_amount" bigint NOT NULL,
	"payment_frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text,
	"next_due_date" date,
	"total_paid" bigint DEFAULT 0 NOT NULL,
	"remaining_amount" bigint NOT NULL,
	"clauses" text,
	"description" text,
	"document_version" integer DEFAULT 0 NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"cancel_debt_mode" text,
	"paid_off_at" timestamp with time zone,
	"new_owner_id" uuid,
	"handover_confirmed_at" timestamp with time zone,
	"handover_confirmed_by" uuid,
	"expired_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_instalments" ADD CONSTRAINT "contract_instalments_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_instalments" ADD CONSTRAINT "contract_instalments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_instalments" ADD CONSTRAINT "contract_instalments_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_instalments" ADD CONSTRAINT "contract_instalments_fund_movement_id_fund_movements_id_fk" FOREIGN KEY ("fund_movement_id") REFERENCES "public"."fund_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_instalments" ADD CONSTRAINT "contract_instalments_paid_by_profiles_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_vehicle_contract_type_id_vehicle_contract_types_id_fk" FOREIGN KEY ("vehicle_contract_type_id") REFERENCES "public"."vehicle_contract_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_vehicle_owner_id_vehicle_owners_id_fk" FOREIGN KEY ("vehicle_owner_id") REFERENCES "public"."vehicle_owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_signed_by_profiles_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_cancelled_by_profiles_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_new_owner_id_vehicle_owners_id_fk" FOREIGN KEY ("new_owner_id") REFERENCES "public"."vehicle_owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_handover_confirmed_by_profiles_id_fk" FOREIGN KEY ("handover_confirmed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_documents_version_key" ON "contract_documents" USING btree ("contract_id","version");--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_instalments_seq_key" ON "contract_instalments" USING btree ("contract_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_instalments_recipe_key" ON "contract_instalments" USING btree ("recipe_id") WHERE "contract_instalments"."recipe_id" is not null;--> statement-breakpoint
CREATE INDEX "contract_instalments_open_idx" ON "contract_instalments" USING btree ("park_id","due_date") WHERE "contract_instalments"."status" = 'due';--> statement-breakpoint
CREATE INDEX "contract_signatures_contract_idx" ON "contract_signatures" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_park_number_key" ON "contracts" USING btree ("park_id","number");--> statement-breakpoint
CREATE INDEX "contracts_park_created_idx" ON "contracts" USING btree ("park_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_park_status_idx" ON "contracts" USING btree ("park_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_vehicle_idx" ON "contracts" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "contracts_driver_idx" ON "contracts" USING btree ("driver_id") WHERE "contracts"."driver_id" is not null;--> statement-breakpoint
CREATE INDEX "contracts_owner_idx" ON "contracts" USING btree ("vehicle_owner_id") WHERE "contracts"."vehicle_owner_id" is not null;--> statement-breakpoint
-- Parks whose chart predates contracts get its two coded sub-accounts: the hire-purchase revenue
-- under "Revenus d'exploitation" (or the oldest revenue category), the owners' payments under a new
-- "Propriétaires partenaires" category. New parks get both with the default chart.
insert into pnl_accounts (id, park_id, parent_id, name, type, code, is_default, depth)
select gen_random_uuid(), p.id,
       (select a.id from pnl_accounts a where a.park_id = p.id and a.type = 'profit' and a.depth = 1
         order by (a.name = 'Revenus d''exploitation') desc, a.created_at, a.id limit 1),
       'Location-vente (contrats chauffeurs)', 'profit', 'contract_driver', true, 2
  from parks p
 where exists (select 1 from pnl_accounts a where a.park_id = p.id and a.type = 'profit' and a.depth = 1)
   and not exists (select 1 from pnl_accounts a where a.park_id = p.id and a.code = 'contract_driver')
on conflict do nothing;
--> statement-breakpoint
insert into pnl_accounts (id, park_id, parent_id, name, type, code, is_default, depth)
select gen_random_uuid(), p.id, null, 'Propriétaires partenaires', 'perte', null, true, 1
  from parks p
 where exists (select 1 from pnl_accounts a where a.park_id = p.id)
   and not exists (select 1 from pnl_accounts a where a.park_id = p.id and a.code = 'contract_partner')
on conflict do nothing;
--> statement-breakpoint
insert into pnl_accounts (id, park_id, parent_id, name, type, code, is_default, depth)
select gen_random_uuid(), c.park_id, c.id, 'Paiements aux propriétaires', 'perte', 'contract_partner', true, 2
  from pnl_accounts c
 where c.parent_id is null and c.type = 'perte' and c.name = 'Propriétaires partenaires'
   and not exists (select 1 from pnl_accounts a where a.park_id = c.park_id and a.code = 'contract_partner')
on conflict do nothing;
