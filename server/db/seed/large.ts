// A large, realistic data set for benchmarks: by default 400 schools, 8,000 participants, five past
// seasons and the current one (an NSW and a VIC event each), 3,000 teams and 10,000 team entries,
// with the team rules of the demo data (team-planner.ts), plus team managers, and for the current
// season volunteers, ticketing and waivers. Deterministic (seeded). Rows go in with batched inserts,
// one transaction per phase. It refuses a database that already has schools.
import { count } from 'drizzle-orm';
import { YEAR_LEVELS } from '../../../src/domain/constants';
import { newEventDisciplineDefaults, positionsPerTeam } from '../../../src/domain/rules';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../client';
import {
  eventDisciplines,
  eventStates,
  events,
  participants,
  schools,
  teamEntries,
  teamManagers,
  teams,
  ticketing,
  users,
  volunteerPreferences,
  volunteerSlots,
  volunteers,
  waivers,
} from '../schema';
import { insertBatched } from './batch';
import { NSW_DISCIPLINES, VIC_DISCIPLINES } from './demo-fixtures';
import { makeLargeSchools, type LargeSchool } from './large-schools';
import { randomPerson, sportDisciplines } from './people';
import { mulberry32, seededUuid, type Rng } from './prng';
import { seedReference } from './reference';
import { dobForSchoolYear, schoolYearIndex } from './school-year';
import { planTeamManagers, planTicketing, planVolunteers, planWaivers } from './school-extras';
import {
  assignBibs,
  createTeamPlanner,
  type PlannedTeam,
  type SeedEventDiscipline,
  type TeamPlanner,
} from './team-planner';

export type LargeDatasetOptions = {
  schools?: number;
  participants?: number;
  teams?: number;
  teamEntries?: number;
  pastSeasons?: number;
  /** The current season (default: this year). */
  season?: number;
  seed?: number;
  log?: (line: string) => void;
};

export type LargeDatasetResult = { counts: Record<string, number>; timingsMs: Record<string, number> };

/** Fixed benchmark passwords (not secrets): every coordinator, and admin@large.test. */
export const LARGE_PASSWORDS = { admin: 'large-admin-2026', school: 'large-school-2026' } as const;

const RANGE = { Primary: [0, 6], Secondary: [7, 12], 'p-12': [0, 12] } as const;

type Person = {
  id: string;
  schoolId: string;
  firstname: string;
  lastname: string;
  snowId: string;
  gender: string;
  dob: string;
  archived: number;
  sports: ReadonlySet<number>;
};
type EventDef = {
  id: string;
  year: number;
  invoiceType: 'NSW' | 'VIC';
  states: number[];
  disciplines: SeedEventDiscipline[];
};

