CREATE TABLE "chunking_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"job_id" uuid,
	"ocr_result_id" uuid,
	"chunking_strategy" text NOT NULL,
	"max_chunk_size" integer NOT NULL,
	"overlap_size" integer DEFAULT 0 NOT NULL,
	"window_size" integer,
	"model" text,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"chunk_type" text NOT NULL,
	"content" text NOT NULL,
	"character_count" integer NOT NULL,
	"chunking_strategy" text NOT NULL,
	"approximate_token_count" integer NOT NULL,
	"page_number" integer NOT NULL,
	"start_position" integer NOT NULL,
	"end_position" integer NOT NULL,
	"start_line" integer NOT NULL,
	"end_line" integer NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chunks_type_check" CHECK ("chunks"."chunk_type" in ('text','table')),
	CONSTRAINT "chunks_lines_check" CHECK ("chunks"."start_line" >= 1 and "chunks"."end_line" >= "chunks"."start_line")
);
--> statement-breakpoint
CREATE TABLE "job_dependencies" (
	"job_id" uuid NOT NULL,
	"depends_on_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_dependencies_job_id_depends_on_id_pk" PRIMARY KEY("job_id","depends_on_id"),
	CONSTRAINT "job_dependencies_not_self" CHECK ("job_dependencies"."job_id" <> "job_dependencies"."depends_on_id")
);
--> statement-breakpoint
CREATE TABLE "job_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"sub_phase" text,
	"event_type" text DEFAULT 'progress' NOT NULL,
	"message" text NOT NULL,
	"progress_percentage" double precision,
	"current_value" double precision,
	"total_value" double precision,
	"units" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_events_type_check" CHECK ("job_events"."event_type" in ('progress','error','success'))
);
--> statement-breakpoint
CREATE TABLE "job_steps" (
	"job_id" uuid NOT NULL,
	"name" text NOT NULL,
	"output" jsonb,
	"attempt" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_steps_job_id_name_pk" PRIMARY KEY("job_id","name")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"job_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"parent_id" uuid,
	"root_id" uuid,
	"file_id" uuid,
	"dataset_id" uuid,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress_percentage" double precision DEFAULT 0 NOT NULL,
	"results_summary" jsonb,
	"error_message" text,
	"error_details" jsonb,
	"credit_cost" integer DEFAULT 0 NOT NULL,
	"billed" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_token" uuid,
	"lease_expires_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"waiting" boolean DEFAULT false NOT NULL,
	"cancel_requested_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending','queued','running','completed','failed','cancelled')),
	CONSTRAINT "jobs_progress_check" CHECK ("jobs"."progress_percentage" >= 0 and "jobs"."progress_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "ocr_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"job_id" uuid,
	"success" boolean NOT NULL,
	"error" text,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"markdown" text DEFAULT '' NOT NULL,
	"text_length" integer DEFAULT 0 NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"engine" text,
	"confidence" double precision,
	"processing_time" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunking_runs" ADD CONSTRAINT "chunking_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunking_runs" ADD CONSTRAINT "chunking_runs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunking_runs" ADD CONSTRAINT "chunking_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunking_runs" ADD CONSTRAINT "chunking_runs_ocr_result_id_ocr_results_id_fk" FOREIGN KEY ("ocr_result_id") REFERENCES "public"."ocr_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_run_id_chunking_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."chunking_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_dependencies" ADD CONSTRAINT "job_dependencies_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_dependencies" ADD CONSTRAINT "job_dependencies_depends_on_id_jobs_id_fk" FOREIGN KEY ("depends_on_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_events" ADD CONSTRAINT "job_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_steps" ADD CONSTRAINT "job_steps_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_parent_id_jobs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_results" ADD CONSTRAINT "ocr_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_results" ADD CONSTRAINT "ocr_results_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_results" ADD CONSTRAINT "ocr_results_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chunking_runs_file_idx" ON "chunking_runs" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chunking_runs_one_active" ON "chunking_runs" USING btree ("file_id") WHERE "chunking_runs"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "chunking_runs_job_key" ON "chunking_runs" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "chunks_run_idx" ON "chunks" USING btree ("run_id","chunk_index");--> statement-breakpoint
CREATE INDEX "chunks_file_idx" ON "chunks" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "job_dependencies_depends_on_idx" ON "job_dependencies" USING btree ("depends_on_id");--> statement-breakpoint
CREATE INDEX "job_events_job_idx" ON "job_events" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "jobs_user_idx" ON "jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_user_type_idx" ON "jobs" USING btree ("user_id","job_type","created_at");--> statement-breakpoint
CREATE INDEX "jobs_parent_idx" ON "jobs" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "jobs_root_idx" ON "jobs" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "jobs_file_idx" ON "jobs" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("priority" DESC NULLS LAST,"run_after") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("lease_expires_at") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "ocr_results_file_idx" ON "ocr_results" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "ocr_results_user_idx" ON "ocr_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ocr_results_job_key" ON "ocr_results" USING btree ("job_id");