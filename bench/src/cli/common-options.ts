import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultHistoryFile, repoRoot } from '../lib/paths';

/** The command's arguments: `pnpm bench -- --flag` passes the `--` along. */
export const commandArgs = () => process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--'));

/** The flags every bench command takes (see their usage texts). */
export const COMMON_FLAGS = {
  'no-build': { type: 'boolean' },
  results: { type: 'string' },
  checkout: { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** The load's flags, which the bench and the comparison both take (see their usage texts). */
export const LOAD_FLAGS = {
  connections: { type: 'string' },
  duration: { type: 'string' },
  rounds: { type: 'string' },
  warmup: { type: 'string' },
  timeout: { type: 'string' },
  only: { type: 'string' },
} as const;

/** A path as given on the command line: relative to where the command was started. */
const fromStart = (value: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), value);

/** Where to prepend the run: `--results` from where the command was started, else bench/history/runs.md. */
export const resultsPath = (results: string | undefined) => fromStart(results ?? defaultHistoryFile);

/** The usage lines of the common flags that each command's text repeats. */
export const CHECKOUT_USAGE = `  --checkout DIR         measure the build of another checkout (built there; implies --no-build)`;

type Flags = NonNullable<ParseArgsConfig['options']>;
type CommandConfig<O extends Flags> = { args: string[]; strict: true; options: typeof COMMON_FLAGS & O };

/**
 * Reads the command's flags, the common ones and `own`: 'help' for --help, else the values and what the
 * common flags say (build first or not, where the results go, the arguments as given).
 */
export function parseCommand<O extends Flags>(args: string[], own: O) {
  const config: CommandConfig<O> = { args, strict: true, options: { ...COMMON_FLAGS, ...own } };
  const values = parseArgs(config).values as ReturnType<typeof parseArgs<CommandConfig<O>>>['values'];
  // The common flags' values, typed as COMMON_FLAGS declares them (TypeScript cannot read them off a generic O).
  const flags = values as { help?: boolean; 'no-build'?: boolean; results?: string; checkout?: string };
  if (flags.help) return 'help';
  const checkout = flags.checkout === undefined ? repoRoot : fromStart(flags.checkout);
  return {
    values,
    common: {
      // Another checkout is measured as it was built there: this one's build would not change it.
      build: flags['no-build'] !== true && checkout === repoRoot,
      /** The root of the checkout whose build is measured (this one by default). */
      checkout,
      resultsFile: resultsPath(flags.results),
      /** The arguments as given, for the results' "command" line. */
      args,
    },
  };
}

/** The number a flag gives, `fallback` without it; below `min` (or not whole, when `min` ≥ 1) is an error. */
export function count(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < min || (min >= 1 && !Number.isInteger(number)))
    throw new Error(`--${name} must be ${min >= 1 ? 'a whole number' : 'a number'} ≥ ${min}, got "${value}"`);
  return number;
}

/** The command's options, or null once `--help` has printed its usage. */
export function commandOptions<T>(parse: (args: string[]) => T | 'help', usage: string): T | null {
  const options = parse(commandArgs());
  if (options !== 'help') return options;
  console.log(usage);
  return null;
}

/** `--connections`: autocannon's connections, comma-separated; `fallback` without the flag. */
export const connectionCounts = (value: string | undefined, fallback: string) =>
  (value ?? fallback).split(',').map((connections) => count('connections', connections.trim(), 10, 1));
