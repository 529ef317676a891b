/**
 * `npx tsx scripts/unused-exports.ts`: every exported name of the project's own files (tsconfig.json) that no other
 * file uses, found with TypeScript's language service ("find all references", which follows namespace imports,
 * `import()` and renamed re-exports). A re-export that keeps its name (`export { x } from …`) shares its references
 * with the original, so for those the imports of other files are read instead. Prints one line per name:
 *   UNUSED          nothing refers to it, not even its own file: dead code;
 *   own-file-only   only its own file uses it: the `export` keyword is not needed.
 * Entry points named by tools (config files' default exports, a lazily imported component's default) are
 * listed too: judge each line. About a minute on this machine; not part of `npm test` (docs/decisions/157-house-rules-as-lint-rules.md).
 */
import { relative } from 'node:path';
import ts from 'typescript';

const root = process.cwd();
const configPath = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json')!;
const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
const files = parsed.fileNames;
const host: ts.LanguageServiceHost = {
  getScriptFileNames: () => files,
  getScriptVersion: () => '1',
  getScriptSnapshot: (f) => (ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)!) : undefined),
  getCurrentDirectory: () => root,
  getCompilationSettings: () => parsed.options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
};
const service = ts.createLanguageService(host, ts.createDocumentRegistry());
const program = service.getProgram()!;
const checker = program.getTypeChecker();
/** Generated files: their exports are the generator's business. */
const generated = (f: string) =>
  f.includes('/node_modules/') || f.includes('/src/paraglide/') || f.endsWith('routeTree.gen.ts') || f.endsWith('domain/api-schema.ts');
const own = program.getSourceFiles().filter((sf) => !generated(sf.fileName) && files.includes(sf.fileName));

/** For each file, the names other files import from it by name (`import { a }`, `export { a } from`). */
const importedNames = new Map<string, Set<string>>();
for (const sf of own) {
  for (const statement of sf.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) continue;
    const target = ts.resolveModuleName((statement.moduleSpecifier as ts.StringLiteral).text, sf.fileName, parsed.options, ts.sys).resolvedModule
      ?.resolvedFileName;
    if (!target) continue;
    const names = importedNames.get(target) ?? new Set<string>();
    importedNames.set(target, names);
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
    if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) for (const e of bindings.elements) names.add((e.propertyName ?? e.name).text);
  }
}

const lines: string[] = [];
for (const sf of own) {
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  if (!moduleSymbol) continue;
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const declaration = symbol.declarations?.[0];
    if (!declaration || declaration.getSourceFile() !== sf) continue;
    const file = relative(root, sf.fileName);
    if (ts.isExportSpecifier(declaration) && !declaration.propertyName) {
      if (!importedNames.get(sf.fileName)?.has(symbol.name)) lines.push(`${file}\t${symbol.name}\tUNUSED (re-export)`);
      continue;
    }
    const name = (declaration as ts.NamedDeclaration).name ?? declaration;
    const references = (service.findReferences(sf.fileName, name.getStart(sf)) ?? []).flatMap((r) => r.references).filter((r) => !r.isDefinition);
    const outside =
      references.some((r) => r.fileName !== sf.fileName && !generated(r.fileName)) || references.some((r) => r.fileName.endsWith('routeTree.gen.ts'));
    if (!outside) lines.push(`${file}\t${symbol.name}\t${references.length > 0 ? 'own-file-only' : 'UNUSED'}`);
  }
}
console.log(lines.sort().join('\n'));
console.log(
  `${lines.filter((l) => l.includes('UNUSED')).length} unused, ${lines.filter((l) => l.includes('own-file-only')).length} used in their own file only`,
);
