// The users grid's rows while they are edited: each row as typed, its problems (the same domain
// schema the server applies, plus 'a new user needs a password'), and the save body of spec
// section 7. A row the admin adds carries a temporary id beginning 'tempid' (USR-03); the server
// answers it with its real id.
import { v7 as uuidv7 } from 'uuid';
import { TEMP_ID_PREFIX } from '../../domain/constants/policy';
import type { AdminUser } from '../../domain/schemas';
import { adminUserWriteSchema } from '../../domain/schemas';
import type { usersApi } from '../../domain/schemas/api/users';
import type { RouteBody } from '../../domain/schemas/route';

type SaveBody = RouteBody<typeof usersApi.save>;

export type UserField = 'firstname' | 'lastname' | 'email' | 'role' | 'newPassword';
export type UserDraft = Record<UserField, string> & { id: string; version?: number };
export type UserProblems = Partial<Record<UserField, string>>;

export const isNewUser = (id: string) => id.startsWith(TEMP_ID_PREFIX);

export const draftOf = (u: AdminUser): UserDraft => ({
  id: u.id,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  role: u.role,
  newPassword: '',
  version: u.version,
});

export const newDraft = (): UserDraft => ({
  id: `${TEMP_ID_PREFIX}-${uuidv7()}`,
  firstname: '',
  lastname: '',
  email: '',
  role: '',
  newPassword: '',
});

const FIELD_MESSAGES = {
  firstname: 'Enter the given name.',
  lastname: 'Enter the surname.',
  role: 'Choose a role.',
  newUserPassword: 'A new user needs a password.',
} as const;

// Each row is checked without its id: the id is never typed, and a new row's is temporary.
const rowSchema = adminUserWriteSchema.omit({ id: true });

/** What is wrong with a row, field by field; empty when it can be sent. */
export function draftProblems(draft: UserDraft): UserProblems {
  const problems: UserProblems = {};
  const parsed = rowSchema.safeParse({ ...draft, email: draft.email.trim() });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as UserField;
    if (problems[field]) continue;
    // Email and password carry the schema's own wording; required fields get ours.
    problems[field] = field === 'email' || field === 'newPassword' ? issue.message : FIELD_MESSAGES[field];
  }
  if (isNewUser(draft.id) && !draft.newPassword && !problems.newPassword)
    problems.newPassword = FIELD_MESSAGES.newUserPassword;
  return problems;
}

export function isChanged(draft: UserDraft, original: AdminUser | undefined): boolean {
  if (!original) return true;
  return (
    draft.newPassword !== '' ||
    draft.firstname !== original.firstname ||
    draft.lastname !== original.lastname ||
    draft.email !== original.email ||
    draft.role !== original.role
  );
}

/** PUT /api/users: the changed and new rows, and the removed ids. A save is sent only once
 *  draftProblems finds nothing, so each role typed is one the schema takes. */
export function saveBody(changed: readonly UserDraft[], removed: ReadonlySet<string>): SaveBody {
  return {
    multi: true,
    users: changed.map((d) => ({
      id: d.id,
      firstname: d.firstname,
      lastname: d.lastname,
      email: d.email.trim(),
      role: d.role as SaveBody['users'][number]['role'],
      newPassword: d.newPassword,
      ...(d.version === undefined ? {} : { version: d.version }),
    })),
    usersDeleted: [...removed],
  };
}
