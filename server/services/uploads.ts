/**
 * Where the images of a worker's details file are kept: one function stores an image for a worker and kind
 * (replacing the previous one), one reads it back. The bytes live in `config.uploadsDir` under a generated name
 * (never the worker's file name), the row in `uploads` says which file is whose. The routes call only these two,
 * so that moving the bytes elsewhere (a database, an object store) changes this file alone.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Queryable } from '../storage/db.ts';

export type StoredImage = { bytes: Uint8Array; mediaType: 'image/jpeg' | 'image/png' };
type Storage = { db: Queryable; config: Pick<Config, 'uploadsDir'> };

/** Stores `image` as the worker's image of `kind` (an ImagesOnFile key: idFront…), replacing any previous one. */
export async function storeUpload({ db, config }: Storage, workerId: string, kind: string, image: StoredImage, now: Date): Promise<void> {
  const storedName = `${randomBytes(16).toString('hex')}.${image.mediaType === 'image/png' ? 'png' : 'jpg'}`;
  await mkdir(config.uploadsDir, { recursive: true });
  await writeFile(join(config.uploadsDir, storedName), image.bytes, { mode: 0o600 });
  const previous = await db.query<{ stored_name: string }>('SELECT stored_name FROM uploads WHERE worker_id = $1 AND kind = $2', [workerId, kind]);
  await db.query(
    `INSERT INTO uploads (worker_id, kind, stored_name, media_type, size, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (worker_id, kind) DO UPDATE SET stored_name = EXCLUDED.stored_name, media_type = EXCLUDED.media_type,
       size = EXCLUDED.size, uploaded_at = EXCLUDED.uploaded_at`,
    [workerId, kind, storedName, image.mediaType, image.bytes.length, now],
  );
  for (const old of previous) await rm(join(config.uploadsDir, old.stored_name), { force: true });
}

/** The worker's image of `kind`, or null when none is on file (or its bytes are gone). */
export async function readUpload({ db, config }: Storage, workerId: string, kind: string): Promise<StoredImage | null> {
  const [row] = await db.query<{ stored_name: string; media_type: string }>('SELECT stored_name, media_type FROM uploads WHERE worker_id = $1 AND kind = $2', [workerId, kind]);
  if (!row) return null;
  try {
    const bytes = new Uint8Array(await readFile(join(config.uploadsDir, row.stored_name)));
    return { bytes, mediaType: row.media_type === 'image/png' ? 'image/png' : 'image/jpeg' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
