// The taxonomy terms of every language, as normalizing an item looks them up.
import { str as textField, type TermIndex } from './normalize';
import { int, obj, str, type Raw } from './read-raw';
import type { Locale, Term } from '../model/content-types';

export class Terms implements TermIndex {
  private readonly byLocale = new Map<Locale, Map<string, Term>>();

  add(locale: Locale, raw: Raw): void {
    const tid = int(raw.tid);
    // Cut like every text field of an item: a term's name is printed on every card that carries it.
    const name = textField(raw.name);
    if (tid === null || !name) return;
    let terms = this.byLocale.get(locale);
    if (!terms) this.byLocale.set(locale, (terms = new Map()));
    terms.set(String(tid), { tid, name, vocabulary: str(obj(raw.vid)?.targetId) ?? '', weight: int(raw.weight) ?? 0, icon: null });
  }

  /** The term in the language, else in any language (an untranslated term keeps its name). */
  get(locale: Locale, tid: string): Term | null {
    const own = this.byLocale.get(locale)?.get(tid);
    if (own) return own;
    for (const terms of this.byLocale.values()) {
      const other = terms.get(tid);
      if (other) return other;
    }
    return null;
  }
}
