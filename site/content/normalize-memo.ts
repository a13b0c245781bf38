// Normalized items `watch` and `preview` can reuse. Their cached clients hand back the very same
// answer objects for every list a change did not touch, so an item normalized from one of those raw
// objects is still right: it is kept by the raw object's identity (its tile paragraphs are resolved
// again against the new content index, since the items they point to may have changed). Entries
// count only once the site they were made for was prepared in full, media patched in: after a
// failed step nothing of that attempt is reused. A memoized item's media stay where that prepare
// put them, so a memo belongs to one output folder. Sanitized HTML is kept too, by a hash of its source text:
// the items of a list that moved are normalized again, their unchanged bodies are not cleaned again.
// A build normalizes everything once and passes none.
import type { NormalizeResult } from './normalize';
import { HtmlMemo } from './sanitize-html';

export class NormalizeMemo {
  private committed = new WeakMap<object, NormalizeResult>();
  private pending: [object, NormalizeResult][] = [];
  /** Sanitized HTML by its source text: a changed list's unchanged bodies are not cleaned again. */
  readonly html = new HtmlMemo();

  /** A prepare starts: what an earlier attempt recorded without completing is dropped. */
  begin(): void {
    this.pending = [];
  }

  get(raw: object): NormalizeResult | undefined {
    return this.committed.get(raw);
  }

  record(raw: object, result: NormalizeResult): void {
    this.pending.push([raw, result]);
  }

  /** The site these entries were made for is complete: reuse them from now on. */
  commit(): void {
    for (const [raw, result] of this.pending) this.committed.set(raw, result);
    this.pending = [];
  }

  /** Forgets everything (a new content source). */
  clear(): void {
    this.committed = new WeakMap();
    this.pending = [];
    this.html.clear();
  }
}
