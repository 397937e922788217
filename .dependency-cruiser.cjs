/**
 * The project's import rules, checked by `npm run lint` (dependency-cruiser):
 * no cycles; the service's core imports no module; a module uses another only
 * through that module's index.ts; nothing imports upward (modules → app, cli,
 * server); the engine and the extraction library import nothing of the service,
 * the vocabulary package and the TypeScript client nothing outside themselves.
 */
const SERVICE = '^packages/service/src/';
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Import cycles between files (and so between modules).', from: {}, to: { circular: true } },
    {
      name: 'core-imports-no-module',
      severity: 'error',
      comment: 'core/ is what every module may use; it imports no module, and not the app.',
      from: { path: `${SERVICE}core/` },
      to: { path: `${SERVICE}(modules/|app/|cli/|server\\.ts|modules\\.ts)` },
    },
    {
      name: 'modules-through-index',
      severity: 'error',
      comment: "A module uses another module only through that module's index.ts.",
      from: { path: `${SERVICE}modules/([^/]+)/` },
      to: { path: `${SERVICE}modules/[^/]+/`, pathNot: [`${SERVICE}modules/$1/`, `${SERVICE}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'modules-import-nothing-above',
      severity: 'error',
      comment: 'Modules are assembled by the app and the composition root, never the other way round.',
      from: { path: `${SERVICE}modules/` },
      to: { path: `${SERVICE}(app/|cli/|server\\.ts|modules\\.ts)` },
    },
    {
      name: 'app-not-from-cli',
      severity: 'error',
      from: { path: `${SERVICE}app/` },
      to: { path: `${SERVICE}(cli/|server\\.ts)` },
    },
    {
      name: 'libraries-import-no-service',
      severity: 'error',
      comment: 'The engine and the extraction library know nothing of the service.',
      from: { path: '^packages/(engine|extract)/' },
      to: { path: '^packages/service/' },
    },
    {
      name: 'vocabulary-self-contained',
      severity: 'error',
      comment: '@aqcast/vocabulary is the shared words only: no dependencies, nothing of the repository.',
      from: { path: '^packages/vocabulary/' },
      to: { pathNot: ['^packages/vocabulary/'] },
    },
    { name: 'engine-not-extract', severity: 'error', from: { path: '^packages/engine/' }, to: { path: '^packages/extract/' } },
    { name: 'extract-not-engine', severity: 'error', from: { path: '^packages/extract/' }, to: { path: '^packages/engine/' } },
    {
      name: 'client-self-contained',
      severity: 'error',
      comment: '@aqcast/client has no runtime dependencies and imports nothing of the repository.',
      from: { path: '^clients/js/src/' },
      to: { pathNot: ['^clients/js/src/'], dependencyTypesNot: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['aqcast-source', 'import', 'types', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
