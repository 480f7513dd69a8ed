// Waivers matched to the people a school brings (spec section 7, GET /api/waivers/matched). Families
// fill in the waiver form themselves, so a name arrives as they typed it ('zoe o'brien',
// 'Zoë OBrien', 'Zoe  O-Brien'): names are compared without case, accents, spaces, hyphens or
// apostrophes, and a participant's snow id, when both sides have one, matches as well. The server's
// answer and the screen (over the device's mirror, offline too) run this same function, so both
// show the same lists; it orders everything itself, so the order rows were read in never matters.
import type { WaiverType } from '../constants/choices';

export interface WaiverPerson {
  id: string;
  firstname: string;
  lastname: string;
}
export interface WaiverParticipant extends WaiverPerson {
  snowId?: string | null;
  /** 1 = removed from the school's list: such a participant takes no waiver. */
  archived?: number;
}
export interface MatchableWaiver {
  id: string;
  type: WaiverType;
  /** The full name as the form took it; used only when given name and surname are both empty. */
  name: string;
  givenName: string;
  surname: string;
  snowId?: string | null;
  completed: boolean;
}

interface ParticipantWaiverMatch<W> {
  ParticipantId: string;
  firstname: string;
  lastname: string;
  snowId: string | null;
  waiver: W | null;
}
interface VolunteerWaiverMatch<W> {
  VolunteerId: string;
  firstname: string;
  lastname: string;
  waiver: W | null;
}
/** The four lists of GET /api/waivers/matched. */
export interface WaiverMatches<W> {
  participants: ParticipantWaiverMatch<W>[];
  volunteers: VolunteerWaiverMatch<W>[];
  unmatchedParticipants: W[];
  unmatchedVolunteers: W[];
}

// Hyphens and dashes of every kind, apostrophes straight and curly, the backtick and acute accent
// people type for an apostrophe, and any space.
const IGNORED = /[\s\-\u2010-\u2015\u2212'\u2018\u2019\u02BC`\u00B4]/gu;

/** A name as compared: decomposed (NFKD) without its combining marks, lower case, and without
 *  spaces, hyphens and apostrophes. 'Zoë O'Brien-Smith' -> 'zoeobriensmith'. */
export function nameKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(IGNORED, '').toLowerCase();
}

const snowKey = (snowId: string | null | undefined) => (snowId ?? '').trim();

/** Does the waiver name this person? Given name and surname each against the person's; a waiver
 *  holding only a full name is compared with the person's whole name. */
export function namesMatch(
  waiver: Pick<MatchableWaiver, 'name' | 'givenName' | 'surname'>,
  person: WaiverPerson,
): boolean {
  const whole = nameKey(person.firstname + person.lastname);
  if (!whole) return false;
  const given = nameKey(waiver.givenName);
  const surname = nameKey(waiver.surname);
  if (given || surname) return given === nameKey(person.firstname) && surname === nameKey(person.lastname);
  return nameKey(waiver.name) === whole;
}

// Code-point order of the compared names (never the locale's collation: the server and a browser
// must order alike), then the id so that equal names still sort the same everywhere.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byPerson = (a: WaiverPerson, b: WaiverPerson) =>
  compareText(nameKey(a.lastname), nameKey(b.lastname)) ||
  compareText(nameKey(a.firstname), nameKey(b.firstname)) ||
  compareText(a.id, b.id);
const byWaiverName = (a: MatchableWaiver, b: MatchableWaiver) =>
  compareText(nameKey(a.surname), nameKey(b.surname)) ||
  compareText(nameKey(a.givenName), nameKey(b.givenName)) ||
  compareText(nameKey(a.name), nameKey(b.name)) ||
  compareText(a.id, b.id);

/** Gives each person at most one waiver of `type`. Each waiver's candidates are the person with its
 *  snow id (participants), else the people it names. Waivers choose in turn: completed ones first
 *  (when two name the same person the completed one wins), then those matched by snow id; each
 *  takes its first candidate still without a waiver. The waivers left over match nobody. */
