/**
 * The VAPID key pair that signs every push (the browser subscribed with its public half): from the environment, or
 * made once, on the first start of an empty data folder, and kept in the database, so that nothing needs configuring
 * and every later start (and every instance on one PostgreSQL) signs with the same key
 * (docs/decisions/251-push-devices.md).
 */
import webpush from 'web-push';
import type { Queryable } from '../storage/db.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

export async function vapidKeys(db: Queryable, fromEnv: VapidKeys | null | undefined, now: Date): Promise<VapidKeys> {
  if (fromEnv) return fromEnv;
  const made = webpush.generateVAPIDKeys();
  // Two instances starting at once on one PostgreSQL: the first insert wins, both read the one kept.
  await db.query('INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING', [
    made.publicKey,
    made.privateKey,
    now,
  ]);
  const [row] = await db.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_keys WHERE id = 1');
  return { publicKey: row!.public_key, privateKey: row!.private_key };
}
