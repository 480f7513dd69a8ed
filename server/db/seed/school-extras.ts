// The rows around a school's teams in one event, for seeded data: team managers (one per team at
// most), volunteers with their course-official slots and first preferences, ticketing within the
// passes available, and waivers.
import { TICKET_FIELDS } from '../../../src/domain/constants';
import {
  divisionChoices,
  genderChoices,
  requiredVolunteers,
  vicVolunteerGroup,
  volunteerPositions,
} from '../../../src/domain/rules';
import type { teamManagers, ticketing, volunteerPreferences, volunteerSlots, volunteers, waivers } from '../schema';
import { emailPart, fictionalMobile, randomPerson } from './people';
import type { Rng } from './prng';
import type { PlannedTeam, SeedEventDiscipline } from './team-planner';

type Ctx = { schoolId: string; eventId: string; newId: () => string };
export type TeamManagerRow = typeof teamManagers.$inferInsert & { id: string };
type VolunteerRow = typeof volunteers.$inferInsert & { id: string; firstname: string; lastname: string };
type SlotRow = typeof volunteerSlots.$inferInsert & { id: string };
type PreferenceRow = typeof volunteerPreferences.$inferInsert;
export type TicketingRow = typeof ticketing.$inferInsert;
export type WaiverRow = typeof waivers.$inferInsert;

/** About one manager for every four teams; most teams get one (sets team.teamManagerId). */
export function planTeamManagers(
  rng: Rng,
  planned: readonly PlannedTeam[],
  ctx: Ctx & { vic: boolean },
): TeamManagerRow[] {
  if (!planned.length) return [];
  const managers: TeamManagerRow[] = Array.from({ length: Math.ceil(planned.length / 4) }, () => {
    const p = randomPerson(rng);
    return {
      id: ctx.newId(),
      schoolId: ctx.schoolId,
      eventId: ctx.eventId,
      firstname: p.firstname,
      lastname: p.lastname,
      mobile: fictionalMobile(rng),
      seasonPass: ctx.vic && rng.chance(0.4) ? '1' : '0',
    };
  });
  planned.forEach((p, i) => {
    if (rng.chance(0.75)) p.team.teamManagerId = managers[i % managers.length]!.id;
  });
  return managers;
}

function completePreference(rng: Rng, disciplines: readonly SeedEventDiscipline[], vic: boolean) {
  const offered = disciplines.filter((d) => d.active && (!vic || vicVolunteerGroup(d.disciplineId)));
  const d = rng.pick(offered);
  return {
    disciplineId: d.disciplineId,
    division: rng.pick(divisionChoices(d)),
    gender: rng.pick(genderChoices(d)),
    position: rng.pick(volunteerPositions(d.disciplineId)),
    isLocked: true,
  };
}

/** Slots for the volunteers the school owes (one per `ratio` race entries, rounded up); most are
 *  filled with a volunteer and a complete, locked preference. An open slot has an incomplete
 *  preference in VIC events (a complete one there needs a volunteer) and either kind elsewhere. */
export function planVolunteers(
  rng: Rng,
  ctx: Ctx & {
    vic: boolean;
    raceEntries: number;
    ratio: number;
    disciplines: readonly SeedEventDiscipline[];
  },
) {
  const required = requiredVolunteers(ctx.raceEntries, ctx.ratio);
  const filled = required > 1 && rng.chance(0.4) ? required - 1 : required;
  const people: VolunteerRow[] = Array.from({ length: filled }, (_, i) => {
    const p = randomPerson(rng);
    return {
      id: ctx.newId(),
      schoolId: ctx.schoolId,
      eventId: ctx.eventId,
      firstname: p.firstname,
      lastname: p.lastname,
      mobile: fictionalMobile(rng),
      email: `${emailPart(p.firstname)}.${emailPart(p.lastname)}${i + 1}@example.com`,
      seasonPass: ctx.vic && rng.chance(0.3) ? '1' : '0',
    };
  });
  const slots: SlotRow[] = [];
  const preferences: PreferenceRow[] = [];
  for (let i = 0; i < required; i++) {
    const slot: SlotRow = {
      id: ctx.newId(),
      schoolId: ctx.schoolId,
      eventId: ctx.eventId,
      volunteerId: people[i]?.id ?? null,
    };
    slots.push(slot);
    const complete = slot.volunteerId !== null || (!ctx.vic && rng.chance(0.5));
    preferences.push(
      complete
        ? { id: ctx.newId(), slotId: slot.id, rank: 1, ...completePreference(rng, ctx.disciplines, ctx.vic) }
        : {
            id: ctx.newId(),
            slotId: slot.id,
            rank: 1,
            disciplineId: null,
            division: null,
            gender: null,
            position: null,
            isLocked: false,
          },
    );
  }
  return { volunteers: people, slots, preferences };
}

/** Ticket requests that never exceed the passes available (the spec's tooMany rule). */
export function planTicketing(rng: Rng, ctx: Omit<Ctx, 'newId'> & { managers: number }): TicketingRow {
  const passes = Math.max(2, ctx.managers * 2);
  const row: TicketingRow = { schoolId: ctx.schoolId, eventId: ctx.eventId, noAvailableTeamManagerPasses: passes };
  let left = passes - rng.int(0, 1);
  for (const field of TICKET_FIELDS) {
    const n = rng.int(0, Math.min(2, left));
    row[field] = n;
    left -= n;
  }
  return row;
}

export function planWaivers(
  rng: Rng,
  ctx: Omit<Ctx, 'newId'> & {
    newId: () => string;
    createdBy: string;
    completedShare: number;
    participants: readonly { firstname: string; lastname: string; snowId: string | null }[];
    volunteers: readonly { firstname: string; lastname: string }[];
  },
): WaiverRow[] {
  const row = (
    type: 'participant' | 'volunteer',
    p: { firstname: string; lastname: string },
    snowId: string | null,
  ): WaiverRow => ({
    id: ctx.newId(),
    schoolId: ctx.schoolId,
    eventId: ctx.eventId,
    type,
    name: `${p.firstname} ${p.lastname}`,
    givenName: p.firstname,
    surname: p.lastname,
    snowId,
    completed: rng.chance(ctx.completedShare) ? 1 : 0,
    createdBy: ctx.createdBy,
  });
  return [
    ...ctx.participants.map((p) => row('participant', p, p.snowId)),
    ...ctx.volunteers.map((v) => row('volunteer', v, null)),
  ];
}
