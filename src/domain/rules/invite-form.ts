// The add-invite dialog (INV-02, INV-03, VAL-19): it closes with an invite only when its form is
// valid, every choice made from the lists of CONST-16 (and the discipline one that exists), and
// the invite not already in the grid; Cancel closes it with nothing.
import { INVITE_DIVISIONS, INVITE_GENDERS, INVITE_LEVELS, type InviteLevel } from '../constants/choices';

/** The dialog's selects, as text ('' while nothing is chosen). */
export type InviteFormValues = { DisciplineId: string; division: string; gender: string; stateNational: string };
export type InviteChoice = {
  DisciplineId: number;
  division: number;
  gender: (typeof INVITE_GENDERS)[number];
  stateNational: InviteLevel;
};
export type InviteFormProblems = Partial<Record<keyof InviteFormValues | 'form', string>>;

export const EMPTY_INVITE_FORM: InviteFormValues = { DisciplineId: '', division: '', gender: '', stateNational: '' };

export const INVITE_FORM_MESSAGES = {
  DisciplineId: 'Choose a discipline.',
  division: 'Choose a division.',
  gender: 'Choose a gender.',
  stateNational: 'Choose State or National.',
  duplicate: 'This invite is already in the list.',
} as const;

const oneOf = <T extends string | number>(list: readonly T[], value: T | undefined): value is T =>
  value !== undefined && list.includes(value);

/** The invite the form describes, or the problem of each field (and of the whole form). */
export function readInviteForm(
  values: InviteFormValues,
  disciplineIds: readonly number[],
  existing: readonly InviteChoice[] = [],
): { invite: InviteChoice } | { problems: InviteFormProblems } {
  const problems: InviteFormProblems = {};
  const DisciplineId = values.DisciplineId === '' ? undefined : Number(values.DisciplineId);
  const division = values.division === '' ? undefined : Number(values.division);
  const gender = values.gender as InviteChoice['gender'];
  const stateNational = values.stateNational as InviteLevel;
  if (!oneOf(disciplineIds, DisciplineId)) problems.DisciplineId = INVITE_FORM_MESSAGES.DisciplineId;
  if (!oneOf(INVITE_DIVISIONS as readonly number[], division)) problems.division = INVITE_FORM_MESSAGES.division;
  if (!oneOf(INVITE_GENDERS, gender)) problems.gender = INVITE_FORM_MESSAGES.gender;
  if (!oneOf(INVITE_LEVELS, stateNational)) problems.stateNational = INVITE_FORM_MESSAGES.stateNational;
  if (Object.keys(problems).length > 0) return { problems };
  const invite: InviteChoice = { DisciplineId: DisciplineId!, division: division!, gender, stateNational };
  const taken = existing.some(
    (e) =>
      e.DisciplineId === invite.DisciplineId &&
      e.division === invite.division &&
      e.gender === invite.gender &&
      e.stateNational === invite.stateNational,
  );
  return taken ? { problems: { form: INVITE_FORM_MESSAGES.duplicate } } : { invite };
}

export type InviteDialogOutcome =
  { close: true; result: InviteChoice | null } | { close: false; problems: InviteFormProblems };

/** What the dialog does on Add or Cancel: Cancel closes with no result; Add closes with the
 *  invite only when the form is valid, otherwise it stays open showing the problems. */
export function inviteDialogOutcome(
  action: 'add' | 'cancel',
  values: InviteFormValues,
  disciplineIds: readonly number[],
  existing: readonly InviteChoice[] = [],
): InviteDialogOutcome {
  if (action === 'cancel') return { close: true, result: null };
  const read = readInviteForm(values, disciplineIds, existing);
  return 'invite' in read ? { close: true, result: read.invite } : { close: false, problems: read.problems };
}
