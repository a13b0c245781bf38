import { describe, expect, it } from 'vitest';
import { parseDrupalPath } from '../../../../site/serve/preview/drupal-paths';

const parse = (path: string) => parseDrupalPath(path.split('/').filter(Boolean), ['de', 'en']);

describe("Drupal's node paths", () => {
  it('names the item of /node/{nid}, /node/{nid}/latest and their language forms', () => {
    expect(parse('/node/12')).toEqual({ kind: 'item', nid: 12, locale: null });
    expect(parse('/node/12/latest')).toEqual({ kind: 'item', nid: 12, locale: null });
    expect(parse('/en/node/12')).toEqual({ kind: 'item', nid: 12, locale: 'en' });
    expect(parse('/de/node/12/latest')).toEqual({ kind: 'item', nid: 12, locale: 'de' });
  });

  it('names the revision of /node/{nid}/revisions/{vid}/view', () => {
    expect(parse('/node/12/revisions/340/view')).toEqual({ kind: 'revision', nid: 12, vid: 340, locale: null });
    expect(parse('/en/node/12/revisions/340/view')).toEqual({ kind: 'revision', nid: 12, vid: 340, locale: 'en' });
  });

  it('is no Drupal path otherwise', () => {
    for (const path of ['/', '/de/uebernachten', '/node', '/node/abc', '/node/0', '/node/12/edit', '/node/12/revisions/340', '/fr/node/12', '/node/99999999999']) {
      expect(parse(path), path).toBeNull();
    }
  });
});
