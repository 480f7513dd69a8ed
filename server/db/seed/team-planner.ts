// Builds the teams and team entries of one school in one event for seeded data, keeping the rules
// of the spec and docs/decisions.md: rank A..M unique per discipline, division and gender; division
// within the event discipline's range and the members' age band; team gender Male, Female or Co-ed
// fitting every member (Co-ed only where the discipline has both genders); positions 1..n with
// n from positionsPerTeam; a participant at most once per discipline in the event.
import { CO_ED_TEAM, TEAM_LETTERS, type TeamGender } from '../../../src/domain/constants';
import { divisionChoices, positionsPerTeam } from '../../../src/domain/rules';
import type { teamEntries, teams } from '../schema';
import type { Rng } from './prng';
import { divisionOf } from './school-year';

export type SeedEventDiscipline = {
  disciplineId: number;
  divisionFrom: number;
  divisionTo: number;
  male: boolean;
  female: boolean;
  active: boolean;
};

/** A participant as the planner sees them in one season. */
export type SeedMember = { id: string; gender: string; yearLevel: string; disciplines: ReadonlySet<number> };

type TeamRow = typeof teams.$inferInsert & { id: string };
type EntryRow = typeof teamEntries.$inferInsert & { id: string };
export type PlannedTeam = { team: TeamRow; entries: EntryRow[] };

/** How often a discipline is chosen relative to the others (alpine is the big one). */
const DISCIPLINE_WEIGHT: Readonly<Record<number, number>> = {
  1: 8,
  2: 1.5,
  3: 2,
  4: 3,
  5: 2,
  6: 1.5,
  7: 2,
  8: 1,
  9: 2,
  10: 1,
  11: 1,
};

function weightedOrder<T extends { disciplineId: number }>(rng: Rng, items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, key: rng.next() ** (1 / (DISCIPLINE_WEIGHT[item.disciplineId] ?? 1)) }))
    .sort((a, b) => b.key - a.key)
    .map((x) => x.item);
}

function chooseGender(
  rng: Rng,
  males: number,
  females: number,
  n: number,
  coEd: boolean,
  minSize: number,
): TeamGender | null {
  const full: TeamGender[] = [];
  if (males >= n) full.push('Male');
  if (females >= n) full.push('Female');
  if (full.length) return rng.pick(full);
  const mixed = coEd && males > 0 && females > 0 && males + females >= minSize;
  if (mixed && (minSize >= n || rng.chance(0.7))) return CO_ED_TEAM;
  if (Math.max(males, females) >= minSize) return males >= females ? 'Male' : 'Female';
  return mixed ? CO_ED_TEAM : null;
}

export type TeamPlanner = {
  /** Plans one more team, or null when no discipline, division and gender has anyone left (with
   *  `full`: enough left to fill every position). */
  addTeam(rng: Rng, opts?: { unassignedChance?: number; full?: boolean }): PlannedTeam | null;
};

export function createTeamPlanner(ctx: {
  eventId: string;
  schoolId: string;
  disciplines: readonly SeedEventDiscipline[];
  members: readonly SeedMember[];
  newId: () => string;
}): TeamPlanner {
  const byDivision = new Map<number, SeedMember[]>();
  for (const m of ctx.members) {
    const division = divisionOf(m.yearLevel);
    byDivision.set(division, [...(byDivision.get(division) ?? []), m]);
  }
  const used = new Map<number, Set<string>>();
  const ranks = new Map<string, number>();
  const active = ctx.disciplines.filter((d) => d.active);

  const available = (d: SeedEventDiscipline, division: number) => {
    const taken = used.get(d.disciplineId);
    return (byDivision.get(division) ?? []).filter((m) => m.disciplines.has(d.disciplineId) && !taken?.has(m.id));
  };

  function addTeam(rng: Rng, opts: { unassignedChance?: number; full?: boolean } = {}): PlannedTeam | null {
    for (const d of weightedOrder(rng, active)) {
      for (const division of rng.shuffle(divisionChoices(d))) {
        const pool = available(d, division);
        if (!pool.length) continue;
        const n = positionsPerTeam(d.disciplineId);
        const males = d.male ? pool.filter((m) => m.gender === 'Male') : [];
        const females = d.female ? pool.filter((m) => m.gender === 'Female') : [];
        const gender = chooseGender(rng, males.length, females.length, n, d.male && d.female, opts.full ? n : 1);
        if (!gender) continue;
        const key = `${d.disciplineId}:${division}:${gender}`;
        const rankIndex = ranks.get(key) ?? 0;
        if (rankIndex >= TEAM_LETTERS.length) continue;
        ranks.set(key, rankIndex + 1);
        const candidates = gender === 'Male' ? males : gender === 'Female' ? females : [...males, ...females];
        const members = rng.shuffle(candidates).slice(0, n);
        const taken = used.get(d.disciplineId) ?? new Set<string>();
        members.forEach((m) => taken.add(m.id));
        used.set(d.disciplineId, taken);
        const team: TeamRow = {
          id: ctx.newId(),
          schoolId: ctx.schoolId,
          eventId: ctx.eventId,
          disciplineId: d.disciplineId,
          division,
          teamRank: TEAM_LETTERS[rankIndex]!,
          gender,
          teamManagerId: null,
        };
        const entry = (participantId: string | null, position: number): EntryRow => ({
          id: ctx.newId(),
          teamId: team.id,
          eventId: ctx.eventId,
          disciplineId: d.disciplineId,
          schoolId: ctx.schoolId,
          participantId,
          position,
          bib: null,
        });
        const entries = members.map((m, i) => entry(m.id, i + 1));
        if (members.length < n && rng.chance(opts.unassignedChance ?? 0)) entries.push(entry(null, members.length + 1));
        return { team, entries };
      }
    }
    return null;
  }

  return { addTeam };
}

/** Numbers the bibs of one event's entries of one discipline from `first`, in start-list-like
 *  order (division, gender, school, rank, position); entries without a participant get none. */
export function assignBibs(planned: readonly PlannedTeam[], disciplineId: number, first: number): void {
  const rows = planned
    .filter((p) => p.team.disciplineId === disciplineId)
    .flatMap((p) => p.entries.filter((e) => e.participantId).map((e) => ({ t: p.team, e })))
    .sort(
      (a, b) =>
        a.t.division - b.t.division ||
        a.t.gender.localeCompare(b.t.gender) ||
        a.t.schoolId.localeCompare(b.t.schoolId) ||
        a.t.teamRank.localeCompare(b.t.teamRank) ||
        a.e.position - b.e.position,
    );
  rows.forEach((r, i) => {
    r.e.bib = first + i;
  });
}
