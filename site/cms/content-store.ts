// The embedded backend's content, indexed once at start-up: nodes by nid, type, language, alias
// and revision mode; revisions by vid; terms, media, paragraphs; title collation ranks. Resolvers
// and the query engine look everything up here, and ask it who may view what (isPublic).
import { createHash } from 'node:crypto';
import type { FixtureMedia, FixtureNode, FixtureParagraph, FixtureSet, FixtureTerm, FixtureTranslation, ModerationState } from './fixtures/types';

export type Lang = 'de' | 'en';
export const LANGS: readonly Lang[] = ['de', 'en'];
export const DEFAULT_LANG: Lang = 'de';

/** Text sorts and comparisons: German collation (ä with a), case-insensitive, as the CMS database's collation. */
export const COLLATOR = new Intl.Collator('de', { sensitivity: 'accent' });

/** nodeQuery's `revisions` argument (EntityQueryRevisionMode). */
export type RevisionMode = 'DEFAULT' | 'LATEST' | 'ALL';

/** A paragraph's own fields; logo items inside a logo grid are paragraphs too (logo_title_and_link). */
export type ParagraphFields = { id: number } & Record<string, unknown>;

/**
 * What the GraphQL layer hands around: one entity seen in one language. A node's `node` is one of
 * its revisions: the fixture node itself is the default revision, a draft is a node of its own.
 */
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

/** A revision's id: a fixture node without one has its nid. */
export function vidOf(node: FixtureNode): number {
  return node.vid ?? node.nid;
}

export function moderationStateOf(tr: FixtureTranslation): ModerationState {
  return tr.moderationState ?? (tr.status ? 'published' : 'draft');
}

/** When a translation was last saved: a draft revision dates each translation (Drupal's changed is per translation). */
export function changedOf(node: FixtureNode, tr: FixtureTranslation | undefined): number {
  return typeof tr?.changed === 'number' ? tr.changed : node.changed;
}

// Set by the draft, not its fields: a draft's translation is unpublished, its alias the item's.
const DRAFT_DERIVED = ['path', 'status', 'moderationState', 'changed'] as const;

/** The revision a pending draft makes: the default revision with the draft's changes on top. */
function draftRevision(node: FixtureNode, problems: string[]): FixtureNode {
  const draft = node.draft!;
  if (!(draft.vid > vidOf(node))) problems.push(`node ${node.nid}: the draft's vid ${draft.vid} is not newer than the default revision's ${vidOf(node)}`);
  const sharedChange = Object.keys(draft.shared ?? {}).length > 0;
  const revise = (lang: Lang): FixtureTranslation | undefined => {
    const base = translationOf(node, lang);
    const change = draft[lang];
    // A translation deleted since the draft was saved is gone from the draft too.
    if (!base) return undefined;
    for (const key of DRAFT_DERIVED) if (change && key in change) problems.push(`node ${node.nid}: the draft sets "${key}" in ${lang}, which follows from it`);
    // Untouched by the draft: carried over as it is, still published where it was.
    if (!change && !sharedChange) return { ...base, changed: changedOf(node, base) };
    return { ...base, ...change, status: false, moderationState: 'draft', changed: draft.changed };
  };
  const { draft: _, ...rest } = node;
  const en = revise('en');
  return { ...rest, vid: draft.vid, changed: draft.changed, shared: { ...node.shared, ...draft.shared }, de: revise('de')!, ...(en ? { en } : {}) };
}

type NodeIndex = { byLang: Map<Lang, FixtureNode[]>; byTypeLang: Map<string, FixtureNode[]> };

function indexNodes(nodes: readonly FixtureNode[]): NodeIndex {
  const index: NodeIndex = { byLang: new Map(LANGS.map((lang) => [lang, []])), byTypeLang: new Map() };
  for (const node of nodes) {
    for (const lang of LANGS) {
      if (!translationOf(node, lang)) continue;
      index.byLang.get(lang)!.push(node);
      push(index.byTypeLang, `${node.type}:${lang}`, node);
    }
  }
  return index;
}

export class ContentStore {
  /** Default revisions. */
  private readonly nodesById = new Map<number, FixtureNode>();
  /** Draft revisions, by nid. */
  private readonly draftsById = new Map<number, FixtureNode>();
  private readonly revisionsByVid = new Map<number, FixtureNode>();
  /** Default revisions by nid. */
  private readonly defaults: readonly FixtureNode[];
  /** LATEST and ALL are indexed on first use: a build never asks for them. */
  private readonly indexes = new Map<RevisionMode, NodeIndex>();
  private readonly aliases = new Map<string, { node: FixtureNode; lang: Lang }>();
  private readonly termsById = new Map<number, FixtureTerm>();
  private readonly termsByLang = new Map<Lang, FixtureTerm[]>();
  private readonly mediaById = new Map<number, FixtureMedia>();
  /** Each revision's paragraphs by id, per translation (paragraphs are revisioned with their host). */
  private readonly paragraphs = new Map<FixtureTranslation, Map<number, { bundle: string; data: ParagraphFields }>>();
  private readonly titleRanks = new Map<FixtureTranslation, number>();
  private readonly uuids = new Map<string, string>();

