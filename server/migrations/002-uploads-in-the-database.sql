-- Uploaded images move into the database (docs/decisions/142-uploads-in-the-database.md): every instance on one
-- PostgreSQL sees them, and an image is written with its row in one step. stored_name remains only for images
-- uploaded before this migration, whose file in DATA_DIR/uploads the server moves into `bytes` when it starts.
ALTER TABLE uploads ADD COLUMN bytes bytea;
ALTER TABLE uploads ALTER COLUMN stored_name DROP NOT NULL;
