// What the registry import changes, decided from the participants as stored and the registry's
// answers, without touching the database (docs/registry.md 'Import'). Kept pure so the rules read
// in one place and the transaction only carries them out.
import type { IncorrectDob } from '../../../src/domain/schemas/api/registry';
import { personKey, type Athlete } from '../../integrations/registry';

export type EnteredParticipant = {
  id: string;
  schoolId: string;
  snowId: string | null;
  snowIdActive: number;
  firstname: string;
  lastname: string;
  dob: string | null;
};

/** The registry's answers, asked before the transaction. `asked`: the snow ids looked up (an id
 *  not among them was given after the question and is left alone); `byPerson`: by personKey. */
export type RegistryAnswers = {
  asked: ReadonlySet<string>;
  byId: ReadonlyMap<string, Athlete>;
  byPerson: ReadonlyMap<string, readonly Athlete[]>;
};

export type ImportPlan = {
  /** Participants given a snow id (the registry's athlete of the same names and date of birth). */
  snowIds: { id: string; snowId: string }[];
  /** Participants whose snow id became active or inactive (or unknown) in the registry. */
  activity: { id: string; snowIdActive: 0 | 1 }[];
  incorrectDob: IncorrectDob[];
  /** Participants (with the snow id they will have) whose registry waiver is signed. */
  waivers: (EnteredParticipant & { snowId: string })[];
};

/** Whom a participant without a snow id is: the one active athlete of the same names and date
 *  of birth. None, or several (never guess between two), is no one. */
function matchOf(person: EnteredParticipant, answers: RegistryAnswers): Athlete | null {
  if (person.snowId || !person.dob || !person.firstname.trim() || !person.lastname.trim()) return null;
  const key = personKey(person);
  const candidates = new Map<string, Athlete>();
  for (const athlete of answers.byPerson.get(key) ?? []) {
    // The registry may match more loosely than we do: its answer is checked again here.
    if (athlete.active && personKey(athlete) === key) candidates.set(athlete.snowId, athlete);
  }
  return candidates.size === 1 ? [...candidates.values()][0]! : null;
}

/**
 * `taken`: per school, the snow ids its participants hold (archived ones too: a school holds a
 * snow id once). A snow id already held in the school, or matched to two of its participants, is
 * given to nobody: a person must look (the participants grid shows them without a snow id).
 */
export function planImport(
  people: readonly EnteredParticipant[],
  answers: RegistryAnswers,
  taken: ReadonlyMap<string, ReadonlySet<string>>,
): ImportPlan {
  const proposals = people.flatMap((p) => {
    const athlete = matchOf(p, answers);
    return athlete ? [{ person: p, athlete }] : [];
  });
  const perSchoolId = new Map<string, number>();
  for (const { person, athlete } of proposals) {
    const key = `${person.schoolId}|${athlete.snowId}`;
    perSchoolId.set(key, (perSchoolId.get(key) ?? 0) + 1);
  }
  const given = proposals.filter(
    ({ person, athlete }) =>
      perSchoolId.get(`${person.schoolId}|${athlete.snowId}`) === 1 && !taken.get(person.schoolId)?.has(athlete.snowId),
  );

  const plan: ImportPlan = { snowIds: [], activity: [], incorrectDob: [], waivers: [] };
  for (const { person, athlete } of given) {
    plan.snowIds.push({ id: person.id, snowId: athlete.snowId });
    if (athlete.waiverCompleted) plan.waivers.push({ ...person, snowId: athlete.snowId, snowIdActive: 1 });
  }
  for (const person of people) {
    if (!person.snowId || !answers.asked.has(person.snowId)) continue;
    const athlete = answers.byId.get(person.snowId) ?? null;
    const active = athlete?.active ? 1 : 0;
    if (active !== person.snowIdActive) plan.activity.push({ id: person.id, snowIdActive: active });
    if (!athlete) continue;
    if (athlete.dob && athlete.dob !== person.dob) {
      plan.incorrectDob.push({
        ParticipantId: person.id,
        snowId: person.snowId,
        firstname: person.firstname,
        lastname: person.lastname,
        dob: person.dob,
        registryDob: athlete.dob,
      });
    }
    if (athlete.waiverCompleted) plan.waivers.push({ ...person, snowId: person.snowId });
  }
  plan.incorrectDob.sort(
    (a, b) =>
      compare(a.lastname, b.lastname) || compare(a.firstname, b.firstname) || compare(a.ParticipantId, b.ParticipantId),
  );
  return plan;
}

// Code-point order, so the answer's order never depends on the server's locale.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
