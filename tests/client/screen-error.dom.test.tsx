// A screen that cannot load or breaks: its route's error boundary says so in words, with Try again
// and Home, never a developer's error page; every route of the app has that boundary.
import { cleanup, render, screen } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { appRoutes } from '../../src/app/routes';
import { ScreenError, isMissingFiles } from '../../src/app/screen-error';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderRoute(element: ReactElement) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([
    { path: '/', element: <p>Home screen</p> },
    { path: '/startMarshall', element, errorElement: <ScreenError /> },
  ]);
  void router.navigate('/startMarshall');
  render(<RouterProvider router={router} />);
}

it('says a race-day screen whose files never reached the device is not on it yet, offering to try again or go home', async () => {
  const NeverArrived = lazy(() =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/start-marshall-page.js')),
  );
  renderRoute(<NeverArrived />);
  expect(await screen.findByRole('heading', { level: 1, name: 'This screen is not on this device yet' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  expect(document.body.textContent).not.toMatch(/Unexpected Application Error|Hey developer/);
});

it('says a screen that broke stopped working, and that the changes on the device are kept', async () => {
  function Broken(): ReactElement {
    throw new Error('cannot read properties of undefined');
  }
  renderRoute(<Broken />);
  expect(await screen.findByRole('heading', { level: 1, name: 'This screen stopped working' })).toBeTruthy();
  expect(screen.getByText(/The changes on this device are kept/)).toBeTruthy();
});

it("tells each browser's words for files that could not be fetched from other errors", () => {
  for (const message of [
    'Failed to fetch dynamically imported module: https://x/a.js', // Chromium
    'error loading dynamically imported module: https://x/a.js', // Firefox
    'Importing a module script failed.', // Safari
    'Unable to preload CSS for /assets/race-day-frame-1a2b.css', // Vite
  ])
    expect(isMissingFiles(new TypeError(message)), message).toBe(true);
  expect(isMissingFiles(new Error('x is undefined'))).toBe(false);
});

it('gives every route of the app an error boundary', () => {
  const all = (routes: RouteObject[]): RouteObject[] => routes.flatMap((r) => [r, ...all(r.children ?? [])]);
  const routes = all(appRoutes());
  const withPage = routes.filter((r) => r.element && !r.children && r.path !== '*' && r.path !== 'down');
  expect(withPage.length).toBeGreaterThan(30);
  expect(withPage.filter((r) => !r.errorElement).map((r) => r.path ?? '(index)')).toEqual([]);
  expect(appRoutes()[0]!.errorElement).toBeTruthy();
});
