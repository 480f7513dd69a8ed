// An auditor's home: the screens an auditor reads, as large links with what each holds.
import { homeHref } from './home-links';

const AUDITOR_LINKS = [
  { path: '/results', label: 'Results', about: 'Race and overall results of the events shown for results' },
  { path: '/trophies', label: 'Trophies', about: 'The trophies and their pictures' },
  { path: '/reports', label: 'Reports', about: 'Entries, schools, money and waivers, to sort, filter and export' },
];

export function AuditorLinks() {
  return (
    <nav aria-label="Your screens" className="home-section">
      <ul className="home-links">
        {AUDITOR_LINKS.map((link) => (
          <li key={link.path}>
            <a className="home-tile" href={homeHref(link.path)}>
              <span className="home-link-label">{link.label}</span>{' '}
              <span className="home-link-about">{link.about}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
