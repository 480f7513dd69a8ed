// A file chooser that uploads at once (it needs the network: offline it says so and stays
// disabled), shows the progress and the server's refusal, and hands back the stored address.
import { useId, useState } from 'react';
import { useSyncStatus } from '../../components/use-sync-status';
import { uploadFile, type UploadKind } from './upload';

type Props = {
  label: string;
  kind: UploadKind;
  accept: string;
  onUploaded(url: string): void;
};

export function FileUploadField({ label, kind, accept, onUploaded }: Props) {
  const id = useId();
  const { online } = useSyncStatus();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setError(null);
    setDone(null);
    setProgress(0);
    const answer = await uploadFile(kind, file, setProgress);
    setProgress(null);
    if (answer.ok) {
      setDone(file.name);
      onUploaded(answer.data.url);
    } else {
      setError(answer.message);
    }
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={!online || progress !== null}
        style={{ minHeight: 44 }}
        aria-describedby={`${id}-status`}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <div id={`${id}-status`}>
        {!online && (
          <small role="status">You are offline: uploading needs the network. You can type a web address instead.</small>
        )}
        {progress !== null && (
          <small role="status">
            Uploading… <progress max={1} value={progress} aria-label={`${label}: upload progress`} />{' '}
            {Math.round(progress * 100)}%
          </small>
        )}
        {done && <small role="status">Uploaded {done}.</small>}
        {error && (
          <small className="field-error" role="alert">
            {error}
          </small>
        )}
      </div>
    </div>
  );
}