/** Splits `total` over weights, every share an integer and the shares summing to `total`. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  raw
    .map((r, i) => ({ i, frac: r - Math.floor(r) }))
    .sort((a, b) => b.frac - a.frac)
    .forEach(({ i }) => {
      if (left > 0) {
        out[i]!++;
        left--;
      }
    });
  return out;
}

function makePeople(
  rng: Rng,
  schoolRows: LargeSchool[],
  total: number,
  season: number,
  pastSeasons: number,
  newId: () => string,
): Person[] {
  const sizes = apportion(
    total,
    schoolRows.map(() => 0.3 + rng.next() ** 3 * 4),
  );
  const people: Person[] = [];
  schoolRows.forEach((school, s) => {
    const [from, to] = RANGE[school.schoolCategory];
    for (let k = 0; k < sizes[s]!; k++) {
      const graduate = to === 12 && rng.chance(0.15);
      const index = graduate ? rng.int(13, 12 + Math.max(1, pastSeasons)) : rng.int(from, to);
      const p = randomPerson(rng, school.schoolType === 'Co-ed' ? undefined : school.schoolType);
      people.push({
        id: newId(),
        schoolId: school.id,
        firstname: p.firstname,
        lastname: p.lastname,
        gender: p.gender,
        snowId: String(5_000_000 + people.length * 3 + rng.int(0, 2)),
        dob: dobForSchoolYear(rng, index, season),
        archived: graduate || rng.chance(0.02) ? 1 : 0,
        sports: sportDisciplines(rng, Math.min(index, 12)),
      });
    }
  });
  return people;
}

function makeEvents(season: number, pastSeasons: number, newId: () => string) {
  const defs: EventDef[] = [];
  const rows: (typeof events.$inferInsert)[] = [];
  const disciplinesOf = (ids: number[]) =>
    ids.map((id) => {
      const { DisciplineId, ...rest } = newEventDisciplineDefaults(id);
      return { disciplineId: DisciplineId, ...rest };
    });
  for (let year = season - pastSeasons; year <= season; year++) {
    const past = year < season;
    for (const invoiceType of ['NSW', 'VIC'] as const) {
      const id = newId();
      defs.push({
        id,
        year,
        invoiceType,
        states: [invoiceType === 'NSW' ? 3 : 7],
        disciplines: disciplinesOf(invoiceType === 'NSW' ? NSW_DISCIPLINES : VIC_DISCIPLINES),
      });
      rows.push({
        id,
        year,
        invoiceType,
        level: 'State',
        name:
          invoiceType === 'NSW' ? `NSW Snowsport Interschools Championships ${year}` : `Victorian Interschools ${year}`,
        registrationFee: 50,
        teamEntryFee: invoiceType === 'NSW' ? 30 : 28,
        active: !past,
        locked: past,
        archived: past,
        invoiceAvailable: `${year}-07-01`,
        invoiceDue: `${year}-08-15`,
        showForResults: year === season - 1,
        showForStartlists: !past && invoiceType === 'NSW',
      });
    }
  }
  return { defs, rows };
}

function planEventTeams(
  rng: Rng,
  ev: EventDef,
  quota: number,
  people: Person[],
  schoolRows: LargeSchool[],
  current: boolean,
  newId: () => string,
) {
  const entering = schoolRows.filter((s) => ev.states.includes(s.stateId) && rng.chance(0.9));
  const bySchool = new Map<string, Person[]>();
  for (const p of people) {
    const list = bySchool.get(p.schoolId);
    if (list) list.push(p);
    else bySchool.set(p.schoolId, [p]);
  }
  const candidates = entering
    .map((s) => {
      const members = (bySchool.get(s.id) ?? [])
        .filter((p) => !(current && p.archived))
        .map((p) => ({
          id: p.id,
          gender: p.gender,
          yearLevel: YEAR_LEVELS[schoolYearIndex(p.dob, ev.year)],
          disciplines: p.sports,
        }))
        .filter((m): m is typeof m & { yearLevel: string } => m.yearLevel !== undefined);
      const planner: TeamPlanner = createTeamPlanner({
        eventId: ev.id,
        schoolId: s.id,
        disciplines: ev.disciplines,
        members,
        newId,
      });
      return { planner, weight: members.length };
    })
    .filter((c) => c.weight > 0);
  const planned: PlannedTeam[] = [];
  while (planned.length < quota && candidates.length) {
    let r = rng.next() * candidates.reduce((a, c) => a + c.weight, 0);
    const i = Math.max(
      0,
      candidates.findIndex((c) => (r -= c.weight) < 0),
    );
    const unassignedChance = current ? 0.2 : 0;
    const { planner } = candidates[i]!;
    const team = planner.addTeam(rng, { unassignedChance, full: true }) ?? planner.addTeam(rng, { unassignedChance });
    if (team) planned.push(team);
    else candidates.splice(i, 1);
  }
  return planned;
}

/** Brings the number of entries to exactly `target` where the teams allow it: drops last positions
 *  of teams with more than one entry, or adds unassigned entries in free positions (teams of the
 *  `current` events first: an unassigned entry is what a season in progress looks like). */
