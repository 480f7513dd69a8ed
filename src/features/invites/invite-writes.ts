// The invites grid's write: the list saved in one batch (queueListBatch), added invites as
// elements of `invites`, removed ones as ids.
import { defineWrite, listBody } from '../../sync/write-adapter';

export const INVITES_SAVE = defineWrite({
  table: 'invites', method: 'PUT', op: 'saveList', path: '/api/invites', body: listBody(['invites'], ['invitesDeleted']),
});
