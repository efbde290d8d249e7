CREATE TABLE "books" (
	"version_id" integer NOT NULL,
	"code" text NOT NULL,
	"order" integer NOT NULL,
	"testament" text NOT NULL,
	"chapters" integer NOT NULL,
	"names" jsonb NOT NULL,
	"zh_catholic" jsonb,
	"abbr" jsonb,
	CONSTRAINT "books_version_id_code_pk" PRIMARY KEY("version_id","code")
);
--> statement-breakpoint
CREATE TABLE "corpus_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"current_version_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corpus_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"status" text NOT NULL,
	"index_dir" text,
	"stats" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cross_references" (
	"version_id" integer NOT NULL,
	"from_book" text NOT NULL,
	"from_chapter" smallint NOT NULL,
	"from_verse" smallint NOT NULL,
	"to_ref" text NOT NULL,
	"votes" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devotionals" (
	"version_id" integer NOT NULL,
	"id" text NOT NULL,
	"month" smallint NOT NULL,
	"day" smallint NOT NULL,
	"period" text NOT NULL,
	"title" text NOT NULL,
	"scripture" text NOT NULL,
	"refs" jsonb NOT NULL,
	"lang" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "devotionals_version_id_id_pk" PRIMARY KEY("version_id","id")
);
--> statement-breakpoint
CREATE TABLE "reading_plan_days" (
	"version_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"day" smallint NOT NULL,
	"month" smallint NOT NULL,
	"day_of_month" smallint NOT NULL,
	"readings" jsonb NOT NULL,
	"refs" jsonb NOT NULL,
	CONSTRAINT "reading_plan_days_version_id_plan_id_day_pk" PRIMARY KEY("version_id","plan_id","day")
);
--> statement-breakpoint
CREATE TABLE "reference_entries" (
	"version_id" integer NOT NULL,
	"id" text NOT NULL,
	"collection" text NOT NULL,
	"title" text NOT NULL,
	"lang" text NOT NULL,
	"refs" jsonb NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "reference_entries_version_id_id_pk" PRIMARY KEY("version_id","id")
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"version_id" integer NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"tradition" text NOT NULL,
	"license" text NOT NULL,
	"source" text NOT NULL,
	"year" integer,
	"notes" text,
	"verse_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "translations_version_id_id_pk" PRIMARY KEY("version_id","id")
);
--> statement-breakpoint
CREATE TABLE "verses" (
	"version_id" integer NOT NULL,
	"translation" text NOT NULL,
	"book" text NOT NULL,
	"chapter" smallint NOT NULL,
	"verse" smallint NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "verses_version_id_translation_book_chapter_verse_pk" PRIMARY KEY("version_id","translation","book","chapter","verse")
);
--> statement-breakpoint
ALTER TABLE "corpus_state" ADD CONSTRAINT "corpus_state_current_version_id_corpus_versions_id_fk" FOREIGN KEY ("current_version_id") REFERENCES "public"."corpus_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cross_references_from_idx" ON "cross_references" USING btree ("version_id","from_book","from_chapter","from_verse");--> statement-breakpoint
CREATE INDEX "devotionals_date_idx" ON "devotionals" USING btree ("version_id","month","day");--> statement-breakpoint
CREATE INDEX "reference_entries_collection_idx" ON "reference_entries" USING btree ("version_id","collection");