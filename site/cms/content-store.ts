// The embedded backend's content, indexed once at start-up: nodes by nid, by type and language and
// by path alias; terms, media and paragraphs by id; collation ranks for title sorts. Everything the
// resolvers and the query engine look up goes through here, so no request scans the fixtures.
import { createHash } from 'node:crypto';
import type { FixtureMedia, FixtureNode, FixtureParagraph, FixtureSet, FixtureTerm, FixtureTranslation } from './fixtures/types';

export type Lang = 'de' | 'en';
export const LANGS: readonly Lang[] = ['de', 'en'];
export const DEFAULT_LANG: Lang = 'de';

/** Text sorts and comparisons: German collation (ä with a), case-insensitive, as the CMS database's collation. */
export const COLLATOR = new Intl.Collator('de', { sensitivity: 'accent' });

/** A paragraph's own fields; logo items inside a logo grid are paragraphs too (logo_title_and_link). */
export type ParagraphFields = { id: number } & Record<string, unknown>;

/** What the GraphQL layer hands around: one entity seen in one language. */
export type NodeView = { kind: 'node'; node: FixtureNode; tr: FixtureTranslation; lang: Lang };
export type TermView = { kind: 'term'; term: FixtureTerm; lang: Lang };
export type MediaView = { kind: 'media'; media: FixtureMedia; lang: Lang };
export type ParagraphView = { kind: 'paragraph'; bundle: string; data: ParagraphFields; node: FixtureNode; lang: Lang };
export type EntityView = NodeView | TermView | MediaView | ParagraphView;

/** Drupal entity type ids; 'config' stands for config entities (content types, vocabularies). */
export type EntityTypeId = 'node' | 'taxonomy_term' | 'media' | 'config';

// The target entity type of each reference field (Drupal stores it in the field's storage settings,
// the fixtures do not). Drupal's default target type is node, so unlisted fields point at nodes.
const REFERENCE_TARGETS: Readonly<Record<string, EntityTypeId>> = {
  fieldAccommodationCategory: 'taxonomy_term',
  fieldRoomFeatures: 'taxonomy_term',
  fieldBathroomFeatures: 'taxonomy_term',
  fieldPropertyViews: 'taxonomy_term',
  fieldGastronomyCategory: 'taxonomy_term',
  fieldLocation: 'taxonomy_term',
  fieldPreselectCategory: 'taxonomy_term',
  fieldSpaTreatmentCategories: 'taxonomy_term',
  fieldExperience: 'taxonomy_term',
  fieldEventsCategory: 'taxonomy_term',
  fieldSpecialOffersCategory: 'taxonomy_term',
  fieldVideo: 'media',
  fieldSublistContentType: 'config',
  // A term's vocabulary.
  vid: 'config',
};

/** "/DE/Uebernachten/Turmzimmer/" and "/de/uebernachten/turmzimmer" are the same route. */
export function aliasKey(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.toLowerCase();
}

export function translationOf(node: FixtureNode, lang: Lang): FixtureTranslation | undefined {
  return lang === 'de' ? node.de : node.en;
}

export class ContentStore {
  private readonly nodesById = new Map<number, FixtureNode>();
  private readonly nodesByLang = new Map<Lang, FixtureNode[]>();
  private readonly nodesByTypeLang = new Map<string, FixtureNode[]>();
  private readonly aliases = new Map<string, { node: FixtureNode; lang: Lang }>();
  private readonly termsById = new Map<number, FixtureTerm>();
  private readonly termsByLang = new Map<Lang, FixtureTerm[]>();
  private readonly mediaById = new Map<number, FixtureMedia>();
  private readonly paragraphs = new Map<string, { bundle: string; data: ParagraphFields; node: FixtureNode }>();
  private readonly titleRanks = new Map<FixtureTranslation, number>();
  private readonly uuids = new Map<string, string>();

  constructor(readonly fixtures: FixtureSet) {
    const problems: string[] = [];
    const nodes = [...fixtures.nodes].sort((a, b) => a.nid - b.nid);
    for (const lang of LANGS) this.nodesByLang.set(lang, []);
    for (const node of nodes) {
      if (this.nodesById.has(node.nid)) problems.push(`node ${node.nid} is defined twice`);
      this.nodesById.set(node.nid, node);
      for (const lang of LANGS) {
        const tr = translationOf(node, lang);
        if (!tr) continue;
        this.nodesByLang.get(lang)!.push(node);
        push(this.nodesByTypeLang, `${node.type}:${lang}`, node);
        if (!tr.path.startsWith(`/${lang}/`) && tr.path !== `/${lang}`) {
          problems.push(`node ${node.nid}: the ${lang} path "${tr.path}" does not start with /${lang}/`);
        }
        const key = aliasKey(tr.path);
        const taken = this.aliases.get(key);
        if (taken) problems.push(`nodes ${taken.node.nid} and ${node.nid} both use the path "${tr.path}"`);
        else this.aliases.set(key, { node, lang });
        tr.fieldContent?.forEach((paragraph) => this.indexParagraph(paragraph, node, lang, problems));
      }
    }
    for (const term of [...fixtures.terms].sort((a, b) => a.tid - b.tid)) {
      if (this.termsById.has(term.tid)) problems.push(`term ${term.tid} is defined twice`);
      this.termsById.set(term.tid, term);
      for (const lang of LANGS) if (lang === 'de' || term.en) push(this.termsByLang, lang, term);
    }
    for (const media of fixtures.media) {
      if (this.mediaById.has(media.mid)) problems.push(`media ${media.mid} is defined twice`);
      this.mediaById.set(media.mid, media);
    }
    if (problems.length) throw new Error(`Invalid CMS fixtures:\n- ${problems.slice(0, 20).join('\n- ')}`);
    // Title sorts compare precomputed ranks: collating 10,000 titles per request would dominate.
    for (const lang of LANGS) {
      const translations = this.nodesIn(lang).map((node) => translationOf(node, lang)!);
      rank(translations, (tr) => tr.title, this.titleRanks);
    }
  }

