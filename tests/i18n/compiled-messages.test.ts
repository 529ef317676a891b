/**
 * When a build or a test run recompiles the messages (docs/decisions/282-messages-compiled-once.md): only once their
 * inputs changed since the recorded compile. On a scratch copy of what the digest reads, never on src/paraglide.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messagesFresh, recordCompiled } from '../../scripts/compiled-messages.ts';
import { paraglideOptions } from '../../scripts/paraglide-options.ts';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'portal-messages-'));
  write('project.inlang/settings.json', '{"baseLocale":"fr"}');
  write('messages/fr.json', '{"hello":"Bonjour"}');
  write('messages/nl.json', '{"hello":"Hallo"}');
  write('node_modules/@inlang/paraglide-js/package.json', '{"version":"2.23.2"}');
  write(`${paraglideOptions.outdir}/messages.js`, 'export {};');
  recordCompiled(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the compiled messages are fresh', () => {
  it('while nothing they are made from changed', () => {
    expect(messagesFresh(root)).toBe(true);
  });

  it.each([
    ['a message edited', () => write('messages/nl.json', '{"hello":"Goedendag"}')],
    ['a messages file added', () => write('messages/de.json', '{"hello":"Hallo"}')],
    ["the project's settings changed", () => write('project.inlang/settings.json', '{"baseLocale":"nl"}')],
    ['another compiler version', () => write('node_modules/@inlang/paraglide-js/package.json', '{"version":"2.24.0"}')],
    ['no digest recorded', () => rmSync(join(root, paraglideOptions.outdir, '.inputs-digest'))],
    ['the compiled files gone', () => rmSync(join(root, paraglideOptions.outdir, 'messages.js'))],
  ])('not after %s', (_what, change) => {
    change();
    expect(messagesFresh(root)).toBe(false);
  });

  it('again once the new inputs are recorded as compiled', () => {
    write('messages/fr.json', '{"hello":"Salut"}');
    recordCompiled(root);
    expect(messagesFresh(root)).toBe(true);
  });
});
