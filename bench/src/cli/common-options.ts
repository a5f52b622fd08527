import path from 'node:path';
import { defaultResultsFile } from '../lib/paths';

/** The command's arguments: `pnpm bench -- --flag` passes the `--` along. */
export const commandArgs = () => process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--'));

/** The flags every bench command takes (see their usage texts). */
export const COMMON_FLAGS = {
  'no-build': { type: 'boolean' },
  results: { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** Where to prepend the results: `--results` from where the command was started, else bench/results.md. */
export const resultsPath = (results: string | undefined) =>
  path.resolve(process.env.INIT_CWD ?? process.cwd(), results ?? defaultResultsFile);

/** The command's options, or null once `--help` has printed its usage. */
export function commandOptions<T>(parse: (args: string[]) => T | 'help', usage: string): T | null {
  const options = parse(commandArgs());
  if (options !== 'help') return options;
  console.log(usage);
  return null;
}
