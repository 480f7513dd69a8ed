// The import boundaries of docs/architecture.md as zones of `import-x/no-restricted-paths`, built
// from the folders on disk each time lint runs: a new feature is fenced the day its folder
// appears, and no zone can name a folder that is gone. eslint.config.js applies them;
// tests/unit/architecture-fences.test.ts checks that they cover every folder.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each folder of src/ may import of src/ besides itself, lowest layer first. A folder that
 *  is not listed stops lint: nobody has yet said where it sits. */
const CLIENT_LAYERS = {
  domain: [],
  db: ['domain'],
  api: ['db', 'domain'],
  sync: ['api', 'db', 'domain'],
  sw: ['sync', 'api', 'db', 'domain'],
  components: ['sync', 'api', 'db', 'domain'],
  features: ['components', 'sync', 'api', 'db', 'domain'],
  app: ['features', 'components', 'sync', 'api', 'db', 'domain'],
};

/** The folders directly inside `dir` (relative to the project root), sorted. */
function foldersOf(dir, root = ROOT) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const src = (folder) => `./src/${folder}`;

function clientZones(srcFolders) {
  const unplaced = srcFolders.filter((folder) => !(folder in CLIENT_LAYERS));
  if (unplaced.length) {
    throw new Error(
      `lint/import-zones.js: src/${unplaced.join(', src/')} has no layer in CLIENT_LAYERS; say what it may import.`,
    );
  }
  return srcFolders.flatMap((layer) => {
    const allowed = CLIENT_LAYERS[layer];
    const barred = srcFolders.filter((folder) => folder !== layer && !allowed.includes(folder));
    if (!barred.length) return [];
    const may = allowed.length
      ? `imports only ${allowed.map((f) => `src/${f}`).join(', ')} of src/`
      : 'is pure: it imports nothing of ours';
    return [{ target: src(layer), from: barred.map(src), message: `src/${layer} ${may} (docs/architecture.md).` }];
  });
}

/** Each feature folder barred from every other one (src/app is barred by the features layer). */
function featureZones(features) {
  return features.flatMap((feature) => {
    const others = features.filter((other) => other !== feature);
    if (!others.length) return [];
    return [
      {
        target: src(`features/${feature}`),
        from: others.map((other) => src(`features/${other}`)),
        message: 'Features do not import each other: share through src/components or src/domain.',
      },
    ];
  });
}

function serverZones(srcFolders, serverFolders) {
  const belowModules = serverFolders.filter((folder) => folder !== 'modules');
  return [
    { target: './src/domain', from: './server', message: 'src/domain is pure: it imports nothing of ours.' },
    {
      target: './server',
      from: srcFolders.filter((f) => f !== 'domain').map(src),
      message: 'The server imports only src/domain of src/.',
    },
    {
      target: belowModules.map((folder) => `./server/${folder}`),
      from: './server/modules',
      message: "The folders beside server/modules sit below the modules: only the server's top files compose them.",
    },
  ];
}

/** The .ts files directly inside `dir` (relative to the project root), sorted. */
function filesOf(dir, root) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => entry.name)
    .sort();
}

/** Each server module is used from outside only through its face, its index.ts; the registry of
 *  route plugins (server/modules/index.ts) alone reaches each module's routes. */
function moduleFaceZones(modules, serverFiles) {
  return modules.map((module) => ({
    target: [
      ...modules.filter((other) => other !== module).map((other) => `./server/modules/${other}`),
      ...serverFiles.map((file) => `./server/${file}`),
    ],
    from: `./server/modules/${module}`,
    except: ['./index.ts'],
    message: `Use the ${module} module through its face, server/modules/${module}/index.ts: export there what others need.`,
  }));
}

/** Every zone, for the folders as they are on disk under `root`. */
export function importZones(root = ROOT) {
  const srcFolders = foldersOf('src', root);
  return [
    ...clientZones(srcFolders),
    ...featureZones(foldersOf('src/features', root)),
    ...serverZones(srcFolders, foldersOf('server', root)),
    ...moduleFaceZones(foldersOf('server/modules', root), filesOf('server', root)),
  ];
}
