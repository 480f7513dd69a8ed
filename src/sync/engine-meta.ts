// The engine's own keys in the Dexie `meta` table (src/db/meta.ts keeps the others), and the
// string form of a row key that the outbox and the mirror share.

export const ENGINE_META = {
  /** Highest sequence number ever sent from this device: an unsent item at or below it needs a
   *  new number, or the server would take it for a replay. */
  lastSentSeq: 'outbox:lastSentSeq',
  /** Set by a 401: the username whose session ended ('' when unknown). */
  pausedFor: 'outbox:pausedFor',
  /** The user the current session belongs to (resumeFor): only their items are sent. */
  user: 'outbox:user',
  /** The scopeKey of the last pull. */
  scope: 'sync:scope',
  /** The scopeKey of the last race-day pull. */
  raceDayScope: 'sync:raceDayScope',
} as const;

export const rowKeyString = (rowId: unknown) => (Array.isArray(rowId) ? rowId.join(':') : String(rowId));