  private indexParagraph(paragraph: FixtureParagraph, node: FixtureNode, lang: Lang, problems: string[]): void {
    const add = (bundle: string, data: ParagraphFields) => {
      const key = `${lang}:${data.id}`;
      if (this.paragraphs.has(key)) problems.push(`paragraph ${data.id} is used twice in ${lang}`);
      this.paragraphs.set(key, { bundle, data, node });
    };
    add(paragraph.bundle, paragraph as unknown as ParagraphFields);
    if (paragraph.bundle === 'logo_grid_with_links') {
      for (const logo of paragraph.fieldLogos) add('logo_title_and_link', logo as ParagraphFields);
    }
  }

  node(nid: number): FixtureNode | undefined {
    return this.nodesById.get(nid);
  }

  /** Nodes that have a translation in `lang`, by nid. */
  nodesIn(lang: Lang): readonly FixtureNode[] {
    return this.nodesByLang.get(lang) ?? [];
  }

  nodesOfType(type: string, lang: Lang): readonly FixtureNode[] {
    return this.nodesByTypeLang.get(`${type}:${lang}`) ?? [];
  }

  nodeByPath(path: string): { node: FixtureNode; lang: Lang } | undefined {
    return this.aliases.get(aliasKey(path));
  }

  titleRank(tr: FixtureTranslation): number {
    return this.titleRanks.get(tr) ?? 0;
  }

  term(tid: number): FixtureTerm | undefined {
    return this.termsById.get(tid);
  }

  termsIn(lang: Lang): readonly FixtureTerm[] {
    return this.termsByLang.get(lang) ?? [];
  }

  media(mid: number): FixtureMedia | undefined {
    return this.mediaById.get(mid);
  }

  // ---------- views ----------

  nodeView(node: FixtureNode, lang: Lang): NodeView | null {
    const tr = translationOf(node, lang);
    return tr ? { kind: 'node', node, tr, lang } : null;
  }

  termView(term: FixtureTerm, lang: Lang): TermView | null {
    return lang === 'de' || term.en ? { kind: 'term', term, lang } : null;
  }

  paragraphView(id: number, lang: Lang): ParagraphView | null {
    const found = this.paragraphs.get(`${lang}:${id}`);
    return found ? { kind: 'paragraph', ...found, lang } : null;
  }

  /** The same entity in another language, or null where it has no such translation. */
  translate(entity: EntityView, lang: Lang): EntityView | null {
    switch (entity.kind) {
      case 'node':
        return this.nodeView(entity.node, lang);
      case 'term':
        return this.termView(entity.term, lang);
      // The fixture format has no per-language media data: media are the same in every language.
      case 'media':
        return { ...entity, lang };
      // A paragraph's translation is the paragraph with the same id in the host's other translation.
      case 'paragraph': {
        const view = this.paragraphView(entity.data.id, lang);
        return view && view.node === entity.node ? view : null;
      }
    }
  }

  /**
   * The entity a reference field points at, in the referencing entity's language, falling back to
   * the default language where the target has no such translation (as Drupal does).
   */
  resolveReference(field: string, targetId: string, lang: Lang): EntityView | null {
    return this.entity(REFERENCE_TARGETS[field] ?? 'node', Number(targetId), lang);
  }

  /** An entity by type and id in `lang`, else in the default language; null where it does not exist. */
  entity(type: EntityTypeId, id: number, lang: Lang): EntityView | null {
    switch (type) {
      case 'node': {
        const node = this.nodesById.get(id);
        return node ? (this.nodeView(node, lang) ?? this.nodeView(node, DEFAULT_LANG)) : null;
      }
      case 'taxonomy_term': {
        const term = this.termsById.get(id);
        return term ? (this.termView(term, lang) ?? this.termView(term, DEFAULT_LANG)) : null;
      }
      case 'media': {
        const media = this.mediaById.get(id);
        return media ? { kind: 'media', media, lang } : null;
      }
      // The schema has no type for config entities.
      case 'config':
        return null;
    }
  }

  /** Deterministic UUIDs (name-based, v5 layout), so repeated builds see the same values. */
  uuid(entityType: string, id: number | string): string {
    const name = `${entityType}:${id}`;
    let uuid = this.uuids.get(name);
    if (!uuid) {
      const hex = createHash('sha1').update(`hotel-site:${name}`).digest('hex');
      const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
      uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
      this.uuids.set(name, uuid);
    }
    return uuid;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Dense ranks in collation order: equal-collating strings share a rank, so later sort keys decide. */
function rank<T>(items: T[], text: (item: T) => string, into: Map<T, number>): void {
  const sorted = [...items].sort((a, b) => COLLATOR.compare(text(a), text(b)));
  let current = 0;
  sorted.forEach((item, index) => {
    if (index > 0 && COLLATOR.compare(text(sorted[index - 1]!), text(item)) !== 0) current++;
    into.set(item, current);
  });
}
