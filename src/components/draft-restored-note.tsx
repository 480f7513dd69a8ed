// Said when a screen opens on edits its user made earlier and has not saved (src/db/drafts.ts):
// they were kept, and can be saved or discarded.
export function DraftRestoredNote({ count, onDiscard }: { count: number; onDiscard(): void }) {
  return (
    <p role="status" className="draft-note">
      {count === 1 ? 'An edit you had not saved was' : `${count} edits you had not saved were`} kept on this device.
      Save when ready, or{' '}
      <button type="button" className="button" onClick={onDiscard}>
        Discard unsaved edits
      </button>
    </p>
  );
}
