/**
 * The `aqcast` command: serve (API + workers), worker (workers only), render
 * (one video to a file, no server), templates, migrate.
 */
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError } from '../core/config.js';
import { SERVICE_VERSION } from '../core/version.js';

// Each command loads what it needs when it runs, so `aqcast --help` and `aqcast templates` start fast.
const service = () => import('./service-commands.js');
const render = () => import('./render-command.js');

function num(value: string): number {
  const n = Number(value.replace(',', '.'));
  if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError(`"${value}" is not a number`);
  return n;
}

const program = new Command('aqcast')
  .description('aqcast: air-quality report videos — service, workers and a one-shot renderer')
  .version(SERVICE_VERSION)
  .showHelpAfterError();

program
  .command('serve', { isDefault: true })
  .description('Run the HTTP API with an in-process worker pool')
  .action(async () => (await service()).serveCommand());

program.command('worker').description('Run render workers only (no HTTP) against DATABASE_URL').action(async () => (await service()).workerCommand());
program.command('migrate').description('Apply database migrations and exit').action(async () => (await service()).migrateCommand());

program
  .command('render')
  .description('Render one video to a file, without a server')
  .requiredOption('--location <name>', 'location shown in the video')
  .option('--template <id>', 'template id (see `aqcast templates`)')
  .option('--pm25 <µg/m³>', 'PM2.5', num)
  .option('--pm10 <µg/m³>', 'PM10', num)
  .option('--no2 <µg/m³>', 'NO2', num)
  .option('--o3 <µg/m³>', 'O3', num)
  .option('--so2 <µg/m³>', 'SO2', num)
  .option('--co <mg/m³>', 'CO', num)
  .option('--temperatura <°C>', 'temperature', num)
  .option('--temperature <°C>', 'alias of --temperatura', num)
  .option('--humidity <%>', 'relative humidity', num)
  .option('--language <es|en|pt>', 'language of the video')
  .option('--aqi-standard <id>', 'AQI standard: us-epa, eu-eaqi, mx, cl, br-iqar (ca-aqhi, uk-daqi, sg-psi need a given index)')
  .option('--format <landscape|portrait|square>', 'frame format')
  .option('--resolution <1080p|720p|360p>', 'output resolution')
  .option('--date <YYYY-MM-DD>', 'day the report is about (default today)')
  .option('--duration <seconds>', 'length: 15 (default), 30 or 60 where the template offers it (see `aqcast templates`)', num)
  .requiredOption('--out <file.mp4>', 'output MP4 path (a poster PNG is written beside it)')
  .option('--poster <file.png>', 'poster path')
  .action(async (opts) => (await render()).renderCommand(opts));

const keys = program.command('keys').description('Scoped API keys (stored only as hashes)');
keys
  .command('create')
  .description('Create a key and print it (the only time it is shown)')
  .requiredOption('--name <name>', 'who holds it')
  .requiredOption('--scopes <list>', 'comma-separated, e.g. renders:read,renders:write (GET /keys/scopes lists them)')
  .option('--expires-at <date-time>', 'when it stops working')
  .option('--rate-limit <per-minute>', 'requests per minute', (v) => Number.parseInt(v, 10))
  .action(async (opts) => (await service()).keysCreateCommand(opts));
keys.command('list').description('List keys (never the keys themselves)').action(async () => (await service()).keysListCommand());
keys.command('revoke <id>').description('Revoke a key').action(async (id: string) => (await service()).keysRevokeCommand(id));

program
  .command('prune')
  .description('Delete finished jobs (and files no other job uses), delivered webhook events and old idempotency records')
  .requiredOption('--older-than <age>', 'e.g. 30d, 12h')
  .action(async (opts) => (await service()).pruneCommand(opts));

program.command('templates').description('List the video templates').option('--json', 'print JSON').action(async (opts) => (await render()).templatesCommand(opts));

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`aqcast: configuration error: ${err.message}`);
    process.exit(2);
  }
  // A refusal the service would answer with a 4xx: say it plainly, no stack.
  const refusal = err as { detail?: unknown; status?: number };
  if (typeof refusal.detail === 'string' && (refusal.status ?? 500) < 500) {
    console.error(`aqcast: ${refusal.detail}`);
    process.exit(1);
  }
  throw err;
}
