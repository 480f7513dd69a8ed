// The PUT /api/users body is the contract's (usersBodySchema). A row whose id begins 'tempid'
// (spec section 3, CONST-30) is a new user and the server gives it a real id; any other id must
// be a UUID naming a staff user that exists.
import { TEMP_ID_PREFIX } from '../../../src/domain/constants/policy';
import type { SaveUsersBody } from '../../../src/domain/schemas/api/users';

export type { SaveUsersBody };
export type UserRowWrite = SaveUsersBody['users'][number];

export const isTempId = (id: string): boolean => id.startsWith(TEMP_ID_PREFIX);
