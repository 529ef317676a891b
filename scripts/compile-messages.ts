// Compiles messages/*.json into src/paraglide (generated, git-ignored) so that tsc and vitest see them.
import { compile } from '@inlang/paraglide-js';
import { paraglideOptions } from './paraglide-options.ts';

await compile({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] });
