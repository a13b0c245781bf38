// A chunk that fails to load (usually: a new deploy removed the hashed file this page refers to)
// reloads the page, at most once per 60 s so a really missing file cannot loop.
import { STORAGE_KEYS, readStorage, writeStorage } from '../widgets/islands/browser';

export const CHUNK_RELOAD_GUARD_MS = 60_000;

/** Reloads unless a reload for the same reason happened within the guard time. Returns whether it did. */
export function reloadAfterChunkError(error: unknown, now = Date.now()): boolean {
  const last = Number(readStorage('session', STORAGE_KEYS.chunkReloadAt) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) {
    console.warn(error);
    return false;
  }
  writeStorage('session', STORAGE_KEYS.chunkReloadAt, String(now));
  window.location.reload();
  return true;
}
