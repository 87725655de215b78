CREATE INDEX "drivers_phone_idx" ON "drivers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "drivers_user_idx" ON "drivers" USING btree ("user_id") WHERE "drivers"."user_id" is not null;