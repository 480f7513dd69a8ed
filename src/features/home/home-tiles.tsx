// A grid of figures, each a link to the screen where that figure is worked on.
import { homeHref } from './home-links';

export interface HomeTile {
  label: string;
  value: string | number;
  path: string;
}

export function HomeTiles({ tiles, label }: { tiles: readonly HomeTile[]; label: string }) {
  return (
    <ul className="home-tiles" aria-label={label}>
      {tiles.map((tile) => (
        <li key={tile.label}>
          <a className="home-tile" href={homeHref(tile.path)}>
            <span className="home-tile-label">{tile.label}</span> <span className="home-tile-value">{tile.value}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
