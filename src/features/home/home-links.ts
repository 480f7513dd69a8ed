// Where home's links go. They are plain hash addresses (the app routes on the hash), so every link
// is a real <a> that opens its screen, in a new tab too, and home renders the same outside the
// router (its client tests render it alone).
import type { SeasonStepKey } from '../../domain/rules/season-steps';

/** '#/startMarshall?event=…' */
export function homeHref(path: string, params?: Record<string, string>): string {
  const query = params ? new URLSearchParams(params).toString() : '';
  return `#${path}${query ? `?${query}` : ''}`;
}

/** The screens a coordinator works each step on; a VIC event registers volunteers on its own form. */
export function stepPaths(invoiceType: string | null | undefined): Record<SeasonStepKey, string> {
  return {
    participants: '/participant/index',
    teams: '/team/grid',
    teamManagers: '/teamManager/index',
    volunteers: invoiceType === 'VIC' ? '/volunteer/vic' : '/volunteer/index',
    waivers: '/waiver/index',
    invoice: '/invoice',
  };
}
