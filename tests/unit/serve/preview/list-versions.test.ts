// Which lists the preview fetches again (site/content/list-versions.ts).
import { describe, expect, it } from 'vitest';
import type { CachedClient } from '../../../../site/content/cached-client';
import { dropMoved, movedLists, type Versions } from '../../../../site/content/list-versions';

const versions = (entries: [string, string | null][]): Versions => new Map(entries);

describe('movedLists', () => {
  it('finds lists whose count or newest change moved, appeared or disappeared, and those it cannot tell', () => {
    const before = versions([['de accommodation', '8 107 2026-03-02'], ['de events', '11 506 2026-11-14'], ['en golf', '2 660 2026-04-01'], ['de page', null], ['de sports', '6 403 2026-04-14']]);
    const after = versions([['de accommodation', '8 107 2026-03-02'], ['de events', '11 512 2026-11-24'], ['en golf', '1 660 2026-04-01'], ['de page', null], ['de wellness', '6 304 2026-03-10']]);
    expect([...movedLists(before, after)].sort()).toEqual(['de events', 'de page', 'de sports', 'de wellness', 'en golf']);
    expect(movedLists(before, before).size).toBe(1);
  });
});

describe('dropMoved', () => {
  it('drops the moved lists, their terms and notifications, and the menus; keeps the rest', () => {
    const asked: [string, Record<string, unknown>][] = [
      ['ContentPage', { type: 'events', langcode: 'de', offset: 0 }],
      ['ContentPage', { type: 'events', langcode: 'en', offset: 0 }],
      ['ContentPage', { type: 'golf', langcode: 'de', offset: 50 }],
      ['Notifications', { language: 'en' }],
      ['TermsPage', { langcode: 'de' }],
      ['Menu', { language: 'DE' }],
    ];
    let dropped: string[] = [];
    const cache = { invalidate: (stale: (operation: string, variables: Record<string, unknown>) => boolean) => (dropped = asked.filter(([op, vars]) => stale(op, vars)).map(([op, vars]) => `${op} ${JSON.stringify(vars)}`)).length } as unknown as CachedClient;
    dropMoved(cache, new Set(['de events', 'en notifications', 'de taxonomy_terms']));
    expect(dropped).toEqual([
      'ContentPage {"type":"events","langcode":"de","offset":0}',
      'Notifications {"language":"en"}',
      'TermsPage {"langcode":"de"}',
      'Menu {"language":"DE"}',
    ]);
  });
});
