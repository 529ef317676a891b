/**
 * Where the workers' uploaded images live: the `uploads` table of the database, bytes included, so that every
 * instance of the portal on one PostgreSQL sees every image, and an image and its record are written in one step
 * (no file without a row, no row without its file). Images are never served as files. The interface is all the rest
 * of the server sees (the upload call, the details view, the seed; the worker's own-image download and the metadata stripping of docs/decisions/120-image-pipeline.md
 * plug in here): an object store could implement it later without the handlers changing.
 * docs/decisions/142-uploads-in-the-database.md.
 */
import { existsSync, readFileSync, readdirSync, rmSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ImagesOnFile } from '#domain/api-schema.ts';
import { IMAGE_FIELDS } from '#domain/enums.ts';
import type { Queryable } from './db.ts';

/** The six images of a worker's file, as `images` of the contract names them. */
export type ImageKind = keyof ImagesOnFile;
export const IMAGE_KINDS: readonly ImageKind[] = Object.values(IMAGE_FIELDS);

export type ImageMediaType = 'image/png' | 'image/jpeg';
export type StoredImage = { bytes: Uint8Array; mediaType: ImageMediaType; size: number; uploadedAt: Date };

export interface UploadStore {
  /** Stores the worker's image of this kind, replacing the previous one. */
  put(workerId: string, kind: ImageKind, image: { bytes: Uint8Array; mediaType: ImageMediaType }, now: Date): Promise<void>;
  /** The worker's image of this kind, or null (none, or one from before 002 whose file has not been moved in yet). */
  get(workerId: string, kind: ImageKind): Promise<StoredImage | null>;
  /** Removes the worker's image of this kind; answers whether there was one. */
  delete(workerId: string, kind: ImageKind): Promise<boolean>;
  /** The kinds the worker has on file (without reading any image). */
  kinds(workerId: string): Promise<Set<ImageKind>>;
}

/** The store on a database connection (or a transaction: its writes then commit or roll back with the rest). */
export function uploadStore(db: Queryable): UploadStore {
  return {
    async put(workerId, kind, image, now) {
      await db.query(
        `INSERT INTO uploads (worker_id, kind, stored_name, media_type, size, uploaded_at, bytes) VALUES ($1, $2, NULL, $3, $4, $5, $6)
         ON CONFLICT (worker_id, kind) DO UPDATE SET stored_name = NULL, media_type = EXCLUDED.media_type, size = EXCLUDED.size,
           uploaded_at = EXCLUDED.uploaded_at, bytes = EXCLUDED.bytes`,
        [workerId, kind, image.mediaType, image.bytes.length, now, image.bytes],
      );
    },
    async get(workerId, kind) {
      const [row] = await db.query<{ bytes: Uint8Array; media_type: ImageMediaType; size: number; uploaded_at: Date }>(
        'SELECT bytes, media_type, size, uploaded_at FROM uploads WHERE worker_id = $1 AND kind = $2 AND bytes IS NOT NULL',
        [workerId, kind],
      );
      if (!row) return null;
      return { bytes: new Uint8Array(row.bytes), mediaType: row.media_type, size: row.size, uploadedAt: new Date(row.uploaded_at) };
    },
    async delete(workerId, kind) {
      return (await db.query('DELETE FROM uploads WHERE worker_id = $1 AND kind = $2 RETURNING kind', [workerId, kind])).length > 0;
    },
    async kinds(workerId) {
      const rows = await db.query<{ kind: ImageKind }>('SELECT kind FROM uploads WHERE worker_id = $1', [workerId]);
      return new Set(rows.map((r) => r.kind));
    },
  };
}

/** The generated names files had in DATA_DIR/uploads (`<32 hex>.png|jpg`; the demo seed's `<24 letters and digits>.png`). */
const STORED_NAME = /^[a-z0-9]{16,64}\.(png|jpg)$/;

/**
 * Moves the images of a data folder from before 002 (files in `dir`, named by `uploads.stored_name`) into the
 * database, then deletes each file moved and the folder once empty. Idempotent and safe to run from several
 * instances at once. A row whose file is not in this folder is left for the instance whose folder has it.
 */
export async function importUploadFolder(db: Queryable, dir: string): Promise<{ moved: number; waiting: number; strays: number }> {
  const rows = await db.query<{ worker_id: string; kind: string; stored_name: string }>(
    'SELECT worker_id, kind, stored_name FROM uploads WHERE bytes IS NULL AND stored_name IS NOT NULL',
  );
  let moved = 0;
  let waiting = 0;
  for (const row of rows) {
    const file = join(dir, row.stored_name);
    if (!STORED_NAME.test(row.stored_name) || !existsSync(file)) {
      waiting++;
      continue;
    }
    const bytes = readFileSync(file);
    // Only if the row still waits for this very file (another instance may have moved it, or a new upload replaced it).
    const updated = await db.query(
      'UPDATE uploads SET bytes = $4, size = $5, stored_name = NULL WHERE worker_id = $1 AND kind = $2 AND stored_name = $3 AND bytes IS NULL RETURNING kind',
      [row.worker_id, row.kind, row.stored_name, bytes, bytes.length],
    );
    if (updated.length > 0) moved++;
    rmSync(file, { force: true });
  }
  const left = existsSync(dir) ? readdirSync(dir) : [];
  if (existsSync(dir) && left.length === 0) rmdirSync(dir);
  return { moved, waiting, strays: left.length };
}
