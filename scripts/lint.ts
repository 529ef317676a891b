// `npm run lint`: ESLint over the project, any warning fails; prints how many files it read.
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const text = await formatter.format(results);
if (text) console.log(text);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
console.log(`linted ${results.length} files, ${problems} problems`);
process.exit(problems === 0 ? 0 : 1);
