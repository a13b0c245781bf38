// templates/widgets/FunctionRoomComparison.tsx and its island: which rooms a layout and a number of
// persons leave (no match shows the no-match message: tested in the browser), and what the server
// sends: the table as a slot, and to the island only each room's seating.
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FunctionRoom } from '../../../../site/model/content-types';
import type { Page, SiteContext } from '../../../../site/model/page-model';
import { SiteProvider } from '../../../../templates/site-context';
import { FunctionRoomComparison } from '../../../../templates/widgets/FunctionRoomComparison';
import FunctionRoomComparisonIsland, {
  FIRST_LAYOUT_CELL,
  LAYOUTS,
  matchingRooms,
  type FunctionRoomComparisonProps,
  type Seating,
} from '../../../../templates/widgets/islands/FunctionRoomComparison';
import de from '../../../../locales/de.json';

const seating = (values: Partial<Record<(typeof LAYOUTS)[number], number>>): Seating => LAYOUTS.map((layout) => values[layout] ?? null);

describe('matchingRooms', () => {
  const rooms = [seating({ theatre: 120, banquet: 80 }), seating({ theatre: 40, uShape: 20 }), seating({ classroom: 24, block: 0 })];

  it('keeps every room without a filter', () => {
    expect(matchingRooms(rooms, '', null)).toEqual([0, 1, 2]);
  });

  it('keeps the rooms that offer a layout, in their order', () => {
    expect(matchingRooms(rooms, 'theatre', null)).toEqual([0, 1]);
    expect(matchingRooms(rooms, 'uShape', null)).toEqual([1]);
  });

  it('treats a capacity of 0 as the layout not offered', () => {
    expect(matchingRooms(rooms, 'block', null)).toEqual([]);
  });

  it('needs the persons to fit the chosen layout, or any layout when none is chosen', () => {
    expect(matchingRooms(rooms, 'theatre', 40)).toEqual([0, 1]);
    expect(matchingRooms(rooms, 'theatre', 41)).toEqual([0]);
    expect(matchingRooms(rooms, 'banquet', 100)).toEqual([]);
    expect(matchingRooms(rooms, '', 24)).toEqual([0, 1, 2]);
    expect(matchingRooms(rooms, '', 100)).toEqual([0]);
  });
});

describe('<FunctionRoomComparison>', () => {
  const room = (nid: number, title: string, values: Partial<Record<(typeof LAYOUTS)[number], number>>): FunctionRoom =>
    ({
      nid, title, type: 'functions_rooms', area: 61, length: 9.6, width: 6.4, height: null, location: { tid: 1, name: 'Remise' }, pricePerDay: 900, priceShortUsage: null,
      seating: { theatre: null, classroom: null, uShape: null, block: null, banquet: null, ...values },
    }) as unknown as FunctionRoom;
  const rooms = [room(1, 'Rittersaal', { theatre: 160, classroom: 90, uShape: 48, block: 56, banquet: 130 }), room(2, 'Turmstube & Co', { uShape: 12, block: 14 })];
  const site = { locale: 'de', messages: de, config: { locales: { default: 'de', all: ['de', 'en'] } }, content: { hrefOf: (item: FunctionRoom) => `/de/raeume/${item.nid}/` } } as unknown as SiteContext;
  const html = renderToString(
    <SiteProvider page={{ locale: 'de' } as Page} site={site}>
      <FunctionRoomComparison rooms={rooms} hrefs={{ 1: '/de/tagungenundfeste/tagungen/' }} />
    </SiteProvider>,
  );
  const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const props = JSON.parse(unescape(/data-props="([^"]*)"/.exec(html)![1]!)) as FunctionRoomComparisonProps;
  type Element = DefaultTreeAdapterMap['element'];
  const elements = (node: DefaultTreeAdapterMap['parentNode']): Element[] =>
    node.childNodes.flatMap((child) => ('tagName' in child ? [child, ...elements(child)] : []));
  const all = elements(parseFragment(html));
  const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value ?? null;
  const text = (element: Element): string =>
    element.childNodes.map((child) => ('value' in child && child.nodeName === '#text' ? child.value : 'tagName' in child ? text(child) : '')).join('');
  const children = (element: Element, tagName: string) => element.childNodes.filter((child): child is Element => 'tagName' in child && child.tagName === tagName);
  const byAttr = (name: string, value: string) => all.find((element) => attr(element, name) === value)!;

  it('sends the island each room seating in row order, and none of what the table only shows', () => {
    expect(props.seating).toEqual([
      [160, 90, 48, 56, 130],
      [null, null, 12, 14, null],
    ]);
    expect(Object.keys(props).sort()).toEqual(['idPrefix', 'labels', 'seating']);
    expect(JSON.stringify(props)).not.toContain('Rittersaal');
    expect(JSON.stringify(props)).not.toContain('900');
  });

  it('renders the table in the slot: a row per room, its layouts from FIRST_LAYOUT_CELL on, formatted for the language', () => {
    const [table] = children(byAttr('data-slot', 'table'), 'table');
    expect(attr(table!, 'class')).toBe('room-table');
    const [thead] = children(table!, 'thead');
    const [tbody] = children(table!, 'tbody');
    const rows = children(tbody!, 'tr');
    const cells = (row: Element) => row.childNodes.filter((child): child is Element => 'tagName' in child).map(text);
    expect(rows.map((row) => cells(row)[0])).toEqual(['Rittersaal', 'Turmstube & Co']);
    expect(attr(elements(rows[0]!).find((element) => element.tagName === 'a')!, 'href')).toBe('/de/tagungenundfeste/tagungen/');
    expect(elements(rows[1]!).some((element) => element.tagName === 'a')).toBe(false);
    expect(cells(rows[0]!).slice(FIRST_LAYOUT_CELL, FIRST_LAYOUT_CELL + LAYOUTS.length)).toEqual(['160', '90', '48', '56', '130']);
    expect(cells(rows[1]!)).toEqual(['Turmstube & Co', '61 m²', '9,6 m', '6,4 m', '–', '–', '–', '12', '14', '–', 'Remise', '900\u00a0€', '–']);
    const layoutHeadings = cells(children(thead!, 'tr')[1]!);
    expect(layoutHeadings).toEqual(LAYOUTS.map((layout) => props.labels[layout]));
    const box = all.find((element) => attr(element, 'class') === 'room-compare__scroll')!;
    expect(attr(box, 'data-rows')).toBe('2');
    const [caption] = children(table!, 'caption');
    expect(attr(box, 'aria-labelledby')).toBe(attr(caption!, 'id'));
  });

  it('renders on the client, from the props and the slot read back from the page, what the server sent', () => {
    const inner = /^<div class="island"[^>]*>([\s\S]*)<\/div>$/.exec(html)![1]!;
    // What the client reads back from the page (templates/client/main.ts): the slot's inner HTML.
    const slot = /<div data-slot="table">([\s\S]*)<\/div><\/section>/.exec(inner)![1]!;
    expect(renderToString(<FunctionRoomComparisonIsland {...props} slots={{ table: { __html: slot } }} />)).toBe(inner);
  });

  it('without rooms shows the empty message and no table', () => {
    const empty = renderToString(
      <SiteProvider page={{ locale: 'de' } as Page} site={site}>
        <FunctionRoomComparison rooms={[]} />
      </SiteProvider>,
    );
    expect(empty).toContain(de.functionRooms.empty);
    expect(empty).not.toContain('<table');
  });
});
