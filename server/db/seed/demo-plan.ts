// Builds every row of the demo data set in memory (no I/O), deterministically from a seeded random
// source and the season of `now`. demo.ts writes the rows in one transaction.
import { localToInstant } from '../../../src/domain/rules/event-local-time';
import { newEventDisciplineDefaults, vicVolunteerGroup } from '../../../src/domain/rules';
import { planInvoices } from '../../../src/domain/rules/invoice-plan';
import { toCents } from '../../../src/domain/rules/money';
import type { Athlete } from '../../integrations/registry';
import type {
  eventDisciplines,
  eventStates,
  events,
  invites,
  invoices,
  payments,
  resultOveralls,
  resultRaces,
  schools,
  trophies,
  users,
  volunteerSpots,
} from '../schema';
import {
  DEMO_PASSWORDS,
  DEMO_SCHOOLS,
  DEMO_STAFF,
  NSW_DISCIPLINES,
  NSW_STATE,
  VIC_DISCIPLINES,
  VIC_STATE,
} from './demo-fixtures';
import { pickDemoParticipants } from './demo-participants';
import { DISCIPLINE_ROWS } from './reference';
import { fictionalLandline, fictionalMobile } from './people';
import { planDemoRaceDay } from './demo-results';
import { mulberry32, seededUuid } from './prng';
import { yearLevelFor } from './school-year';
import { planTeamManagers, planTicketing, planVolunteers, planWaivers } from './school-extras';
import { assignBibs, createTeamPlanner, type PlannedTeam, type SeedEventDiscipline } from './team-planner';

export type DemoLogin = { role: string; username: string; password: string; school?: string };
export type PasswordHashes = Record<keyof typeof DEMO_PASSWORDS, string>;

const SEED = 20_260_615;
/** Its own stream for the race day's results, so the rest of the demo stays as it was. */
const RACE_DAY_SEED = 0x2545f491;
const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

type EventRow = typeof events.$inferInsert & { id: string; name: string; year: number };

