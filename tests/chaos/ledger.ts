// What the run did, edit by edit: which device queued it, which rows and values it carried, and
// which outbox items hold it. Whether an edit was accepted or refused is read afterwards from the
// device's outbox (an item gone: the server took it; an item set aside: refused), never assumed.

export type Entity = 'participants' | 'teamManagers' | 'ticketing';

export type LedgerEdit = {
  /** The edit's number in the run (values carry it, so they are unique). */
  n: number;
  device: number;
  entity: Entity;
  /** What the harness expects: 'accepted' (no one else touches these rows), 'refused' (the server
   *  must refuse it), 'contest' (this or its twin on another device is refused, not both). */
  expect: 'accepted' | 'refused' | 'contest';
  /** A new row (its id in `rows`). */
  creates: boolean;
  /** The values it sets, per row id. */
  rows: { id: string; values: Record<string, unknown> }[];
  /** The outbox items it queued on its device. */
  localIds: number[];
  /** The other edit of a conflict. */
  twin?: number;
};

export type Ledger = { edits: LedgerEdit[]; next(): number };

export function newLedger(): Ledger {
  let n = 0;
  return { edits: [], next: () => ++n };
}
