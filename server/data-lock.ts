/**
 * PGlite is single-process: two processes on one data folder would corrupt it. The server holds
 * DATA_DIR/server.lock (its pid) while it runs; a second server on the same folder refuses to start. On PostgreSQL
 * (DATABASE_URL) no lock is taken: several instances share the database, and may share the folder.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function acquireDataLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder && holder !== process.pid && alive(holder)) {
      console.error(`${dataDir} is in use by process ${holder} (PGlite allows one process per data folder).`);
      process.exit(1);
    }
    writeFileSync(file, String(process.pid)); // a stale lock from a process that died
  }
  return () => rmSync(file, { force: true });
}
