// The results and trophies lists' writes: each list is saved in one batch (queueListBatch), one
// outbox item per table, so a discarded refusal is taken back on this device by its BatchUndo.
import { defineWrite, listBody } from '../../sync/write-adapter';
import { resultsApi } from '../../domain/schemas/api/results';

/** PUT /api/results answers { races, overalls }: each table's saved rows under its own key. */
export const RESULT_RACES_SAVE = defineWrite({
  table: 'resultRaces',
  op: 'saveList',
  route: resultsApi.save,
  body: listBody(['races'], ['racesDeleted']),
  answer: { key: 'races' },
});

export const RESULT_OVERALLS_SAVE = defineWrite({
  table: 'resultOveralls',
  op: 'saveList',
  route: resultsApi.save,
  body: listBody(['overalls'], ['overallDeleted']),
  answer: { key: 'overalls' },
});

export const TROPHIES_SAVE = defineWrite({
  table: 'trophies',
  op: 'saveList',
  route: resultsApi.saveTrophies,
  body: listBody(['trophies'], ['trophiesDeleted']),
});