  constructor(readonly fixtures: FixtureSet) {
    const problems: string[] = [];
    const nodes = [...fixtures.nodes].sort((a, b) => a.nid - b.nid);
    const paragraphIds = new Set<string>();
    for (const node of nodes) {
      if (this.nodesById.has(node.nid)) problems.push(`node ${node.nid} is defined twice`);
      this.nodesById.set(node.nid, node);
      this.addRevision(node, problems);
      for (const lang of LANGS) {
        const tr = translationOf(node, lang);
        if (!tr) continue;
        if (!tr.path.startsWith(`/${lang}/`) && tr.path !== `/${lang}`) {
          problems.push(`node ${node.nid}: the ${lang} path "${tr.path}" does not start with /${lang}/`);
        }
        if (tr.status && tr.moderationState && tr.moderationState !== 'published') problems.push(`node ${node.nid}: ${lang} is published but "${tr.moderationState}"`);
        if (!tr.status && tr.moderationState === 'published') problems.push(`node ${node.nid}: ${lang} is "published" but has status false`);
        const key = aliasKey(tr.path);
        const taken = this.aliases.get(key);
        if (taken) problems.push(`nodes ${taken.node.nid} and ${node.nid} both use the path "${tr.path}"`);
        else this.aliases.set(key, { node, lang });
        for (const paragraph of tr.fieldContent ?? []) {
          for (const id of this.indexParagraph(paragraph, tr)) {
            if (paragraphIds.has(`${lang}:${id}`)) problems.push(`paragraph ${id} is used twice in ${lang}`);
            paragraphIds.add(`${lang}:${id}`);
          }
        }
      }
      if (node.draft) {
        const draft = draftRevision(node, problems);
        this.draftsById.set(node.nid, draft);
        this.addRevision(draft, problems);
        for (const lang of LANGS) {
          const tr = translationOf(draft, lang);
          for (const paragraph of tr?.fieldContent ?? []) this.indexParagraph(paragraph, tr!);
        }
      }
    }
    this.defaults = nodes;
    this.indexes.set('DEFAULT', indexNodes(nodes));
    // Without drafts every mode lists the same revisions.
    if (!this.draftsById.size) for (const mode of ['LATEST', 'ALL'] as const) this.indexes.set(mode, this.indexes.get('DEFAULT')!);
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
    const drafts = [...this.draftsById.values()];
    for (const lang of LANGS) {
      const translations = this.nodesIn(lang).map((node) => translationOf(node, lang)!);
      for (const draft of drafts) if (translationOf(draft, lang)) translations.push(translationOf(draft, lang)!);
      rank(translations, (tr) => tr.title, this.titleRanks);
    }
  }

  private addRevision(revision: FixtureNode, problems: string[]): void {
    const vid = vidOf(revision);
    const taken = this.revisionsByVid.get(vid);
    if (taken) problems.push(`nodes ${taken.nid} and ${revision.nid} both have a revision ${vid}`);
    else this.revisionsByVid.set(vid, revision);
  }

  /** Indexes a paragraph (and the logo items inside a logo grid) under its host translation; returns their ids. */
  private indexParagraph(paragraph: FixtureParagraph, tr: FixtureTranslation): number[] {
    let byId = this.paragraphs.get(tr);
    if (!byId) this.paragraphs.set(tr, (byId = new Map()));
    const found = byId;
    const add = (bundle: string, data: ParagraphFields) => {
      found.set(data.id, { bundle, data });
      return data.id;
    };
    const ids = [add(paragraph.bundle, paragraph as unknown as ParagraphFields)];
    if (paragraph.bundle === 'logo_grid_with_links') {
      for (const logo of paragraph.fieldLogos) ids.push(add('logo_title_and_link', logo as ParagraphFields));
    }
    return ids;
  }

  /** The default revision of an item. */
  node(nid: number): FixtureNode | undefined {
    return this.nodesById.get(nid);
  }

  /** Any revision by its vid. */
  revision(vid: number): FixtureNode | undefined {
    return this.revisionsByVid.get(vid);
  }

  isDefaultRevision(node: FixtureNode): boolean {
    return this.nodesById.get(node.nid) === node;
  }

  /**
   * What an anonymous caller may view: a published translation of a default revision. Terms and
   * media are public; a paragraph is reached only through its host, which is checked.
   */
  isPublic(entity: EntityView): boolean {
    return entity.kind !== 'node' || (entity.tr.status && this.isDefaultRevision(entity.node));
  }

  /** Revisions of `mode` that have a translation in `lang`, by nid (then vid). */
  nodesIn(lang: Lang, mode: RevisionMode = 'DEFAULT'): readonly FixtureNode[] {
    return this.index(mode).byLang.get(lang) ?? [];
  }

  nodesOfType(type: string, lang: Lang, mode: RevisionMode = 'DEFAULT'): readonly FixtureNode[] {
    return this.index(mode).byTypeLang.get(`${type}:${lang}`) ?? [];
  }

  private index(mode: RevisionMode): NodeIndex {
    let index = this.indexes.get(mode);
    if (!index) {
      const draft = (node: FixtureNode) => this.draftsById.get(node.nid);
      const revisions =
        mode === 'LATEST' ? this.defaults.map((node) => draft(node) ?? node) : this.defaults.flatMap((node) => [node, ...(draft(node) ? [draft(node)!] : [])]);
      this.indexes.set(mode, (index = indexNodes(revisions)));
    }
    return index;
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

  /** A paragraph of a revision's translation. */
  paragraphView(node: FixtureNode, id: number, lang: Lang): ParagraphView | null {
    const tr = translationOf(node, lang);
    const found = tr && this.paragraphs.get(tr)?.get(id);
    return found ? { kind: 'paragraph', ...found, node, lang } : null;
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
      case 'paragraph':
        return this.paragraphView(entity.node, entity.data.id, lang);
    }
  }

  /**
   * The entity a reference field points at, in the referencing entity's language, falling back to
   * the default language where the target has no such translation (as Drupal does).
   */
  resolveReference(field: string, targetId: string, lang: Lang): EntityView | null {
    return this.entity(REFERENCE_TARGETS[field] ?? 'node', Number(targetId), lang);
  }

  /** An entity by type and id in `lang`, else in the default language; null where it does not exist. Nodes: the default revision. */
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
