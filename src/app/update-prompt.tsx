// 'A new version is available' with an Update button (see pwa.ts for what accepting does).
import { useEffect, useState } from 'react';
import { useServices } from '../components/services-context';
import { registerServiceWorker, type WaitingUpdate } from './pwa';

export function UpdatePrompt() {
  const { engine } = useServices();
  const [update, setUpdate] = useState<WaitingUpdate | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    registerServiceWorker({ onWaiting: setUpdate, beforeActivate: () => engine.flush() });
  }, [engine]);

  if (!update) return null;
  return (
    <div className="banner banner-update" role="status">
      <span>A new version is available</span>
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void update.accept();
        }}
      >
        {busy ? 'Updating…' : 'Update'}
      </button>
    </div>
  );
}
