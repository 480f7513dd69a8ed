// One-off generator of server/integrations/registry/athletes.csv: 600 fictional athletes for the
// built-in athlete registry. Deterministic (seeded), so re-running it rewrites the same file.
// The demo seed picks its participants from that file, so regenerate both together if at all.
//   npx tsx scripts/generate-athletes-csv.ts
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../server/db/seed/prng';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from '../server/db/seed/names';

const COUNT = 600;
const INACTIVE_SHARE = 0.06;
/** Athletes whose season waiver is signed with the registry (the registry import records them). */
const WAIVER_SHARE = 0.7;
const FIRST_BIRTH_YEAR = 2007;
const LAST_BIRTH_YEAR = 2022;
const out = fileURLToPath(new URL('../server/integrations/registry/athletes.csv', import.meta.url));

const rng = mulberry32(20_260_601);
// A source of its own, so the waiver column leaves every other column as it was.
const waiverRng = mulberry32(20_260_602);
const pad = (n: number) => String(n).padStart(2, '0');
const seen = new Set<string>();
const lines = ['snowId,firstname,lastname,gender,dob,active,waiverCompleted'];
let snowId = 410_000;
while (lines.length <= COUNT) {
  const gender = rng.chance(0.5) ? 'Male' : 'Female';
  const firstname = rng.pick(gender === 'Male' ? MALE_NAMES : FEMALE_NAMES);
  const lastname = rng.pick(SURNAMES);
  if (seen.has(`${firstname} ${lastname}`)) continue;
  seen.add(`${firstname} ${lastname}`);
  snowId += rng.int(1, 97);
  const dob = `${rng.int(FIRST_BIRTH_YEAR, LAST_BIRTH_YEAR)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
  const active = rng.chance(INACTIVE_SHARE) ? 0 : 1;
  const waiverCompleted = waiverRng.chance(WAIVER_SHARE) ? 1 : 0;
  lines.push([snowId, firstname, lastname, gender, dob, active, waiverCompleted].join(','));
}
await writeFile(out, `${lines.join('\n')}\n`);
console.log(`Wrote ${COUNT} athletes to ${out}`);
