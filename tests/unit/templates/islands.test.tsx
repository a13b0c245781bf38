// templates/islands.tsx: props travel to the client as JSON that cannot break out of the HTML
// around it, and an island's server markup is exactly what its widget renders on the client
// (so hydrateRoot finds identical markup) — slots included.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island, serializeProps } from '../../../templates/islands';
import { ISLAND_COMPONENTS } from '../../../templates/island-components';
import { islandSettingsFile } from '../../../templates/island-settings';
import { SiteProvider } from '../../../templates/site-context';
import CookieBar from '../../../templates/widgets/islands/CookieBar';
import type { Page, SiteContext } from '../../../site/model/page-model';
import de from '../../../locales/de.json';
import { ISLAND_CLIENTS } from '../../../templates/client/registry';
import SpaTreatmentFilter from '../../../templates/widgets/islands/SpaTreatmentFilter';
import VideoFacade, { type VideoFacadeProps } from '../../../templates/widgets/islands/VideoFacade';

const hostile = {
  title: '</script><script>alert(1)</script>',
  comment: '<!-- x -->',
  entity: 'Tom &amp; Jerry & "quotes" \'single\'',
  separators: 'line\u2028paragraph\u2029end',
  nested: { list: [1, null, '<b>'] },
};

/** The container's attributes and inner HTML from an island's server markup. */
function parseIsland(html: string) {
  const open = /^<(div|span) class="island" data-island="([^"]+)" data-hydrate="([^"]+)" data-props="([^"]*)">/.exec(html);
  if (!open) throw new Error(`not an island: ${html.slice(0, 120)}`);
  const tag = open[1]!;
  const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return { name: open[2], hydrate: open[3], props: JSON.parse(unescape(open[4]!)) as Record<string, unknown>, inner: html.slice(open[0].length, html.length - `</${tag}>`.length) };
}

