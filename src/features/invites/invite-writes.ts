// The invites grid's write: the list saved in one batch (queueListBatch), added invites as
// elements of `invites`, removed ones as ids.
import { defineWrite, listBody } from '../../sync/write-adapter';
import { invitesApi } from '../../domain/schemas/api/invites';

export const INVITES_SAVE = defineWrite({
  table: 'invites',
  op: 'saveList',
  route: invitesApi.save,
  body: listBody(['invites'], ['invitesDeleted']),
});
