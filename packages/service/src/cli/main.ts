/**
 * The `aqcast` command: serve (API + workers), worker (workers only), render
 * (one video to a file, no server), templates, migrate.
 */
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig } from '../config/config.js';
import { SERVICE_VERSION } from '../version.js';
import { renderCommand, templatesCommand } from './render-command.js';
import { migrateCommand, serveCommand, workerCommand } from './service-commands.js';

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
  .action(() => serveCommand());

program.command('worker').description('Run render workers only (no HTTP) against DATABASE_URL').action(() => workerCommand());
program.command('migrate').description('Apply database migrations and exit').action(() => migrateCommand());

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
  .option('--aqi-standard <id>', 'AQI standard: us-epa, eu-eaqi, mx, cl')
  .option('--format <landscape|portrait|square>', 'frame format')
  .option('--resolution <1080p|720p|360p>', 'output resolution')
  .option('--date <YYYY-MM-DD>', 'day the report is about (default today)')
  .requiredOption('--out <file.mp4>', 'output MP4 path (a poster PNG is written beside it)')
  .option('--poster <file.png>', 'poster path')
  .action((opts) => renderCommand(opts));

program.command('templates').description('List the video templates').option('--json', 'print JSON').action((opts) => templatesCommand(opts));

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`aqcast: configuration error: ${err.message}`);
    process.exit(2);
  }
  throw err;
}
export { loadConfig };
