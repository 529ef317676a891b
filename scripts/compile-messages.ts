// `npm run gen:i18n`: compiles messages/*.json into src/paraglide (generated, git-ignored) so that tsc and vitest
// see them, unless they are already compiled from the same inputs (`--force`: in any case); see compiled-messages.ts.
import { compileMessages } from './compiled-messages.ts';

const compiled = await compileMessages({ force: process.argv.includes('--force') });
console.log(compiled ? 'messages compiled into src/paraglide' : 'messages already compiled from these inputs');
