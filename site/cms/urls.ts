// Url values as Drupal's GraphQL module gives them: what lives at a path (route), an entity's
// canonical URL, a link field's target, and the same URL in the other language (translate).
import { type ContentStore, type EntityView, type Lang, LANGS, aliasKey } from './content-store';
import { VIEWS_PAGES } from './fixtures/views-pages';

export type UrlView =
  | { kind: 'canonical'; path: string; entity: EntityView }
  /** `paths`: the route's path per language, for translate(); absent where the route has no translations. */
  | { kind: 'internal'; path: string; routed: boolean; paths?: Readonly<Partial<Record<Lang, string>>> }
  | { kind: 'external'; path: string };

export const URL_TYPENAMES: Readonly<Record<UrlView['kind'], string>> = {
  canonical: 'EntityCanonicalUrl',
  internal: 'DefaultInternalUrl',
  external: 'ExternalUrl',
};

// Views pages of the CMS: routes that exist without being content items.
const FIXED_PATHS = new Map(
  VIEWS_PAGES.flatMap((page) => LANGS.map((lang) => [aliasKey(page[lang]), { paths: { de: page.de, en: page.en }, lang }] as const)),
);

const SYSTEM_PATH = /^\/(de|en)\/(node|taxonomy\/term)\/(\d+)$/;

export class UrlResolver {
  constructor(private readonly store: ContentStore) {}

  /**
   * route(path): the default revision of the content item whose alias this is (case-insensitive,
   * trailing slash and percent-escapes ignored), a views page, or null. Unpublished items are null
   * unless an editor asks, as Drupal answers anonymous visitors.
   */
  route(requested: string, editor = false): UrlView | null {
    let path: string;
    try {
      path = decodeURIComponent(requested.replace(/[?#].*$/, ''));
    } catch {
      return null;
    }
    const aliased = this.store.nodeByPath(path);
    if (aliased) return this.viewable(this.store.nodeView(aliased.node, aliased.lang), editor);
    const fixed = FIXED_PATHS.get(aliasKey(path));
    if (fixed) return { kind: 'internal', path: fixed.paths[fixed.lang], routed: true, paths: fixed.paths };
    const system = SYSTEM_PATH.exec(aliasKey(path));
    if (system) {
      const lang = system[1] as Lang;
      const id = Number(system[3]);
      if (system[2] === 'node') {
        const node = this.store.node(id);
        return node ? this.viewable(this.store.nodeView(node, lang), editor) : null;
      }
      const term = this.store.term(id);
      const view = term && this.store.termView(term, lang);
      return view ? this.entityUrl(view) : null;
    }
    return null;
  }

  entityUrl(entity: EntityView): UrlView | null {
    switch (entity.kind) {
      case 'node':
        return { kind: 'canonical', path: entity.tr.path, entity };
      case 'term':
        return { kind: 'canonical', path: `/${entity.lang}/taxonomy/term/${entity.term.tid}`, entity };
      // Media without standalone URLs and paragraphs have no canonical page in Drupal.
      default:
        return null;
    }
  }

  /** The URL of the same item (revision) or route in `lang`; null where it has no translation the caller may view. */
  translate(url: UrlView, lang: Lang, editor = false): UrlView | null {
    switch (url.kind) {
      case 'canonical': {
        const translation = this.store.translate(url.entity, lang);
        return translation && this.viewable(translation, editor);
      }
      case 'internal': {
        if (url.path === '') return url;
        const path = url.paths?.[lang];
        return path === undefined ? null : { ...url, path };
      }
      case 'external':
        return url;
    }
  }

  /** A link field's uri as Drupal stores it → its Url, resolved in the linking entity's language. */
  link(uri: string, lang: Lang): UrlView | null {
    const entity = /^entity:(node|taxonomy_term)\/(\d+)$/.exec(uri);
    if (entity) {
      const [, type, id] = entity as unknown as [string, 'node' | 'taxonomy_term', string];
      const target = this.store.entity(type, Number(id), lang);
      const system = `/${lang}/${type === 'node' ? 'node' : 'taxonomy/term'}/${id}`;
      return (target && this.entityUrl(target)) ?? { kind: 'internal', path: system, routed: true };
    }
    if (uri === 'route:<front>') return this.internal(`/${lang}`);
    if (uri.startsWith('route:')) return { kind: 'internal', path: '', routed: true }; // <nolink>, <none>, <button>
    if (uri.startsWith('internal:')) return this.internal(uri.slice('internal:'.length));
    if (uri.startsWith('base:')) return { kind: 'internal', path: `/${uri.slice('base:'.length).replace(/^\//, '')}`, routed: false };
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) return { kind: 'external', path: uri };
    return this.internal(uri);
  }

  private internal(path: string): UrlView {
    const bare = path.replace(/[?#].*$/, '');
    const aliased = this.store.nodeByPath(bare);
    const view = aliased && this.store.nodeView(aliased.node, aliased.lang);
    if (view) return { kind: 'canonical', path, entity: view };
    const fixed = FIXED_PATHS.get(aliasKey(bare));
    return fixed ? { kind: 'internal', path, routed: true, paths: fixed.paths } : { kind: 'internal', path, routed: false };
  }

  private viewable(view: EntityView | null, editor: boolean): UrlView | null {
    if (!view || (!editor && !this.store.isPublic(view))) return null;
    return this.entityUrl(view);
  }
}
