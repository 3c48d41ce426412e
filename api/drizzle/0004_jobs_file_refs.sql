ALTER TABLE "jobs" DROP CONSTRAINT "jobs_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_dataset_id_datasets_id_fk";
