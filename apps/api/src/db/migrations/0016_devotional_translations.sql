CREATE TABLE "devotional_translations" (
	"devotional_id" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"source_hash" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devotional_translations_devotional_id_language_pk" PRIMARY KEY("devotional_id","language")
);
