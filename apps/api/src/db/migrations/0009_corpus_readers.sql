CREATE TABLE "corpus_readers" (
	"instance_id" text NOT NULL,
	"version_id" integer NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corpus_readers_instance_id_version_id_pk" PRIMARY KEY("instance_id","version_id")
);
--> statement-breakpoint
CREATE INDEX "corpus_readers_version_idx" ON "corpus_readers" USING btree ("version_id");--> statement-breakpoint
-- Index locations become names relative to the shared index directory: a path of one machine read on another (or
-- from a copied DATA_DIR) pointed at someone else's files. `/srv/app/data/index/v3` becomes `v3`.
UPDATE "corpus_versions" SET "index_dir" = regexp_replace("index_dir", '^.*/', '') WHERE "index_dir" LIKE '/%';