function fitEntries(
  rng: Rng,
  planned: PlannedTeam[],
  target: number,
  current: ReadonlySet<string>,
  newId: () => string,
): void {
  let total = planned.reduce((a, p) => a + p.entries.length, 0);
  const shrinkable = rng.shuffle(planned.filter((p) => p.entries.length > 1));
  while (total > target && shrinkable.length) {
    const p = shrinkable[shrinkable.length - 1]!;
    p.entries.pop();
    total--;
    if (p.entries.length <= 1 || rng.chance(0.5)) shrinkable.pop();
    else shrinkable.unshift(shrinkable.pop()!);
  }
  const growable = rng
    .shuffle(planned.filter((p) => p.entries.length < positionsPerTeam(p.team.disciplineId)))
    .sort((a, b) => Number(current.has(a.team.eventId)) - Number(current.has(b.team.eventId)));
  while (total < target && growable.length) {
    const { team, entries } = growable[growable.length - 1]!;
    entries.push({
      id: newId(),
      teamId: team.id,
      eventId: team.eventId,
      disciplineId: team.disciplineId,
      schoolId: team.schoolId,
      participantId: null,
      position: entries.length + 1,
      bib: null,
    });
    total++;
    if (entries.length >= positionsPerTeam(team.disciplineId)) growable.pop();
  }
}

