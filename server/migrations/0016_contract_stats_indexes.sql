CREATE INDEX "contracts_stats_idx" ON "contracts" USING btree ("park_id","status","contract_type") INCLUDE ("total_amount","total_paid","remaining_amount","vehicle_id","driver_id");--> statement-breakpoint
-- This month's unpaid instalments are read from the index alone (one heap page per instalment
-- otherwise: a contract's instalments sit together, a month's are spread over the table).
DROP INDEX "contract_instalments_open_idx";--> statement-breakpoint
CREATE INDEX "contract_instalments_open_idx" ON "contract_instalments" USING btree ("park_id","due_date") INCLUDE ("contract_id","amount","paid_amount") WHERE "contract_instalments"."status" = 'due';
