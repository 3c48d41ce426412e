CREATE TABLE "extraction_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"chunk_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"sequence_number" integer NOT NULL,
	"chunk_type" text NOT NULL,
	"status" text NOT NULL,
	"extracted_data" jsonb,
	"error_message" text,
	"chunk_text" text NOT NULL,
	"tokens_used" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"prompt_id" uuid,
	"table_prompt_id" uuid,
	"output_schema_id" uuid,
	"processing_time_ms" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "extraction_results_status_check" CHECK ("extraction_results"."status" in ('completed','failed'))
);
--> statement-breakpoint
CREATE TABLE "llm_test_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"requested_provider" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request" jsonb NOT NULL,
	"request_hash" text NOT NULL,
	"is_cached_response" boolean DEFAULT false NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"note" text,
	"response_content" text,
	"response_json" jsonb,
	"error_message" text,
	"traceback" text,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"processing_time_ms" integer,
	"cost_estimate" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "llm_test_results_status_check" CHECK ("llm_test_results"."status" in ('pending','success','failure'))
);
--> statement-breakpoint
ALTER TABLE "extraction_results" ADD CONSTRAINT "extraction_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extraction_results" ADD CONSTRAINT "extraction_results_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extraction_results" ADD CONSTRAINT "extraction_results_chunk_id_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_test_results" ADD CONSTRAINT "llm_test_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extraction_results_job_chunk_key" ON "extraction_results" USING btree ("job_id","chunk_id");--> statement-breakpoint
CREATE INDEX "extraction_results_file_idx" ON "extraction_results" USING btree ("file_id","sequence_number");--> statement-breakpoint
CREATE INDEX "extraction_results_chunk_idx" ON "extraction_results" USING btree ("chunk_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "extraction_results_one_current" ON "extraction_results" USING btree ("chunk_id") WHERE "extraction_results"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "llm_test_results_user_idx" ON "llm_test_results" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "llm_test_results_hash_idx" ON "llm_test_results" USING btree ("user_id","request_hash");