// What a screen that fails shows instead of a developer's error page: every route has it as its
// error boundary, inside the app's frame, so the header, the navigation and the screens already on
// the device stay in reach. A screen whose files are not on this device (offline before they
// arrived, or a new version deployed meanwhile) says so and how to get it; anything else says the
// screen stopped and that the changes on this device are kept. Either way: Try again, or Home.
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { PageMain } from '../components/page-main';

/** How each browser says a lazy screen's files could not be fetched (Chromium, Firefox, Safari,
 *  and Vite's preload of the screen's stylesheet). */
const MISSING_FILES =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch|ChunkLoadError/i;

export function isMissingFiles(error: unknown): boolean {
  return MISSING_FILES.test(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

export function ScreenError() {
  const error = useRouteError();
  const missing = isMissingFiles(error);
  const online = typeof navigator === 'undefined' || navigator.onLine;
  useEffect(() => {
    // Kept for whoever looks at the device's console; the screen speaks to the user.
    console.error(error);
  }, [error]);
  return (
    <PageMain className="screen-error">
      <h1>{missing ? 'This screen is not on this device yet' : 'This screen stopped working'}</h1>
      {missing ? (
        <p>
          {online
            ? 'Its files did not arrive, or a new version of the app came out meanwhile. Try again to load it.'
            : 'Its files are stored on this device the first time it opens while online. Try again once the device is online; the screens already on this device work offline.'}
        </p>
      ) : (
        <p>Something went wrong while showing it. The changes on this device are kept and are sent as usual.</p>
      )}
      <p className="screen-error-actions">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link className="button" to="/">
          Home
        </Link>
      </p>
    </PageMain>
  );
}
