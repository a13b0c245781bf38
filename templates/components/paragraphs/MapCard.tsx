// Paragraph "map": a static map card — our own flat SVG of the surroundings with a pin, the address
// and a link to open the spot in OpenStreetMap. No map script and no remote tiles: nothing of a
// third party loads before the guest asks for it.
import type { Paragraph } from '../../../site/model/content-types';
import { useSite, useT } from '../../site-context';
import { formatCountry } from '../../format';

type MapParagraph = Extract<Paragraph, { kind: 'map' }>;

export function osmHref(latitude: number, longitude: number, zoom: number | null): string {
  const z = Math.round(zoom ?? 15);
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${z}/${latitude}/${longitude}`;
}

function MapArt() {
  return (
    <svg className="map-card__art" viewBox="0 0 480 300" width="480" height="300" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      <rect width="480" height="300" fill="#efe9dc" />
      <g fill="#cfd8c0">
        <path d="M0 0 H150 Q170 60 120 110 Q60 150 0 130Z" />
        <path d="M340 190 Q400 170 480 200 V300 H320 Q300 240 340 190Z" />
        <circle cx="420" cy="60" r="44" />
      </g>
      <path d="M180 300 Q200 230 260 210 Q330 190 350 120 Q365 70 420 0 H480 Q430 70 410 130 Q385 215 300 245 Q250 262 240 300Z" fill="#a9c3c9" />
      <g fill="none" stroke="#fff" strokeLinecap="round">
        <path d="M0 200 Q120 180 220 150 T480 110" strokeWidth="10" />
        <path d="M90 300 Q120 220 170 160 T250 0" strokeWidth="7" />
        <path d="M300 300 L330 230" strokeWidth="5" />
      </g>
      <circle cx="240" cy="150" r="30" fill="#2f4a3a" opacity=".14" />
      <path d="M240 152 C226 132 220 124 220 112 A20 20 0 0 1 260 112 C260 124 254 132 240 152Z" fill="#2f4a3a" />
      <circle cx="240" cy="112" r="7" fill="#f4efe6" />
    </svg>
  );
}

export function MapCard({ paragraph }: { paragraph: MapParagraph }) {
  const site = useSite();
  const t = useT();
  const hotel = site.config.hotel;
  const latitude = paragraph.latitude ?? hotel.geo?.latitude ?? null;
  const longitude = paragraph.longitude ?? hotel.geo?.longitude ?? null;
  const lines = paragraph.address
    ? paragraph.address.split(/\n|,\s*/).filter(Boolean)
    : [hotel.name, hotel.address.street, `${hotel.address.postalCode} ${hotel.address.city}`, formatCountry(site.locale, hotel.address.country)];
  return (
    <section className="para para--map map-card">
      <MapArt />
      <div className="map-card__body">
        <h2>{paragraph.title ?? t('map.title')}</h2>
        <address>
          {lines.map((line, index) => (
            <span key={index} className="map-card__line">
              {line}
            </span>
          ))}
        </address>
        {latitude !== null && longitude !== null ? (
          <a className="button button--secondary" href={osmHref(latitude, longitude, paragraph.zoom)} rel="noopener" target="_blank">
            {t('map.open')}
            <span className="visually-hidden"> {t('paragraphs.opensInNewTab')}</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
