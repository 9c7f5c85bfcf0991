CREATE INDEX "workbench_segments_saved_idx" ON "workbench_segments" USING btree ("project_id","updated_at");