function assign<W extends MatchableWaiver, P extends WaiverPerson>(
  waivers: readonly W[],
  people: readonly P[],
  snowIdOf: (person: P) => string,
): { waiverOf: Map<string, W>; unmatched: W[] } {
  const bySnowId = new Map<string, P>();
  for (const person of people)
    if (snowIdOf(person) && !bySnowId.has(snowIdOf(person))) bySnowId.set(snowIdOf(person), person);
  const candidates = new Map<string, { people: P[]; bySnowId: boolean }>();
  for (const waiver of waivers) {
    const sameSnowId = snowKey(waiver.snowId) ? bySnowId.get(snowKey(waiver.snowId)) : undefined;
    candidates.set(
      waiver.id,
      sameSnowId
        ? { people: [sameSnowId], bySnowId: true }
        : { people: people.filter((person) => namesMatch(waiver, person)), bySnowId: false },
    );
  }
  const turn = [...waivers].sort(
    (a, b) =>
      Number(b.completed) - Number(a.completed) ||
      Number(candidates.get(b.id)!.bySnowId) - Number(candidates.get(a.id)!.bySnowId) ||
      byWaiverName(a, b),
  );
  const waiverOf = new Map<string, W>();
  const unmatched: W[] = [];
  for (const waiver of turn) {
    const person = candidates.get(waiver.id)!.people.find((p) => !waiverOf.has(p.id));
    if (person) waiverOf.set(person.id, waiver);
    else unmatched.push(waiver);
  }
  return { waiverOf, unmatched: unmatched.sort(byWaiverName) };
}

/**
 * The school's people with their waiver (or null) and the waivers that match nobody, for one
 * event. `participants`: the school's participants (archived ones are left out here: the people a
 * school brings are its active participants); `volunteers`: the school's volunteers of the event;
 * `waivers`: the school's waivers of the event, of both types.
 */
export function matchWaivers<W extends MatchableWaiver>(rows: {
  participants: readonly WaiverParticipant[];
  volunteers: readonly WaiverPerson[];
  waivers: readonly W[];
}): WaiverMatches<W> {
  const participants = rows.participants.filter((p) => p.archived !== 1).sort(byPerson);
  const volunteers = [...rows.volunteers].sort(byPerson);
  const ofType = (type: WaiverType) => rows.waivers.filter((w) => w.type === type);
  const forParticipants = assign(ofType('participant'), participants, (p) => snowKey(p.snowId));
  const forVolunteers = assign(ofType('volunteer'), volunteers, () => '');
  return {
    participants: participants.map((p) => ({
      ParticipantId: p.id,
      firstname: p.firstname,
      lastname: p.lastname,
      snowId: p.snowId ?? null,
      waiver: forParticipants.waiverOf.get(p.id) ?? null,
    })),
    volunteers: volunteers.map((v) => ({
      VolunteerId: v.id,
      firstname: v.firstname,
      lastname: v.lastname,
      waiver: forVolunteers.waiverOf.get(v.id) ?? null,
    })),
    unmatchedParticipants: forParticipants.unmatched,
    unmatchedVolunteers: forVolunteers.unmatched,
  };
}

export interface WaiverCount {
  completed: number;
  total: number;
}

/** People whose matched waiver is completed, of all the people (racers and volunteers apart). */
export function waiverCounts(matches: Pick<WaiverMatches<MatchableWaiver>, 'participants' | 'volunteers'>): {
  participants: WaiverCount;
  volunteers: WaiverCount;
} {
  const count = (rows: readonly { waiver: MatchableWaiver | null }[]) => ({
    completed: rows.filter((row) => row.waiver?.completed).length,
    total: rows.length,
  });
  return { participants: count(matches.participants), volunteers: count(matches.volunteers) };
}
