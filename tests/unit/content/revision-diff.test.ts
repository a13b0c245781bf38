import { describe, expect, it } from 'vitest';
import { changedFields } from '../../../site/content/revision-diff';
import type { Accommodation, Event, Html } from '../../../site/model/content-types';

const room: Accommodation = {
  type: 'accommodation', nid: 1, locale: 'de', title: 'Turmzimmer', path: '/de/uebernachten/turmzimmer', weight: 0, created: 1, changed: 2,
  sticky: false, promote: false, teaser: 'Hoch oben', body: '<p>Text</p>' as Html, metaDescription: null,
  images: [{ src: '/media/a.svg', width: 1, height: 1, alt: '', title: null, card: null, hero: null }], paragraphs: [],
  category: null, roomFeatures: [], bathroomFeatures: [], views: [], size: 30, maxOccupancy: 2, priceFrom: 189,
};

describe('revision diff', () => {
  it('names nothing when only the save time differs', () => {
    expect(changedFields(room, { ...room, changed: 99 })).toEqual([]);
  });

  it('names what an editor changed, in a fixed order', () => {
    const draft: Accommodation = { ...room, title: 'Turmsuite', priceFrom: 219, body: '<p>Neu</p>' as Html, images: [{ ...room.images[0]!, src: '/media/b.svg' }], size: 32 };
    expect(changedFields(room, draft)).toEqual(['title', 'text', 'pictures', 'price', 'details']);
  });

  it('names a moved date', () => {
    const event = { ...room, type: 'events', date: { start: '2026-12-05T19:30:00', end: null }, categories: [] } as unknown as Event;
    expect(changedFields(event, { ...event, date: { start: '2026-12-06T19:30:00', end: null } })).toEqual(['date']);
  });
});
