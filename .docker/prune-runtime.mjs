// Keeps, in a `pnpm deploy` of @journey/api, only the packages the bundled server loads from
// node_modules and what they depend on; everything else is inside apps/api/dist/main.js already
// (docs/decisions/059-a-lean-image-proved-in-ci.md). Usage: node prune-runtime.mjs <node_modules>
import { existsSync, lstatSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { externalPackages } from '../apps/api/scripts/externals.mjs';

/** The bundle's externals and the fonts it reads, with their dependencies. */
const RUNTIME = [...externalPackages, '@fontsource/inter'];
/** Read for its files alone (the migrations in drizzle/): its code is in the bundle. */
const FILES_ONLY = ['@journey/db'];

const root = path.resolve(process.argv[2] ?? 'node_modules');
const store = path.join(root, '.pnpm');

/** The names in a node_modules folder, scoped ones as `@scope/name`. */
const names = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => !name.startsWith('.'))
        .flatMap((name) =>
          name.startsWith('@') ? readdirSync(path.join(dir, name)).map((n) => `${name}/${n}`) : [name],
        )
    : [];

/** `.pnpm/<entry>` of a resolved package folder. */
const entryOf = (dir) => path.relative(store, dir).split(path.sep)[0];

const kept = new Set(FILES_ONLY.map((name) => entryOf(realpathSync(path.join(root, name)))));
const pending = RUNTIME.map((name) => realpathSync(path.join(root, name)));
while (pending.length > 0) {
  const entry = entryOf(pending.pop());
  if (kept.has(entry)) continue;
  kept.add(entry);
  // An entry's dependencies are linked beside the package in .pnpm/<entry>/node_modules.
  const siblings = path.join(store, entry, 'node_modules');
  for (const name of names(siblings)) pending.push(realpathSync(path.join(siblings, name)));
}

for (const entry of readdirSync(store)) {
  if (entry !== 'node_modules' && !entry.startsWith('.') && !kept.has(entry)) {
    rmSync(path.join(store, entry), { recursive: true, force: true });
  }
}
// The links left pointing at removed entries: the top level's, the hoisted ones in .pnpm/node_modules
// and those of the files-only packages.
const linkFolders = [root, path.join(store, 'node_modules')];
for (const entry of kept) linkFolders.push(path.join(store, entry, 'node_modules'));
for (const dir of linkFolders) {
  for (const name of names(dir)) {
    const link = path.join(dir, name);
    if (lstatSync(link).isSymbolicLink() && !existsSync(link)) rmSync(link);
  }
  for (const scope of readdirSync(dir).filter((name) => name.startsWith('@'))) {
    if (readdirSync(path.join(dir, scope)).length === 0) rmSync(path.join(dir, scope), { recursive: true });
  }
  rmSync(path.join(dir, '.bin'), { recursive: true, force: true });
}
console.log(`kept ${kept.size} packages: ${[...kept].sort().join(' ')}`);
