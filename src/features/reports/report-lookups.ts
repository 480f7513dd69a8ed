// Names the report rows give only as ids (states, disciplines), looked up in the device's mirror of
// the reference data, so a report reads the same offline.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../../db/database';

export type NameOf = (id: number | null | undefined) => string;

function nameLookup(list: readonly { id: number; name: string }[] | undefined): NameOf {
  const names = new Map((list ?? []).map((item) => [item.id, item.name]));
  return (id) => (id === null || id === undefined ? '' : (names.get(id) ?? String(id)));
}

export function useStates(db: InterschoolsDb) {
  return useLiveQuery(() => db.states.orderBy('id').toArray(), [db]);
}

export function useStateName(db: InterschoolsDb): NameOf {
  return nameLookup(useStates(db));
}

export function useDisciplineName(db: InterschoolsDb): NameOf {
  return nameLookup(useLiveQuery(() => db.disciplines.orderBy('id').toArray(), [db]));
}
