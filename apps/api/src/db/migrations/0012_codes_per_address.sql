ALTER TABLE "users" ADD COLUMN "code_requests_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "requested_from" text;