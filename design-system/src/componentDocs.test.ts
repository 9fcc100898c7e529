// Every component folder has a README.md (its parts and an example, as Primer's and Chakra's docs
// have a page per component), and the example imports only what the package really exports.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const PACKAGE = '@coinlens/design-system';
const COMPONENTS = join(__dirname, 'components');

const folders = readdirSync(COMPONENTS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The names `index.ts` exports: all of them, and those that exist at run time (not types only). */
function packageExports(): { all: Set<string>; values: Set<string> } {
  const file = join(__dirname, 'index.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const all = new Set<string>();
  const values = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const clause = statement.exportClause;
    // The public API lists every name (exports.test.ts); an `export *` would hide them from here.
    if (!clause || !ts.isNamedExports(clause)) {
      throw new Error(`index.ts: "${statement.getText(source)}" does not name its exports.`);
    }
    for (const element of clause.elements) {
      all.add(element.name.text);
      if (!statement.isTypeOnly && !element.isTypeOnly) values.add(element.name.text);
    }
  }
  return { all, values };
}

/** The text of a `## heading` section, up to the next `## ` heading; undefined without one. */
function section(markdown: string, heading: string): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start === -1) return undefined;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  return (end === -1 ? rest : rest.slice(0, end)).join('\n');
}

interface PackageImport {
  name: string;
  typeOnly: boolean;
}

/** What `code` imports from the package; throws on a syntax error or a default import. */
function packageImports(code: string): PackageImport[] {
  const { diagnostics = [] } = ts.transpileModule(code, {
    fileName: 'example.tsx',
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.Latest },
  });
  if (diagnostics.length > 0) {
    const messages = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    throw new Error(`The example does not parse: ${messages.join('; ')}`);
  }
  const source = ts.createSourceFile(
    'example.tsx',
    code,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  );
  const imports: PackageImport[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    if (!ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== PACKAGE) continue;
    const clause = statement.importClause;
    if (clause?.name) throw new Error(`${PACKAGE} has no default export.`);
    const bindings = clause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      imports.push({
        name: (element.propertyName ?? element.name).text,
        typeOnly: clause.isTypeOnly || element.isTypeOnly,
      });
    }
  }
  return imports;
}

const exported = packageExports();

describe('the index.ts reader', () => {
  it('finds values and types', () => {
    expect(exported.values).toContain('Button');
    expect(exported.all).toContain('ButtonProps');
    expect(exported.values).not.toContain('ButtonProps');
  });

  it('finds the components', () => {
    expect(folders).toContain('Button');
  });
});

describe.each(folders)('%s/README.md', (folder) => {
  const file = join(COMPONENTS, folder, 'README.md');
  const read = () => readFileSync(file, 'utf8');

  it('exists, titled with the component, with its parts and an example', () => {
    expect(existsSync(file)).toBe(true);
    const markdown = read();
    expect(markdown.split('\n')[0]).toBe(`# ${folder}`);
    expect(section(markdown, 'Parts')?.trim()).toBeTruthy();
    expect(section(markdown, 'Example')?.trim()).toBeTruthy();
  });

  it(`shows a tsx example that imports only what ${PACKAGE} exports`, () => {
    const example = section(read(), 'Example') ?? '';
    const code = /```tsx\n([\s\S]*?)```/.exec(example)?.[1];
    expect(code).toBeDefined();
    const imports = packageImports(code ?? '');
    expect(imports.length).toBeGreaterThan(0);
    const missing = imports
      .filter(({ name, typeOnly }) => !(typeOnly ? exported.all : exported.values).has(name))
      .map(({ name, typeOnly }) => (typeOnly ? `type ${name}` : name));
    expect(missing).toEqual([]);
  });
});
