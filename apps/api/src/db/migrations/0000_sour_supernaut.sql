CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token_hash" text NOT NULL,
	"user_token_hash" text NOT NULL,
	"login_mode" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"user_token_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_sessions_access_token_hash_unique" UNIQUE("access_token_hash"),
	CONSTRAINT "auth_sessions_user_token_hash_unique" UNIQUE("user_token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"sex" text DEFAULT 'unknown' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"theme_color" text DEFAULT '#1989fa' NOT NULL,
	"dark_mode" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'zh-cn' NOT NULL,
	"expression" text DEFAULT 'none' NOT NULL,
	"phone" text,
	"email" text,
	"pseudonym" text,
	"avatar" text,
	"profile" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");