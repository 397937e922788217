/**
 * The reference parts of the docs are generated from the code they describe:
 * the configuration table from `core/config.ts` (every setting, its default and
 * meaning) and the error table from the error catalogue. Each lives between
 * `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` in a hand-written page;
 * `npm run generate` rewrites the blocks and a test fails when one is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listSettings, SETTING_GROUPS, type SettingGroup } from '../packages/service/src/core/config.js';
import { errorCatalogue } from '../packages/service/src/server.js';

export const CONFIGURATION_PAGE = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));
export const ERRORS_PAGE = fileURLToPath(new URL('../docs/errors.md', import.meta.url));

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The configuration reference: one table per group, in the order the settings are defined. */
export function configurationTable(): string {
  const groups = new Map<SettingGroup, string[]>();
  for (const s of listSettings()) {
    const names = [s.name, ...(s.aliases ?? [])].map((n) => `\`${n}\``).join(', ');
    const rows = groups.get(s.group) ?? [];
    rows.push(`| ${names} | ${cell(s.shownDefault)} | ${cell(s.doc)} |`);
    groups.set(s.group, rows);
  }
  return [...groups].map(([group, rows]) => [`### ${SETTING_GROUPS[group]}`, '', '| variable | default | meaning |', '|---|---|---|', ...rows].join('\n')).join('\n\n');
}

/** The error catalogue as a table, by status then code. */
export function errorTable(): string {
  const rows = [...errorCatalogue()].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code)).map((e) => `| \`${e.code}\` | ${e.status} | ${cell(e.title)} |`);
  return ['| code | status | title |', '|---|---|---|', ...rows].join('\n');
}

/** `page` with the block `name` replaced by `content`. */
export function withBlock(page: string, name: string, content: string): string {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const a = page.indexOf(open);
  const b = page.indexOf(close);
  if (a < 0 || b < a) throw new Error(`no ${open} … ${close} block`);
  return `${page.slice(0, a + open.length)}\n${content}\n${page.slice(b)}`;
}

/** The pages as they should be. */
export function generatedPages(): { file: string; text: string }[] {
  return [
    { file: CONFIGURATION_PAGE, text: withBlock(readFileSync(CONFIGURATION_PAGE, 'utf8'), 'configuration', configurationTable()) },
    { file: ERRORS_PAGE, text: withBlock(readFileSync(ERRORS_PAGE, 'utf8'), 'errors', errorTable()) },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const { file, text } of generatedPages()) {
    writeFileSync(file, text);
    console.log(`wrote ${file}`);
  }
}
