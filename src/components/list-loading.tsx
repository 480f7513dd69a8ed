// What a server list shows before its rows: 'Loading…' while it loads (nothing offline: the status
// bar says so), and after a failed load a Retry beside the error the page already shows.
export function ListLoading({ online, failed, onRetry }: { online: boolean; failed: boolean; onRetry(): void }) {
  if (failed) {
    return (
      <p>
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      </p>
    );
  }
  return online ? <p role="status">Loading…</p> : null;
}