export function planDemo(now: Date, athletes: readonly Athlete[], hashes: PasswordHashes) {
  const rng = mulberry32(SEED);
  const idRng = mulberry32(SEED ^ 0x5bd1e995);
  const newId = () => seededUuid(idRng);
  const season = now.getUTCFullYear();
  const inDays = (n: number) => isoDate(new Date(now.getTime() + n * DAY));

  const common = { level: 'State', active: true, locked: false, archived: false, volunteerLock: false } as const;
  const nsw: EventRow = {
    id: newId(),
    ...common,
    name: `NSW Snowsport Interschools Championships ${season}`,
    year: season,
    invoiceType: 'NSW',
    registrationFee: 50,
    teamEntryFee: 30,
    invoiceAvailable: inDays(-7),
    invoiceDue: inDays(30),
    showForStartlists: true,
    // Its first race day has results (demo-results.ts), shown to schools like last season's.
    showForResults: true,
    // The calendar: entries close in three weeks at 5 pm Sydney time, the races a month later.
    venue: 'Perisher',
    firstRaceDay: inDays(50),
    lastRaceDay: inDays(53),
    entriesCloseAt: new Date(localToInstant(inDays(20), '17:00', 'Australia/Sydney')),
  };
  const vic: EventRow = {
    id: newId(),
    ...common,
    name: `Victorian Interschools ${season}`,
    year: season,
    invoiceType: 'VIC',
    registrationFee: 45,
    teamEntryFee: 28,
    invoiceAvailable: inDays(-3),
    invoiceDue: inDays(60),
    venue: 'Mt Buller',
    firstRaceDay: inDays(70),
    lastRaceDay: inDays(72),
    entriesCloseAt: new Date(localToInstant(inDays(40), '17:00', 'Australia/Melbourne')),
  };
  const previous: EventRow = {
    id: newId(),
    ...common,
    name: `NSW Snowsport Interschools Championships ${season - 1}`,
    year: season - 1,
    invoiceType: 'NSW',
    registrationFee: 50,
    teamEntryFee: 28,
    active: false,
    locked: true,
    archived: true,
    invoiceAvailable: `${season - 1}-07-01`,
    invoiceDue: `${season - 1}-08-15`,
    showForResults: true,
  };
  const disciplinesOf = (ids: number[]): SeedEventDiscipline[] =>
    ids.map((id) => {
      const { DisciplineId, ...rest } = newEventDisciplineDefaults(id);
      return { disciplineId: DisciplineId, ...rest };
    });
  const eventDefs = [
    { event: nsw, states: [NSW_STATE], disciplines: disciplinesOf(NSW_DISCIPLINES) },
    { event: vic, states: [VIC_STATE], disciplines: disciplinesOf(VIC_DISCIPLINES) },
    { event: previous, states: [NSW_STATE], disciplines: disciplinesOf(NSW_DISCIPLINES) },
  ];

  const schoolDefs = DEMO_SCHOOLS.map((s) => ({ ...s, id: newId() }));
  const schoolRows: (typeof schools.$inferInsert)[] = schoolDefs.map((s) => ({
    id: s.id,
    name: s.name,
    nickname: s.nickname,
    address1: s.address1,
    address2: '',
    town: s.town,
    region: s.region,
    postcode: s.postcode,
    phone: fictionalLandline(rng, s.areaCode),
    fax: rng.chance(0.3) ? fictionalLandline(rng, s.areaCode) : '',
    schoolType: s.schoolType,
    schoolCategory: s.schoolCategory,
    schoolGovOrPrivate: s.schoolGovOrPrivate,
    stateId: s.stateId,
    bpay: s.bpay,
    coordinatorFirstname: s.coordinator.firstname,
    coordinatorLastname: s.coordinator.lastname,
    coordinatorPhone: fictionalLandline(rng, s.areaCode),
    coordinatorMobile: fictionalMobile(rng),
    coordinatorFax: '',
    coordinatorAusEnews: rng.chance(0.8),
    principalFirstname: s.principal.firstname,
    principalLastname: s.principal.lastname,
    principalEmail: s.principal.email,
    createdAt: s.registered ? new Date(`${s.registered}T00:00:00Z`) : null,
  }));

  const userRows: (typeof users.$inferInsert)[] = [
    ...DEMO_STAFF.map((u) => ({
      id: newId(),
      email: u.email,
      passwordHash: hashes[u.type],
      type: u.type,
      firstname: u.firstname,
      lastname: u.lastname,
    })),
    ...schoolDefs.map((s) => ({
      id: newId(),
      email: s.coordinator.email,
      passwordHash: hashes.school,
      type: 'school',
      schoolId: s.id,
      firstname: s.coordinator.firstname,
      lastname: s.coordinator.lastname,
      firstSeasonLogin: Boolean(s.firstSeason),
    })),
  ];
  const logins: DemoLogin[] = [
    ...DEMO_STAFF.map((u) => ({ role: u.type, username: u.email, password: DEMO_PASSWORDS[u.type] })),
    ...schoolDefs.map((s) => ({
      role: 'school',
      username: s.coordinator.email,
      password: DEMO_PASSWORDS.school,
      school: s.name,
    })),
  ];

  const people = pickDemoParticipants(rng, athletes, schoolDefs, season, newId);

  const planned: PlannedTeam[] = [];
  const extras = {
    managers: [] as ReturnType<typeof planTeamManagers>,
    volunteers: [] as ReturnType<typeof planVolunteers>['volunteers'],
    slots: [] as ReturnType<typeof planVolunteers>['slots'],
    preferences: [] as ReturnType<typeof planVolunteers>['preferences'],
    ticketing: [] as ReturnType<typeof planTicketing>[],
    waivers: [] as ReturnType<typeof planWaivers>,
  };
  const disciplineName = new Map<number, string>(DISCIPLINE_ROWS.map((d) => [d.id, d.name]));
  const entriesByDiscipline = (entries: readonly { disciplineId: number; participantId?: string | null }[]) => {
    const counts = new Map<number, number>();
    for (const e of entries) if (e.participantId) counts.set(e.disciplineId, (counts.get(e.disciplineId) ?? 0) + 1);
    return [...counts].map(([disciplineId, count]) => ({
      disciplineId,
      name: disciplineName.get(disciplineId) ?? String(disciplineId),
      count,
    }));
  };
  const paymentRows: { invoice: typeof invoices.$inferInsert; payment: typeof payments.$inferInsert }[] = [];
  for (const { event, disciplines } of eventDefs) {
    const current = event.year === season;
    const eventTeams: PlannedTeam[] = [];
    for (const school of schoolDefs) {
      const enters = current ? school.enters === event.invoiceType : school.stateId === NSW_STATE;
      if (!enters) continue;
      const members = people
        .filter((p) => p.row.schoolId === school.id && (!current || !p.row.archived))
        .map((p) => ({
          id: p.row.id,
          gender: p.row.gender,
          yearLevel: current ? p.row.yearLevel : yearLevelFor(p.row.dob, season - 1),
          disciplines: p.sports,
        }))
        .filter((m): m is typeof m & { yearLevel: string } => m.yearLevel !== null);
      const planner = createTeamPlanner({ eventId: event.id, schoolId: school.id, disciplines, members, newId });
      const target = Math.round(members.length * (current ? 0.35 : 0.3));
      const schoolTeams: PlannedTeam[] = [];
      for (
        let team;
        schoolTeams.length < target &&
        (team = planner.addTeam(rng, { unassignedChance: current && !school.paid ? 0.35 : 0 }));
      ) {
        schoolTeams.push(team);
      }
      eventTeams.push(...schoolTeams);
      const ctx = { schoolId: school.id, eventId: event.id, newId };
      const managers = planTeamManagers(rng, schoolTeams, { ...ctx, vic: event.invoiceType === 'VIC' });
      extras.managers.push(...managers);
      if (!current) continue;
      const entries = schoolTeams.flatMap((t) => t.entries);
      const vols = planVolunteers(rng, {
        ...ctx,
        vic: event.invoiceType === 'VIC',
        raceEntries: entries.length,
        ratio: 8,
        disciplines,
      });
      extras.volunteers.push(...vols.volunteers);
      extras.slots.push(...vols.slots);
      extras.preferences.push(...vols.preferences);
      extras.ticketing.push(planTicketing(rng, { ...ctx, managers: managers.length }));
      const entered = new Set(entries.map((e) => e.participantId));
      extras.waivers.push(
        ...planWaivers(rng, {
          ...ctx,
          createdBy: school.coordinator.email,
          completedShare: school.paid ? 1 : 0.7,
          participants: people.filter((p) => entered.has(p.row.id)).map((p) => p.row),
          volunteers: vols.volunteers,
        }),
      );
      if (school.paid) {
        // Issued as the invoice module issues it (rules/invoice-plan), and paid in full.
        const { content } = planInvoices({
          registrationFeeCents: toCents(Number(event.registrationFee)),
          teamEntryFeeCents: toCents(Number(event.teamEntryFee)),
          entries: entriesByDiscipline(entries),
          invoices: [],
          receivedCents: 0,
        }).open!;
        const { totalCents, entryCount, lines } = content;
        paymentRows.push({
          invoice: {
            id: newId(),
            schoolId: school.id,
            eventId: event.id,
            number: `DEMO-${season}-0001`,
            kind: 'initial',
            totalCents,
            entryCount,
            lines,
          },
          payment: {
            id: newId(),
            schoolId: school.id,
            eventId: event.id,
            amountCents: totalCents,
            method: 'bpay',
            reference: school.bpay,
            status: 'received',
            receivedAt: new Date(now.getTime() - 2 * DAY),
          },
        });
      }
    }
    if (current && event.invoiceType === 'NSW') assignBibs(eventTeams, 1, 101);
    if (!current) for (const d of disciplines) assignBibs(eventTeams, d.disciplineId, 1);
    planned.push(...eventTeams);
  }

  const spots: (typeof volunteerSpots.$inferInsert)[] = eventDefs
    .filter(({ event }) => event.year === season)
    .flatMap(({ event, disciplines }) =>
      disciplines
        .filter((d) => event.invoiceType !== 'VIC' || vicVolunteerGroup(d.disciplineId))
        .flatMap((d) =>
          Array.from({ length: d.divisionTo - d.divisionFrom + 1 }, (_, i) => ({
            eventId: event.id,
            disciplineId: d.disciplineId,
            division: d.divisionFrom + i,
            male: rng.int(1, 4),
            female: rng.int(1, 4),
          })),
        ),
    );

  // The first race day of the NSW event: its Alpine races in order, with results.
  const raceDay = planDemoRaceDay(
    {
      event: nsw,
      schools: schoolRows,
      participants: people.map((p) => p.row),
      teams: planned.map((p) => p.team),
      teamEntries: planned.flatMap((p) => p.entries),
    },
    mulberry32(SEED ^ RACE_DAY_SEED),
    'Demo timing system',
  );
  nsw.runningOrder = raceDay.runningOrder;

  return {
    logins,
    events: eventDefs.map((e) => e.event),
    eventStates: eventDefs.flatMap(({ event, states }) =>
      states.map((stateId) => ({ eventId: event.id, stateId })),
    ) as (typeof eventStates.$inferInsert)[],
    eventDisciplines: eventDefs.flatMap(({ event, disciplines }) =>
      disciplines.map((d) => ({ eventId: event.id, ...d })),
    ) as (typeof eventDisciplines.$inferInsert)[],
    schools: schoolRows,
    users: userRows,
    participants: people.map((p) => p.row),
    teams: planned.map((p) => p.team),
    teamEntries: planned.flatMap((p) => p.entries),
    ...extras,
    volunteerSpots: spots,
    ...raceDayRows(
      nsw,
      previous,
      schoolDefs.map((s) => s.name),
      newId,
    ),
    invoices: paymentRows.map((p) => p.invoice),
    payments: paymentRows.map((p) => p.payment),
    raceResults: raceDay.results,
    computedResultRaces: raceDay.resultRaces,
    computedResultOveralls: raceDay.resultOveralls,
  };
}

