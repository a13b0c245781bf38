import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cookieValue, createDraftAccess, DRAFT_HEADERS } from '../../../../site/serve/preview/draft-access';

const request = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;

describe('draft access', () => {
  it('turns the run key into an HttpOnly, SameSite=Lax cookie that lets the request see drafts', () => {
    const access = createDraftAccess('k3y-of-this-run');
    expect(access.enterPath).toBe('/__drafts?key=k3y-of-this-run');
    const cookie = access.enter('?key=k3y-of-this-run');
    expect(cookie).toBe('hotel_site_drafts=k3y-of-this-run; Path=/; HttpOnly; SameSite=Lax');
    expect(access.allows(request('other=1; hotel_site_drafts=k3y-of-this-run'))).toBe(true);
  });

  it('sets nothing for a wrong or missing key, and lets no other cookie in', () => {
    const access = createDraftAccess('k3y-of-this-run');
    expect(access.enter('?key=k3y-of-this-ru')).toBeNull();
    expect(access.enter('?key=')).toBeNull();
    expect(access.enter('')).toBeNull();
    expect(access.allows(request())).toBe(false);
    expect(access.allows(request('hotel_site_drafts=k3y-of-this-run2'))).toBe(false);
    expect(access.allows(request('hotel_site_drafts='))).toBe(false);
  });

  it('makes a new unguessable key per run', () => {
    const a = createDraftAccess();
    const b = createDraftAccess();
    expect(a.enterPath).not.toBe(b.enterPath);
    expect(new URLSearchParams(a.enterPath.split('?')[1]).get('key')!.length).toBeGreaterThanOrEqual(32);
  });

  it('leaves draft view by expiring the cookie', () => {
    expect(createDraftAccess('x').leave()).toMatch(/^hotel_site_drafts=; .*Max-Age=0$/);
  });

  it('answers in draft view are never cached or indexed', () => {
    expect(DRAFT_HEADERS).toEqual({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
  });

  it('reads one cookie out of a header', () => {
    expect(cookieValue('a=1; b = 2 ;c=3', 'b')).toBe('2');
    expect(cookieValue('a=1', 'b')).toBeNull();
    expect(cookieValue(undefined, 'b')).toBeNull();
  });
});
