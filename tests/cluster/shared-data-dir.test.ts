// Instances on one machine share DATA_DIR (docs/deploy.md): uploaded files and written mail are
// files there. Both purge unlinked uploads at the same hour; a file the other instance deleted
// since this one listed the folder is gone already, not an error that stops the purge (it did:
// stat or unlink threw ENOENT and the rest of the hour's housekeeping was skipped).
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { filesDir, newFileId, purgeUnusedFiles } from '../../server/modules/files/service';

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('two instances purging one DATA_DIR at once both finish, and every unlinked old file goes once', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'interschools-shared-'));
  const dir = filesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const old = new Date(Date.now() - 40 * 86_400_000);
  const linked = new Set<string>();
  for (let i = 0; i < 300; i++) {
    const id = newFileId();
    await writeFile(path.join(dir, id), 'x');
    await utimes(path.join(dir, id), old, old);
    if (i % 10 === 0) linked.add(id);
  }
  const before = new Date(Date.now() - 30 * 86_400_000);
  const counts = await Promise.all([
    purgeUnusedFiles(dataDir, linked, before),
    purgeUnusedFiles(dataDir, linked, before),
  ]);
  expect(counts[0]! + counts[1]!).toBe(270);
  expect((await readdir(dir)).sort()).toEqual([...linked].sort());
});
