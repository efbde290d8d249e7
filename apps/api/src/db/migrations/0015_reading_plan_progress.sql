CREATE TABLE "plan_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"start_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_progress" (
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"day" smallint NOT NULL,
	"reading" smallint NOT NULL,
	"read_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_progress_user_id_plan_id_day_reading_pk" PRIMARY KEY("user_id","plan_id","day","reading")
);
--> statement-breakpoint
ALTER TABLE "plan_enrollments" ADD CONSTRAINT "plan_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_progress" ADD CONSTRAINT "plan_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_enrollments_user_plan_idx" ON "plan_enrollments" USING btree ("user_id","plan_id");--> statement-breakpoint
CREATE INDEX "plan_progress_read_on_idx" ON "plan_progress" USING btree ("user_id","plan_id","read_on");