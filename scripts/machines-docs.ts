// `npm run machines:docs`: writes docs/machines/ from machines/ (see scripts/machine-docs/render.ts) and removes
// pages of machines that no longer exist, so the folder is exactly what the freshness test expects.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_DIR, ROOT, renderMachineDocs } from './machine-docs/render.ts';

const files = await renderMachineDocs();
mkdirSync(join(ROOT, DOCS_DIR), { recursive: true });
for (const name of readdirSync(join(ROOT, DOCS_DIR))) if (!files.has(`${DOCS_DIR}/${name}`)) rmSync(join(ROOT, DOCS_DIR, name));
for (const [path, text] of files) writeFileSync(join(ROOT, path), text);
console.log(`wrote ${files.size} files in ${DOCS_DIR}/`);
