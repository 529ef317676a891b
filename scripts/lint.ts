// `npm run lint`: the format (Biome, biome.json: docs/decisions/230-formatter.md), then ESLint over the project;
// any warning fails; prints how many files each read.
import { spawnSync } from 'node:child_process';
import { ESLint } from 'eslint';

const format = spawnSync('npx', ['biome', 'format', '--reporter=summary', '.'], { encoding: 'utf8' });
if (format.status !== 0) {
  console.log(`${format.stdout}${format.stderr}`);
  console.log('The format differs from biome.json: run `npx biome format --write .`');
}

const eslint = new ESLint({ cwd: process.cwd() });
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const text = await formatter.format(results);
if (text) console.log(text);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
console.log(`linted ${results.length} files, ${problems} problems${format.status === 0 ? '' : ', format differs'}`);
process.exit(problems === 0 && format.status === 0 ? 0 : 1);
