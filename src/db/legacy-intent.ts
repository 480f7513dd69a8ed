// The intent of an outbox item queued before version 4, which stored only the REST call. Read
// once, in version 4's upgrade, from the shapes those bodies had; this is the one place that
// still infers a row's place from a body, and the answers' layouts of the entities whose answers
// were not the row itself. Never used for items queued since: their features declare the intent.
import type { EntityName } from './database';
import { isPlainObject, type AnswerLayout, type BodyLayout, type WriteIntent, type WriteOp } from './write-intent';

type LegacyItem = { entity: EntityName; rowId: string | number | null; method: string; path: string; body: unknown };

/** Answers that carried their rows under a key, or nested another table's rows, before version 4. */
const LEGACY_ANSWERS: Readonly<Partial<Record<EntityName, AnswerLayout>>> = {
  schools: { key: 'school' },
  resultRaces: { key: 'races' },
  resultOveralls: { key: 'overalls' },
  teams: {
    nested: { field: 'TeamEntries', table: 'teamEntries', parentKey: 'TeamId', joined: ['Discipline', 'TeamManager'] },
  },
};

/** Where the one row of a one-row item sat: an element of a list ({ marks: [{ id }] }), the one
 *  object of a wrapped body ({ ticketing: {...} }), else the body itself. */
function oneRowLayout(body: unknown, rowId: string | number): BodyLayout {
  if (!isPlainObject(body)) return { kind: 'none' };
  const list = Object.entries(body).find(
    ([, value]) => Array.isArray(value) && value.some((el) => isPlainObject(el) && el.id === rowId),
  );
  if (list) return { kind: 'lists', lists: [list[0]], idLists: [] };
  const keys = Object.keys(body);
  if (keys.length === 1 && isPlainObject(body[keys[0]!]) && !('id' in body)) return { kind: 'wrapped', key: keys[0]! };
  return { kind: 'row' };
}

/** A list body: lists of objects carry rows, lists of anything else name rows by id. */
function listLayout(body: unknown): BodyLayout {
  if (!isPlainObject(body)) return { kind: 'none' };
  const lists: string[] = [];
  const idLists: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (!Array.isArray(value)) continue;
    if (value.some((el) => !isPlainObject(el))) idLists.push(key);
    else lists.push(key);
  }
  return { kind: 'lists', lists, idLists };
}

function legacyOp(item: LegacyItem): WriteOp {
  if (item.method === 'DELETE') return 'delete';
  if (item.rowId === null) return 'saveList';
  return item.method === 'POST' ? 'create' : 'update';
}

export function legacyIntent(item: LegacyItem): WriteIntent {
  const answer = LEGACY_ANSWERS[item.entity] ?? {};
  const op = legacyOp(item);
  if (item.rowId !== null) {
    const id = String(item.rowId);
    const segment = `/${id}`;
    const named = item.path.endsWith(segment) || item.path.includes(`${segment}/`);
    return {
      table: item.entity,
      op,
      rowIds: [item.rowId],
      body: item.method === 'DELETE' ? { kind: 'none' } : oneRowLayout(item.body, item.rowId),
      answer,
      ...(named ? { pathTemplate: item.path.replace(segment, '/{id}') } : {}),
    };
  }
  const body = listLayout(item.body);
  const rowIds =
    body.kind === 'lists' && isPlainObject(item.body)
      ? [
          ...body.lists.flatMap((key) =>
            (item.body as Record<string, unknown[]>)[key]!.filter(isPlainObject).map((el) => el.id),
          ),
          ...body.idLists.flatMap((key) => (item.body as Record<string, unknown[]>)[key]!),
        ].filter((id): id is string | number => typeof id === 'string' || typeof id === 'number')
      : [];
  return { table: item.entity, op, rowIds, body, answer };
}
