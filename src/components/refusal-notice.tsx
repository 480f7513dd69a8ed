// The refusal of a save, on the screen that made it: the server's message and a way back to what
// the server holds (the refused change is discarded; the row or list returns to before it).
import { useState } from 'react';
import type { InterschoolsDb } from '../db/database';
import { discardFailed } from '../sync/blocked';
import type { Refusal } from './use-row-refusal';

export function RefusalNotice({
  db,
  refusal,
  className,
}: {
  db: InterschoolsDb;
  refusal: Refusal | null;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  if (!refusal) return null;
  return (
    <div className={className ?? 'refusal-notice'} role="alert">
      <p>The server refused the last save: {refusal.message}</p>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void discardFailed(db, refusal.localId).finally(() => setBusy(false));
        }}
      >
        Discard this change
      </button>
    </div>
  );
}
