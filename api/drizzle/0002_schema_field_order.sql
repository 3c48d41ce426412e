ALTER TABLE "output_schemas" ALTER COLUMN "schema_definition" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "prompts" ALTER COLUMN "schema_definition" SET DATA TYPE json;