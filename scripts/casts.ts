/**
 * Counts type assertions in the package and client sources (tests left out):
 * `x as T` and `<T>x`, but not `as const`, which asserts nothing. An assertion
 * tells the compiler to stop checking, so each one left should say why on its
 * own line or the line above (a `//` comment); the rest become type guards or
 * schema parses. `scripts/casts.test.ts` holds the ceiling.
 *
 * Run `node --import tsx scripts/casts.ts` for the count per file, or with
 * `--list` for each assertion and whether it is explained.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the counted sources live, relative to the repository root. */
export const SOURCE_DIRS = [...readdirSync(join(ROOT, 'packages')).map((p) => `packages/${p}/src`), 'clients/js/src'];

export interface Cast {
  file: string;
  line: number;
  text: string;
  /** A `//` comment stands on the assertion's line or the line above it. */
  explained: boolean;
}

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function sourceFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist' && name !== 'test') out.push(...sourceFiles(full));
    } else if (isSource(name)) out.push(full);
  }
  return out.sort();
}

const isConst = (type: ts.TypeNode) => ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';

/** A `//` comment on the line, or a line above that holds only a comment. */
function hasComment(lines: readonly string[], index: number): boolean {
  if (/\/\/|\/\*/.test(lines[index] ?? '')) return true;
  return /^\s*(\/\/|\/\*|\*)/.test(lines[index - 1] ?? '');
}

/** The type assertions of one source text. */
export function castsIn(file: string, text: string): Cast[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split('\n');
  const out: Cast[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node.type)) {
      const { line } = source.getLineAndCharacterOfPosition(node.type.getStart(source));
      out.push({ file, line: line + 1, text: node.getText(source).replace(/\s+/g, ' ').slice(-100), explained: hasComment(lines, line) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every type assertion in the counted sources. */
export function allCasts(): Cast[] {
  return SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((full) => castsIn(relative(ROOT, full), readFileSync(full, 'utf8')));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const casts = allCasts();
  if (process.argv.includes('--list')) {
    for (const c of casts) console.log(`${c.explained ? ' ' : '!'} ${c.file}:${c.line}  ${c.text}`);
  } else {
    const byFile = new Map<string, number>();
    for (const c of casts) byFile.set(c.file, (byFile.get(c.file) ?? 0) + 1);
    for (const [file, n] of [...byFile].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(4)}  ${file}`);
  }
  console.log(`${casts.length} type assertions, ${casts.filter((c) => !c.explained).length} without a comment`);
}
