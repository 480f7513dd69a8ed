// The app shell: services (database, sync engine), the session user, and the hash router.
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ServicesContext, type AppServices } from '../components/services-context';
import { createAppRouter } from './routes';
import { defaultServices } from './services';
import { SessionProvider } from './session-provider';
import './app.css';

export function App({ services }: { services?: AppServices }) {
  const [value] = useState(() => services ?? defaultServices());
  const [router] = useState(createAppRouter);
  return (
    <ServicesContext.Provider value={value}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </ServicesContext.Provider>
  );
}
