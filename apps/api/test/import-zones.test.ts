/**
 * The import directions docs/architecture.md documents are lint rules (eslint.config.js); this proves
 * each one fires, by linting a one-line offender per direction with ESLint's Node API. Only the import
 * rules run and without type information, so it takes a moment, not a type-checked lint's time
 * (docs/decisions/069-the-shape-enforced-by-lint.md).
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: repoRoot,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId.endsWith('no-restricted-imports'),
  });
});

/** The messages of the import rules for `code` as if it were the file at `filePath` (from the repo root). */
async function importMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('import zones', () => {
  const zones = [
    {
      direction: 'web features never import the app shell',
      filePath: 'apps/web/src/features/landing/offender.tsx',
      code: "import { pageRoutes } from '../../app/routes';\nexport const routes = pageRoutes;\n",
      message: 'Features never import the app shell',
    },
    {
      direction: 'web lib never imports features',
      filePath: 'apps/web/src/lib/offender.ts',
      code: "import { NAV_LINKS } from '../features/landing/nav-links';\nexport const links = NAV_LINKS;\n",
      message: 'Shared code (lib, components, hooks) never imports features or the app shell',
    },
    {
      direction: 'web components never import the app shell',
      filePath: 'apps/web/src/components/offender.tsx',
      code: "import { App } from '../app/app';\nexport const app = App;\n",
      message: 'Shared code (lib, components, hooks) never imports features or the app shell',
    },
    {
      direction: 'web hooks never import features',
      filePath: 'apps/web/src/hooks/offender.ts',
      code: "import { useLogout } from '../features/auth/use-auth';\nexport const logout = useLogout;\n",
      message: 'Shared code (lib, components, hooks) never imports features or the app shell',
    },
    {
      direction: 'the web app never imports server code',
      filePath: 'apps/web/src/lib/offender.ts',
      code: "import { openDatabase } from '@journey/db';\nexport const open = openDatabase;\n",
      message: 'The web app never imports server code',
    },
    {
      direction: 'packages never import apps',
      filePath: 'packages/contracts/src/offender.ts',
      code: "import { buildServer } from '@journey/api';\nexport const build = buildServer;\n",
      message: 'Packages never import apps',
    },
  ];

  it.each(zones)('$direction', async ({ filePath, code, message }) => {
    const messages = await importMessages(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });

  it('lets features import shared code, and the shell import features', async () => {
    expect(
      await importMessages(
        'apps/web/src/features/landing/fine.tsx',
        "import { paths } from '../../lib/paths';\nimport { Brand } from '../../components/brand';\nexport const all = [paths, Brand];\n",
      ),
    ).toEqual([]);
    expect(
      await importMessages(
        'apps/web/src/app/fine.tsx',
        "import { LandingPage } from '../features/landing/landing-page';\nexport const page = LandingPage;\n",
      ),
    ).toEqual([]);
  });
});
