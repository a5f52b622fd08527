import { format, resolveConfig } from 'prettier';

/**
 * Formats text as `prettier --check .` expects the file at `filePath` to be (the nearest config
 * applies), so generated files never fail `pnpm lint`.
 */
export async function formatLike(filePath: string, text: string): Promise<string> {
  const config = (await resolveConfig(filePath)) ?? {};
  return format(text, { ...config, filepath: filePath });
}
