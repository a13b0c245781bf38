// What normalizing publishes of text fields (site/content/normalize.ts): every plain text cut to a
// length no real title reaches, and of a mailto: link only the address.
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH, normalizeItem, type NormalizeContext } from '../../../site/content/normalize';
import { MediaRefs } from '../../../site/media/media-refs';
import { parseMenu } from '../../../site/content/menu';
import { Terms } from '../../../site/content/term-index';
import { MENU_TOPICS } from '../../../site/model/route-table';

const base = 'https://cms.example.com';
const ctx: NormalizeContext = { locale: 'de', base, mediaOrigins: new Set([base]), media: new MediaRefs(base, () => {}), terms: { get: () => null } };
const item = (fields: Record<string, unknown>) => ({ nid: 7, entityBundle: 'page', langcode: 'de', title: 'Seite', entityUrl: { path: '/de/seite' }, ...fields });

describe('normalizing text fields', () => {
  it('cuts a 10 MB title and teaser to MAX_TEXT_LENGTH, never inside a surrogate pair', async () => {
    const result = await normalizeItem(item({ title: 'T'.repeat(10 * 1024 * 1024), fieldTeaser: `${'x'.repeat(MAX_TEXT_LENGTH - 1)}😀 and more` }), 'page', ctx);
    if (!result.ok) throw new Error(result.reason);
    expect(result.item.title.length).toBe(MAX_TEXT_LENGTH);
    expect(result.item.teaser!.length).toBe(MAX_TEXT_LENGTH - 1);
    expect(result.item.teaser!.endsWith('x')).toBe(true);
  });

  it('publishes of a mailto: only the address: no ?bcc=, ?body= or second recipient', async () => {
    const result = await normalizeItem(item({
      fieldContent: [
        { __typename: 'ParagraphContactCards', id: 1, fieldContacts: [
          { name: 'Rezeption', email: 'info@schloss.de?bcc=spy%40evil.example' },
          { name: 'Presse', email: 'mailto:presse@schloss.de?body=Hallo' },
          { name: 'Zwei', email: 'a@schloss.de,b@evil.example' },
        ] },
        { __typename: 'ParagraphCallToAction', id: 2, fieldTitle: 'Schreiben', fieldLink: { uri: 'mailto:info@schloss.de?bcc=spy@evil.example&subject=x', title: 'Mail' } },
      ],
    }), 'page', ctx);
    if (!result.ok) throw new Error(result.reason);
    const [cards, cta] = result.item.paragraphs as [Extract<(typeof result.item.paragraphs)[number], { kind: 'contact_cards' }>, Extract<(typeof result.item.paragraphs)[number], { kind: 'call_to_action' }>];
    expect(cards.contacts.map((contact) => contact.email)).toEqual(['info@schloss.de', 'presse@schloss.de', null]);
    expect(cta.link?.href).toBe('mailto:info@schloss.de');
  });
});

describe('text read beside the items', () => {
  it('cuts a term name and a menu title to MAX_TEXT_LENGTH like an item title', () => {
    const terms = new Terms();
    terms.add('de', { tid: 3, name: 'N'.repeat(1024 * 1024), vid: { targetId: 'tags' } });
    expect(terms.get('de', '3')!.name.length).toBe(MAX_TEXT_LENGTH);
    const alias = MENU_TOPICS[0]!.alias;
    const menu = parseMenu({ [alias]: { entities: [{ entityTranslation: { nid: 4, title: 'M'.repeat(1024 * 1024), status: true, entityUrl: { path: '/de/x' } } }] } });
    expect(menu.get(alias)![0]!.title.length).toBe(MAX_TEXT_LENGTH);
  });
});
