CREATE TABLE "page_view_counts" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_counts_day_path_pk" PRIMARY KEY("day","path"),
	CONSTRAINT "page_view_counts_views_check" CHECK ("page_view_counts"."views" >= 0),
	CONSTRAINT "page_view_counts_path_check" CHECK (char_length("page_view_counts"."path") BETWEEN 1 AND 160)
);
