// templates/client/chunk-reload.ts: a failed chunk reloads the page at most once per 60 s, the
// guard kept in sessionStorage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, reloadAfterChunkError } from '../../../../templates/client/chunk-reload';

describe('reloadAfterChunkError', () => {
  let store: Map<string, string>;
  let reload: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    store = new Map();
    reload = vi.fn();
    vi.stubGlobal('window', {
      location: { reload },
      sessionStorage: { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => store.set(key, value), removeItem: (key: string) => store.delete(key) },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is one minute', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
  });

  it('reloads on the first failure and notes when', () => {
    expect(reloadAfterChunkError(new Error('404'), 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(store.get('chunkReloadAt')).toBe('1000000');
  });

  it('does not reload again within 60 s, and does after', () => {
    reloadAfterChunkError(new Error('404'), 1_000_000);
    expect(reloadAfterChunkError(new Error('404'), 1_000_000 + 59_999)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError(new Error('404'), 1_000_000 + 60_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('still reloads when sessionStorage is unavailable', () => {
    vi.stubGlobal('window', { location: { reload }, get sessionStorage() { throw new Error('SecurityError'); } });
    expect(reloadAfterChunkError(new Error('404'))).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