export async function generateLargeDataset(db: Db, opts: LargeDatasetOptions = {}): Promise<LargeDatasetResult> {
  const size = {
    schools: opts.schools ?? 400,
    participants: opts.participants ?? 8_000,
    teams: opts.teams ?? 3_000,
    teamEntries: opts.teamEntries ?? 10_000,
    pastSeasons: opts.pastSeasons ?? 5,
  };
  const season = opts.season ?? new Date().getUTCFullYear();
  const log = opts.log ?? (() => {});
  const rng = mulberry32(opts.seed ?? 400_8000);
  const idRng = mulberry32((opts.seed ?? 400_8000) ^ 0x27d4eb2f);
  const newId = () => seededUuid(idRng);
  const timingsMs: Record<string, number> = {};
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    timingsMs[name] = Math.round(performance.now() - started);
    log(`${name}: ${timingsMs[name]} ms`);
    return result;
  };

  await seedReference(db);
  const [existing] = await db.select({ n: count() }).from(schools);
  if ((existing?.n ?? 0) > 0)
    throw new Error('The database already has schools: generate the large data set into an empty database.');

  const plan = await phase('plan', async () => {
    const schoolRows = makeLargeSchools(rng, size.schools, newId);
    const people = makePeople(rng, schoolRows, size.participants, season, size.pastSeasons, newId);
    const ev = makeEvents(season, size.pastSeasons, newId);
    const quotas = apportion(
      size.teams,
      ev.defs.map(() => 1),
    );
    const planned = ev.defs.flatMap((e, i) =>
      planEventTeams(rng, e, quotas[i]!, people, schoolRows, e.year === season, newId),
    );
    const natural = planned.reduce((a, p) => a + p.entries.length, 0);
    fitEntries(
      rng,
      planned,
      size.teamEntries,
      new Set(ev.defs.filter((e) => e.year === season).map((e) => e.id)),
      newId,
    );
    log(`planned ${planned.length} teams with ${natural} entries, fitted to ${size.teamEntries}`);
    for (const e of ev.defs.filter((d) => d.year < season)) {
      const ofEvent = planned.filter((p) => p.team.eventId === e.id);
      for (const d of e.disciplines) assignBibs(ofEvent, d.disciplineId, 1);
    }
    return { schoolRows, people, ev, planned };
  });

  const [adminHash, schoolHash] = await Promise.all([
    hashPassword(LARGE_PASSWORDS.admin),
    hashPassword(LARGE_PASSWORDS.school),
  ]);
  const schoolsById = new Map(plan.schoolRows.map((s) => [s.id, s]));
  const counts: Record<string, number> = {};

  await phase('schools and users', () =>
    db.transaction(async (tx) => {
      counts.schools = await insertBatched(
        tx,
        schools,
        plan.schoolRows.map(({ coordinatorEmail: _, ...row }) => row),
      );
      counts.users = await insertBatched(tx, users, [
        {
          id: newId(),
          email: 'admin@large.test',
          passwordHash: adminHash,
          type: 'admin',
          firstname: 'Bench',
          lastname: 'Admin',
        },
        ...plan.schoolRows.map((s) => ({
          id: newId(),
          email: s.coordinatorEmail,
          passwordHash: schoolHash,
          type: 'school',
          schoolId: s.id,
          firstname: s.coordinatorFirstname ?? '',
          lastname: s.coordinatorLastname ?? '',
        })),
      ]);
    }),
  );
  await phase('participants', () =>
    db.transaction(async (tx) => {
      counts.participants = await insertBatched(
        tx,
        participants,
        plan.people.map((p) => ({
          id: p.id,
          schoolId: p.schoolId,
          snowId: p.snowId,
          snowIdActive: rng.chance(0.97) ? 1 : 0,
          firstname: p.firstname,
          lastname: p.lastname,
          gender: p.gender,
          dob: p.dob,
          archived: p.archived,
          yearLevel: YEAR_LEVELS[Math.min(12, schoolYearIndex(p.dob, season))]!,
        })),
      );
    }),
  );
  await phase('events', () =>
    db.transaction(async (tx) => {
      counts.events = await insertBatched(tx, events, plan.ev.rows);
      await insertBatched(
        tx,
        eventStates,
        plan.ev.defs.flatMap((e) => e.states.map((stateId) => ({ eventId: e.id, stateId }))),
      );
      await insertBatched(
        tx,
        eventDisciplines,
        plan.ev.defs.flatMap((e) => e.disciplines.map((d) => ({ eventId: e.id, ...d }))),
      );
    }),
  );

  const groups = new Map<string, PlannedTeam[]>();
  for (const p of plan.planned) {
    const key = `${p.team.eventId}:${p.team.schoolId}`;
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  const extras = {
    managers: [] as ReturnType<typeof planTeamManagers>,
    volunteers: [] as ReturnType<typeof planVolunteers>['volunteers'],
    slots: [] as ReturnType<typeof planVolunteers>['slots'],
    preferences: [] as ReturnType<typeof planVolunteers>['preferences'],
    ticketing: [] as ReturnType<typeof planTicketing>[],
    waivers: [] as ReturnType<typeof planWaivers>,
  };
  const eventsById = new Map(plan.ev.defs.map((e) => [e.id, e]));
  const peopleById = new Map(plan.people.map((p) => [p.id, p]));
  for (const group of groups.values()) {
    const { eventId, schoolId } = group[0]!.team;
    const ev = eventsById.get(eventId)!;
    const ctx = { eventId, schoolId, newId };
    const managers = planTeamManagers(rng, group, { ...ctx, vic: ev.invoiceType === 'VIC' });
    extras.managers.push(...managers);
    if (ev.year !== season) continue;
    const entries = group.flatMap((p) => p.entries);
    const vols = planVolunteers(rng, {
      ...ctx,
      vic: ev.invoiceType === 'VIC',
      raceEntries: entries.length,
      ratio: 8,
      disciplines: ev.disciplines,
    });
    extras.volunteers.push(...vols.volunteers);
    extras.slots.push(...vols.slots);
    extras.preferences.push(...vols.preferences);
    extras.ticketing.push(planTicketing(rng, { eventId, schoolId, managers: managers.length }));
    const entered = [...new Set(entries.map((e) => e.participantId).filter((id): id is string => id !== null))];
    extras.waivers.push(
      ...planWaivers(rng, {
        ...ctx,
        createdBy: schoolsById.get(schoolId)!.coordinatorEmail,
        completedShare: 0.7,
        participants: entered.map((id) => peopleById.get(id)!),
        volunteers: vols.volunteers,
      }),
    );
  }

  await phase('teams and entries', () =>
    db.transaction(async (tx) => {
      counts.teamManagers = await insertBatched(tx, teamManagers, extras.managers);
      counts.teams = await insertBatched(
        tx,
        teams,
        plan.planned.map((p) => p.team),
      );
      counts.teamEntries = await insertBatched(
        tx,
        teamEntries,
        plan.planned.flatMap((p) => p.entries),
      );
    }),
  );
  await phase('volunteers, ticketing and waivers', () =>
    db.transaction(async (tx) => {
      counts.volunteers = await insertBatched(tx, volunteers, extras.volunteers);
      counts.volunteerSlots = await insertBatched(tx, volunteerSlots, extras.slots);
      await insertBatched(tx, volunteerPreferences, extras.preferences);
      counts.ticketing = await insertBatched(tx, ticketing, extras.ticketing);
      counts.waivers = await insertBatched(tx, waivers, extras.waivers);
    }),
  );
  return { counts, timingsMs };
}
