// The Save button of every grid (spec section 4): disabled until a change is made, then enabled
// and green; disabled again once the save is done; 'Saving…' while the updating flag is on.
// `blockedReason` keeps it disabled (e.g. invalid cells) and says why.

export interface SaveButtonProps {
  /** Something changed since the last save. */
  dirty: boolean;
  /** A save is running. */
  updating?: boolean;
  /** Why saving is not possible now (invalid cells, locked event); null when it is. */
  blockedReason?: string | null;
  onSave: () => void | Promise<void>;
  label?: string;
}

export function SaveButton({ dirty, updating = false, blockedReason = null, onSave, label = 'Save' }: SaveButtonProps) {
  const disabled = !dirty || updating || Boolean(blockedReason);
  const enabled = !disabled;
  return (
    <span className="save-button">
      <button
        type="button"
        className={enabled ? 'btn button-save btn-success' : 'btn button-save'}
        style={{ minHeight: 44, minWidth: 88 }}
        disabled={disabled}
        aria-busy={updating || undefined}
        aria-describedby={blockedReason && dirty ? 'save-blocked-reason' : undefined}
        onClick={() => void onSave()}
      >
        {updating ? 'Saving…' : label}
      </button>
      {blockedReason && dirty && (
        <span id="save-blocked-reason" className="save-button-reason" role="note">
          {' '}
          {blockedReason}
        </span>
      )}
    </span>
  );
}
