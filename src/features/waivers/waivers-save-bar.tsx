// The waivers screen's Save, in a bar that stays at the top of the screen while the lists scroll
// (waivers.css), with how many edits wait for it, and what the last Save did: a coordinator who
// ticks the fortieth name finds Save and its answer where they are, not at the top of a long page.
import { SaveButton } from '../../components/save-button';

export function WaiversSaveBar({
  unsaved,
  updating,
  notice,
  error,
  onSave,
}: {
  /** Edits not saved yet. */
  unsaved: number;
  updating: boolean;
  notice: string | null;
  error: string | null;
  onSave: () => void | Promise<void>;
}) {
  return (
    <section className="waivers-save-bar" aria-label="Unsaved edits">
      <SaveButton dirty={unsaved > 0} updating={updating} onSave={onSave} />
      <span className="waivers-save-count">
        {unsaved === 0 ? 'No unsaved edits' : unsaved === 1 ? '1 edit not saved yet' : `${unsaved} edits not saved yet`}
      </span>
      {notice && (
        <p role="status" className="waivers-save-note">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="waivers-save-note field-error">
          {error}
        </p>
      )}
    </section>
  );
}
