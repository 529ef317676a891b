/**
 * A throw-away copy of machines/ in a temporary folder, for tests that need a machine built from a CHANGED source
 * (a bad sample of the shape rules, a mutant whose transition goes elsewhere) without ever touching the real files.
 * The copy links the project's node_modules, package.json and domain/, so `xstate`, sibling machine files and #domain/
 * resolve as in machines/.
 * Each written file gets a name of its own: a module, once imported, stays cached under its path.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
export const MACHINES_DIR = join(ROOT, 'machines');

export type MachinesCopy = {
  /** The real source of a machines/ file. */
  source: (file: string) => string;
  /** Writes `source` as a new file `<name>.machine.ts` of the copy (siblings resolve) and imports it. */
  load: <T = Record<string, unknown>>(name: string, source: string) => Promise<T>;
  remove: () => void;
};

export function copyMachines(): MachinesCopy {
  const dir = mkdtempSync(join(tmpdir(), 'machines-copy-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  // Machines import the core by its name (#domain/, package.json `imports`): the copy resolves it to the real one.
  for (const shared of ['package.json', 'domain']) symlinkSync(join(ROOT, shared), join(dir, shared));
  mkdirSync(join(dir, 'machines'));
  for (const file of readdirSync(MACHINES_DIR)) writeFileSync(join(dir, 'machines', file), readFileSync(join(MACHINES_DIR, file)));
  let count = 0;
  return {
    source: (file) => readFileSync(join(MACHINES_DIR, file), 'utf8'),
    load: async <T>(name: string, source: string) => {
      const path = join(dir, 'machines', `${name}-${++count}.machine.ts`);
      writeFileSync(path, source);
      return (await import(/* @vite-ignore */ path)) as T;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