export type DemoRows = ReturnType<typeof planDemo>;

/** Invites for this season's NSW event; results of last season's; trophies (not tied to an event). */
function raceDayRows(nsw: EventRow, previous: EventRow, schoolNames: string[], newId: () => string) {
  const year = previous.year;
  const file = (slug: string) => `https://results.interschools.test/${year}/${slug}.pdf`;
  const placings = (offset: number) =>
    [0, 1, 2].map((i) => ({
      place: i + 1,
      name: schoolNames[(i + offset) % 4]!,
      school: schoolNames[(i + offset) % 4]!,
    }));
  const invitesRows: (typeof invites.$inferInsert)[] = [
    { id: newId(), eventId: nsw.id, disciplineId: 1, division: 2, gender: 'Female', stateNational: 'State' },
    { id: newId(), eventId: nsw.id, disciplineId: 4, division: 1, gender: 'Male', stateNational: 'National' },
    { id: newId(), eventId: nsw.id, disciplineId: 3, division: 3, gender: 'Male', stateNational: 'State' },
  ];
  const races: (typeof resultRaces.$inferInsert)[] = [
    {
      id: newId(),
      eventId: previous.id,
      disciplineId: 1,
      division: 1,
      gender: 'Female',
      teamIndividual: 'Team',
      fileUrl: file('alpine-div1-female-team'),
      placings: placings(0),
    },
    {
      id: newId(),
      eventId: previous.id,
      disciplineId: 1,
      division: 2,
      gender: 'Male',
      teamIndividual: 'Individual',
      fileUrl: file('alpine-div2-male-individual'),
      placings: placings(1),
    },
    {
      id: newId(),
      eventId: previous.id,
      disciplineId: 4,
      division: 1,
      gender: 'Co-Ed',
      teamIndividual: 'Team',
      fileUrl: file('sbgs-div1-coed-team'),
      placings: placings(2),
    },
  ];
  const overalls: (typeof resultOveralls.$inferInsert)[] = [
    {
      id: newId(),
      eventId: previous.id,
      pointscore: 'Skiing',
      schoolType: 'Secondary',
      gender: 'Female',
      fileUrl: file('pointscore-skiing-secondary-female'),
      placings: [
        { place: 1, name: schoolNames[0]!, points: 212 },
        { place: 2, name: schoolNames[1]!, points: 187 },
      ],
    },
    {
      id: newId(),
      eventId: previous.id,
      pointscore: 'Overall Pointscore',
      schoolType: 'Primary',
      gender: 'Co-Ed',
      fileUrl: file('pointscore-overall-primary'),
      placings: [
        { place: 1, name: schoolNames[2]!, points: 96 },
        { place: 2, name: schoolNames[1]!, points: 81 },
      ],
    },
  ];
  const img = (slug: string) => `https://images.interschools.test/trophies/${slug}.jpg`;
  const trophyRows: (typeof trophies.$inferInsert)[] = [
    {
      id: newId(),
      disciplineId: 1,
      division: 1,
      gender: 'female',
      state: 'NSW',
      type: 'team',
      name: 'Thredbo Valley Cup',
      imageUrl: [img('thredbo-valley-cup'), img('thredbo-valley-cup-detail')].join('|'),
    },
    {
      id: newId(),
      disciplineId: 4,
      division: 2,
      gender: 'male',
      state: 'VIC',
      type: 'independent',
      name: 'Falls Creek Shield',
      imageUrl: img('falls-creek-shield'),
    },
    {
      id: newId(),
      disciplineId: 7,
      division: 4,
      gender: 'female',
      state: 'NSW',
      type: 'team',
      name: 'Primary Alpine Plate',
      imageUrl: img('primary-alpine-plate'),
    },
  ];
  return { invites: invitesRows, resultRaces: races, resultOveralls: overalls, trophies: trophyRows };
}
