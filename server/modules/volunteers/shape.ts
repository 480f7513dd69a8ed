// Volunteers, slots and spots as the API and the change feed send them (one shape for both). A
// season pass is the spec's '0'/'1' whatever text a row was given by SQL or an old import.
import type { Volunteer, VolunteerSlot, VolunteerSpot } from '../../../src/domain/schemas';
import type { volunteerPreferences, volunteerSlots, volunteerSpots, volunteers } from '../../db/schema';

type VolunteerRow = typeof volunteers.$inferSelect;
type SlotRow = typeof volunteerSlots.$inferSelect;
type PreferenceRow = typeof volunteerPreferences.$inferSelect;
type SpotRow = typeof volunteerSpots.$inferSelect;

export function toVolunteer(r: VolunteerRow): Volunteer {
  return {
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    mobile: r.mobile,
    email: r.email,
    seasonPass: r.seasonPass === '1' ? '1' : '0',
    SchoolId: r.schoolId,
    EventId: r.eventId,
    version: r.version,
  };
}

/** A slot with its preferences in rank order (the first is the one that counts). */
export function toSlot(r: SlotRow, prefs: readonly PreferenceRow[]): VolunteerSlot {
  return {
    id: r.id,
    VolunteerId: r.volunteerId,
    preferences: prefs
      .filter((p) => p.slotId === r.id)
      .sort((a, b) => a.rank - b.rank)
      .map((p) => ({
        DisciplineId: p.disciplineId,
        division: p.division,
        gender: p.gender as 'Male' | 'Female' | null,
        position: p.position as VolunteerSlot['preferences'][number]['position'],
        isLocked: p.isLocked,
      })),
    SchoolId: r.schoolId,
    EventId: r.eventId,
    version: r.version,
  };
}

export function toSpot(r: SpotRow): VolunteerSpot {
  return {
    EventId: r.eventId,
    DisciplineId: r.disciplineId,
    division: r.division,
    male: r.male,
    female: r.female,
    version: r.version,
  };
}
