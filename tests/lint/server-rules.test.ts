// The server's one-place rules (eslint.config.js): every write to the workers table goes through
// server/services/worker-writes.ts, and no handler copies an image signature instead of calling sniffImage.
import { describe, expect, it } from 'vitest';
import { problemsOf } from './lint-sample.ts';

const syntax = (file: string, code: string) => problemsOf('no-restricted-syntax', file, code);
const head = 'declare const db: { query(sql: string, params?: unknown[]): Promise<unknown> };\n';

describe('every write to the workers table is a named step of worker-writes.ts', () => {
  it('fails an UPDATE, INSERT or DELETE of workers anywhere else in server/ or scripts/', async () => {
    const found = await syntax(
      'server/api/x.ts',
      `${head}export const a = () => db.query('UPDATE workers SET email_validated = true WHERE id = $1', ['w']);
export const b = () => db.query(\`insert into workers (id) values ($1)\`, ['w']);
export const c = () => db.query(\`DELETE FROM  workers WHERE id = \${'$1'}\`);`,
    );
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/server\/services\/worker-writes\.ts/);
    expect(await syntax('scripts/lib/x.ts', `${head}export const a = () => db.query('UPDATE workers SET statute = 1');`)).toHaveLength(1);
  });

  it('accepts reads, other tables, the module itself and the tests', async () => {
    expect(
      await syntax(
        'server/api/x.ts',
        `${head}export const a = () => db.query('SELECT id FROM workers WHERE email = $1');
export const b = () => db.query('UPDATE workers_archive SET x = 1');
export const c = () => db.query('UPDATE missions SET status = 1');`,
      ),
    ).toEqual([]);
    expect(await syntax('server/services/worker-writes.ts', `${head}export const a = () => db.query('UPDATE workers SET statute = 1');`)).toEqual([]);
    expect(await syntax('tests/server/x.test.ts', `${head}export const a = () => db.query('UPDATE workers SET statute = 1');`)).toEqual([]);
  });
});

describe('image formats are told by sniffImage', () => {
  it('fails a PNG or JPEG signature written out in the server', async () => {
    const found = await syntax('server/api/x.ts', 'export const PNG = [0x89, 0x50, 0x4e, 0x47];\nexport const JPEG = [0xff, 0xd8, 0xff];');
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/sniffImage of domain\/image-bytes\.ts/);
  });

  it('accepts other byte arrays', async () => {
    expect(await syntax('server/services/x.ts', 'export const EXIF = [0x45, 0x78, 0x69, 0x66, 0, 0];')).toEqual([]);
  });
});
