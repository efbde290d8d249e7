CREATE TABLE "annotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"book" text NOT NULL,
	"chapter" integer NOT NULL,
	"verse_from" integer NOT NULL,
	"verse_to" integer NOT NULL,
	"color" text,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "annotations_span_idx" ON "annotations" USING btree ("user_id","kind","book","chapter","verse_from","verse_to");--> statement-breakpoint
CREATE INDEX "annotations_user_updated_idx" ON "annotations" USING btree ("user_id","updated_at");