describe('serializeProps', () => {
  it('leaves no <, > or & in the JSON and restores the exact values', () => {
    const json = serializeProps(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it('cannot end a <script> or an attribute it is placed in', () => {
    const json = serializeProps(hostile);
    expect(json.toLowerCase()).not.toContain('</script');
    expect(json).not.toContain('<!--');
    // In an attribute React escapes the quotes; the parsed value is still the original.
    const html = renderToString(<div data-props={json} />);
    const attribute = /data-props="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
    expect(JSON.parse(attribute)).toEqual(hostile);
  });

  it('serializes missing props as none', () => {
    expect(serializeProps(undefined)).toBe('{}');
  });
});

describe('<Island>', () => {
  const props: VideoFacadeProps = {
    url: 'https://www.youtube.com/watch?v=abc',
    embedUrl: 'https://www.youtube-nocookie.com/embed/abc',
    title: 'Störche <live> & mehr',
    poster: { src: '/media/stork.svg', width: 1600, height: 900 },
    labels: { play: 'Video abspielen: Störche', notice: 'Daten gehen an youtube.com.' },
  };

  it('marks the container with the name, trigger and props, around exactly the widget markup', () => {
    const island = parseIsland(renderToString(<Island name="VideoFacade" hydrate="visible" props={props} />));
    expect(island.name).toBe('VideoFacade');
    expect(island.hydrate).toBe('visible');
    expect(island.props).toEqual(props);
    // What the client renders from the parsed props is what the server sent: no hydration mismatch.
    expect(island.inner).toBe(renderToString(<VideoFacade {...(island.props as unknown as VideoFacadeProps)} />));
  });

  it('hydrates when a guest uses it unless told otherwise, and can be a span inside phrasing content', () => {
    const html = renderToString(<Island name="VideoFacade" as="span" props={props} />);
    expect(html.startsWith('<span class="island" data-island="VideoFacade" data-hydrate="interaction"')).toBe(true);
  });

  it('sends slots as server HTML that the client passes back unchanged', () => {
    const filterProps = {
      categories: [
        { tid: 1, name: 'Massagen' },
        { tid: 2, name: 'Bäder' },
      ],
      aliases: {},
      treatments: [
        { nid: 10, categories: [1] },
        { nid: 11, categories: [2] },
      ],
      labels: { group: 'Filter', all: 'Alle', count: '{count} Behandlungen' },
    };
    const grid = (
      <ul className="card-grid">
        <li>Hot Stone &amp; Öl</li>
        <li>Heubad</li>
      </ul>
    );
    const island = parseIsland(renderToString(<Island name="SpaTreatmentFilter" props={filterProps} slots={{ grid }} />));
    expect(island.props).toEqual(filterProps);
    expect(island.props).not.toHaveProperty('slots');
    // The client reads the slot's innerHTML from the page (templates/client/main.ts) …
    const slotHtml = /<div data-slot="grid">([\s\S]*)<\/div><\/div>$/.exec(island.inner)![1]!;
    expect(slotHtml).toBe(renderToString(grid));
    // … and renders the same markup from it.
    expect(renderToString(<SpaTreatmentFilter {...filterProps} slots={{ grid: { __html: slotHtml } }} />)).toBe(island.inner);
  });
});

describe('shared island props', () => {
  const site = {
    locale: 'de',
    messages: de,
    config: { locales: { default: 'de', all: ['de', 'en'] }, analytics: { id: 'G-TEST' }, booking: { fallbackUrl: { de: 'https://booking.example/de' }, scriptUrl: 'https://booking.example/w.js?l={locale}', openFunction: 'Booking.open' } },
    routeHref: (id: string) => `/de/${id}/`,
  } as unknown as SiteContext;
  const inPage = (node: ReactElement) => renderToString(<SiteProvider page={{ locale: 'de' } as Page} site={site}>{node}</SiteProvider>);

  it('leave the page: the island carries only its own props, and renders as the client will from the settings file', () => {
    const island = parseIsland(inPage(<Island name="CookieBar" props={{}} />));
    expect(island.props).toEqual({});
    const settings = JSON.parse(islandSettingsFile(site).json) as Record<string, Record<string, unknown>>;
    expect(settings.CookieBar).toMatchObject({ analyticsId: 'G-TEST', privacyHref: '/de/dataprivacystatement/', labels: { title: de.cookie.title } });
    // What the client hydrates with (templates/client/main.ts): the file's entry under the page's props.
    expect(island.inner).toBe(renderToString(<CookieBar {...(settings.CookieBar as unknown as Parameters<typeof CookieBar>[0])} {...island.props} />));
  });

  it('are one file per language, named by its content', () => {
    const file = islandSettingsFile(site);
    expect(file.href).toMatch(/^\/assets\/islands\.de\.[0-9a-f]{10}\.json$/);
    expect(inPage(<Island name="BookingButton" props={{ label: 'Buchen', className: 'button' }} />)).toContain('https://booking.example/de');
    const renamed = { ...site, messages: { ...de, cookie: { ...de.cookie, title: 'Cookies?' } } } as SiteContext;
    expect(islandSettingsFile(renamed).href).not.toBe(file.href);
  });
});

describe('the client registry', () => {
  it('can bring to life every island the server renders, and no other', () => {
    expect(Object.keys(ISLAND_CLIENTS).sort()).toEqual(Object.keys(ISLAND_COMPONENTS).sort());
  });

  it('has plain handlers for the layout islands a first view needs, so they load no React', () => {
    const plain = Object.entries(ISLAND_CLIENTS).flatMap(([name, client]) => ('enhance' in client ? [name] : []));
    expect(plain.sort()).toEqual(['CookieBar', 'MenuOverlay', 'NotificationBanner']);
  });

  it('loads each React widget under its island name or as the module default', async () => {
    for (const [name, client] of Object.entries(ISLAND_CLIENTS)) {
      if (!('load' in client)) continue;
      const module = await client.load();
      expect(module[name] ?? module.default, name).toBe(ISLAND_COMPONENTS[name as keyof typeof ISLAND_COMPONENTS]);
    }
  });
});
