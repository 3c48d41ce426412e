CREATE TABLE "file_reviews" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"record" jsonb NOT NULL,
	"base_version" text NOT NULL,
	"job_id" uuid
);
--> statement-breakpoint
CREATE TABLE "review_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"author_id" uuid,
	"action" text NOT NULL,
	"path" text NOT NULL,
	"target" jsonb NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"base_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	CONSTRAINT "review_corrections_action_check" CHECK ("review_corrections"."action" in ('set','add_row','delete_row'))
);
--> statement-breakpoint
ALTER TABLE "file_reviews" ADD CONSTRAINT "file_reviews_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_reviews" ADD CONSTRAINT "file_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_reviews" ADD CONSTRAINT "file_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_corrections" ADD CONSTRAINT "review_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_corrections" ADD CONSTRAINT "review_corrections_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_corrections" ADD CONSTRAINT "review_corrections_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_corrections" ADD CONSTRAINT "review_corrections_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_reviews_user_idx" ON "file_reviews" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_corrections_user_file_idx" ON "review_corrections" USING btree ("user_id","file_id","created_at");