ALTER TABLE "messages" ADD COLUMN "rating_reason" text;--> statement-breakpoint
ALTER TABLE "account_measures" ADD COLUMN "lift_reason" text;--> statement-breakpoint
ALTER TABLE "account_measures" ADD COLUMN "lifted_by" uuid;