-- The driver list's debts for a page of drivers read their unpaid recipes only (not the whole
-- park's unpaid index), from the index alone.
CREATE INDEX "recipes_driver_unpaid_idx" ON "recipes" USING btree ("driver_id","day") INCLUDE ("park_id","kind","objective","collected") WHERE "recipes"."deleted_at" is null and "recipes"."paid_at" is null;
