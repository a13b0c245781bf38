// The dev servers answer only Host headers naming the machine as the developer reaches it
// (docs/hardening.md: DNS rebinding); binding every interface opens them to its addresses on purpose.
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostOf, isAllowedHost } from '../../../site/serve/allowed-hosts';

const loopback = { bind: '127.0.0.1', siteUrl: 'https://www.schloss-example.de' };

describe('hostOf', () => {
  it('takes the name without port, brackets or final dot, lowercased', () => {
    expect(hostOf('LocalHost:4173')).toBe('localhost');
    expect(hostOf('[::1]:4173')).toBe('::1');
    expect(hostOf('localhost.')).toBe('localhost');
    expect(hostOf('127.1')).toBe('127.0.0.1');
  });

  it('refuses what is no host', () => {
    for (const header of [undefined, '', 'a b', 'evil.example/x', 'user@localhost', 'localhost:99999', 'local\\host']) expect(hostOf(header), header).toBeNull();
  });
});

describe('isAllowedHost', () => {
  it('answers localhost, loopback addresses, the bound address and the site host', () => {
    for (const header of ['localhost:4173', 'LOCALHOST', 'app.localhost:4173', '127.0.0.1:4173', '127.0.0.2', '[::1]:4173', 'www.schloss-example.de']) {
      expect(isAllowedHost(header, loopback), header).toBe(true);
    }
    expect(isAllowedHost('192.168.1.20:4173', { bind: '192.168.1.20', siteUrl: null })).toBe(true);
    expect(isAllowedHost('devbox.lan:4173', { bind: 'devbox.lan', siteUrl: null })).toBe(true);
  });

  it('refuses another name pointed at the machine (DNS rebinding), and a missing or malformed Host', () => {
    for (const header of ['evil.example', 'evil.example:4173', 'localhost.evil.example', '127.0.0.1.nip.io', '192.168.1.20:4173', 'schloss-example.de', undefined, '']) {
      expect(isAllowedHost(header, loopback), String(header)).toBe(false);
    }
  });

  it('bound to every interface, answers any address and the machine\'s name, still no other name', () => {
    const open = { bind: '0.0.0.0', siteUrl: null };
    for (const header of ['192.168.1.20:4173', '[fe80::1]:4173', '10.0.0.5', hostname(), `${hostname()}.local:4173`]) expect(isAllowedHost(header, open), header).toBe(true);
    expect(isAllowedHost('evil.example', open)).toBe(false);
    expect(isAllowedHost('evil.example', { bind: '::', siteUrl: null })).toBe(false);
  });
});
