// Field and type resolvers of schema.graphql over the content store: sources are its views (an
// entity in one language), Url views (urls.ts) and fixture values (images, texts, dates). Every way
// to an entity answers null where the caller may not view it.
import {
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  GraphQLError,
  getNamedType,
  getNullableType,
  isListType,
} from 'graphql';
import type { FixtureImage, FixtureLink, FixtureNode, FixtureText } from './fixtures/types';
import { STYLE_WIDTHS, derivativePath } from './generated-files';
import {
  type ContentStore,
  type EntityView,
  type Lang,
  type NodeView,
  type ParagraphFields,
  type ParagraphView,
  DEFAULT_LANG,
  LANGS,
  changedOf,
  moderationStateOf,
  vidOf,
} from './content-store';
import { EntityQueryRunner, type QueryArgs, langOf } from './query-engine';
import { type FieldShape, nodeSource, termSource } from './query-fields';
import { URL_TYPENAMES, type UrlResolver, type UrlView } from './urls';

export interface CmsContext {
  /** "http://127.0.0.1:4000": image URLs are absolute, as a CMS returns them. */
  origin: string;
  /** The request carried an editor's token: unpublished items and drafts are visible. */
  editor: boolean;
}

// Resolvers receive whatever their parent returned; the source types are the views named above.
export type Resolver = GraphQLFieldResolver<any, CmsContext, any>;
export type ResolverMap = Record<string, Record<string, Resolver>>;

type LanguageArg = { language: string };
type RefView = { targetId: string; field: string; lang: Lang };
type LinkView = { link: FixtureLink; lang: Lang };
type ImageResource = { url: string; width?: number; height?: number };

/** Drupal core's image styles as the brief fixes them: scale to this width, never upscale. */

const ENTITY_TYPE_IDS: Readonly<Record<EntityView['kind'], string>> = { node: 'node', term: 'taxonomy_term', media: 'media', paragraph: 'paragraph' };
const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = { de: 'Deutsch', en: 'English' };
const MEDIA_TYPENAMES: Readonly<Record<string, string>> = { image: 'MediaImage', remote_video: 'MediaRemoteVideo', video: 'MediaVideo' };

const pascal = (machineName: string) => machineName.replace(/(^|_)([a-z0-9])/g, (_, __, char: string) => char.toUpperCase());

/** "restaurants_bars" → "NodeRestaurantsBars", "meetingsandcelebrations" → "NodeMeetingsandcelebrations". */
export const nodeTypename = (type: string) => `Node${pascal(type)}`;
const paragraphTypename = (bundle: string) => `Paragraph${pascal(bundle)}`;

function entityTypename(entity: EntityView): string {
  switch (entity.kind) {
    case 'node':
      return nodeTypename(entity.node.type);
    case 'term':
      return 'TaxonomyTerm';
    case 'media':
      return MEDIA_TYPENAMES[entity.media.bundle]!;
    case 'paragraph':
      return paragraphTypename(entity.bundle);
  }
}

function languageOf(lang: Lang) {
  return { id: lang, name: LANGUAGE_NAMES[lang], argument: lang.toUpperCase(), isDefault: lang === 'de' };
}

function absolute(origin: string, url: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

export interface Resolvers {
  /** Per object type; these win over the shared ones below. */
  types: ResolverMap;
  /** Shared by every type implementing the interface (Node, Paragraph, Entity), in that precedence. */
  interfaces: ResolverMap;
  /** resolveType of each interface. */
  typeResolvers: Record<string, (value: unknown) => string>;
  /** Any other field of a content type or paragraph: read from the fixture, shaped by its return type. */
  contentField(owner: 'node' | 'paragraph', field: string, returnType: GraphQLOutputType): Resolver;
}

export function createResolvers(store: ContentStore, urls: UrlResolver, nodeShapes: ReadonlyMap<string, FieldShape>): Resolvers {
  const nodeQuery = new EntityQueryRunner(nodeSource(store, nodeShapes));
  const termQuery = new EntityQueryRunner(termSource(store));

  /** The entity where the caller may view it, else null (Drupal's entity access, as GraphQL applies it). */
  const visible = <T extends EntityView>(entity: T | null | undefined, { editor }: CmsContext): T | null =>
    entity && (editor || store.isPublic(entity)) ? entity : null;

  /** A revision in `language` where it has that translation, else in the default language. */
  const nodeIn = (node: FixtureNode | undefined, language: string | undefined): NodeView | null => {
    if (!node) return null;
    const lang = language ? langOf(language) : DEFAULT_LANG;
    return (lang && store.nodeView(node, lang)) || store.nodeView(node, DEFAULT_LANG);
  };
  const numericId = (id: string) => (/^\d+$/.test(id) ? Number(id) : NaN);

  const entity: Record<string, Resolver> = {
    entityId: (e: EntityView) => String(entityId(e)),
    entityUuid: (e: EntityView) => store.uuid(ENTITY_TYPE_IDS[e.kind], entityId(e)),
    entityBundle: (e: EntityView) =>
      e.kind === 'node' ? e.node.type : e.kind === 'term' ? e.term.vocabulary : e.kind === 'media' ? e.media.bundle : e.bundle,
    entityLabel: (e: EntityView) =>
      e.kind === 'node' ? e.tr.title : e.kind === 'term' ? termText(e).name : e.kind === 'media' ? e.media.name : (e.data.fieldTitle ?? null),
    entityLanguage: (e: EntityView) => languageOf(e.lang),
    entityUrl: (e: EntityView) => urls.entityUrl(e),
    entityChanged: (e: EntityView) =>
      e.kind === 'node' ? new Date(changedOf(e.node, e.tr) * 1000).toISOString() : e.kind === 'paragraph' ? new Date(e.node.changed * 1000).toISOString() : null,
    entityTranslation: (e: EntityView, { language }: LanguageArg, context: CmsContext) => {
      const lang = langOf(language);
      return lang ? visible(store.translate(e, lang), context) : null;
    },
  };

  const node: Record<string, Resolver> = {
    nid: (n: NodeView) => n.node.nid,
    vid: (n: NodeView) => vidOf(n.node),
    moderationState: (n: NodeView) => moderationStateOf(n.tr),
    uuid: (n: NodeView) => store.uuid('node', n.node.nid),
    title: (n: NodeView) => n.tr.title,
    status: (n: NodeView) => n.tr.status,
    langcode: (n: NodeView) => n.lang,
    created: (n: NodeView) => n.node.created,
    changed: (n: NodeView) => changedOf(n.node, n.tr),
    promote: (n: NodeView) => n.node.promote ?? false,
    sticky: (n: NodeView) => n.node.sticky ?? false,
  };

  const url = (routed: (u: UrlView) => boolean): Record<string, Resolver> => ({
    path: (u: UrlView) => u.path,
    routed,
    translate: (u: UrlView, { language }: LanguageArg, { editor }: CmsContext) => {
      const lang = langOf(language);
      return lang ? urls.translate(u, lang, editor) : null;
    },
  });

  const types: ResolverMap = {
    Query: {
      // What the caller may not view stays counted, its place in the page null.
      nodeQuery: (_: unknown, args: QueryArgs, context: CmsContext) => {
        const result = nodeQuery.run(args);
        return context.editor ? result : { count: result.count, entities: result.entities.map((entity) => visible(entity, context)) };
      },
      nodeById: (_: unknown, { id, language }: { id: string; language?: string }, context: CmsContext) =>
        visible(nodeIn(store.node(numericId(id)), language), context),
      nodeRevisionById: (_: unknown, { id, language }: { id: string; language?: string }, context: CmsContext) =>
        visible(nodeIn(store.revision(numericId(id)), language), context),
      taxonomyTermQuery: (_: unknown, args: QueryArgs) => termQuery.run(args),
      route: (_: unknown, { path }: { path: string }, { editor }: CmsContext) => urls.route(path, editor),
      availableLanguages: () => LANGS.map(languageOf),
    },
    EntityCanonicalUrl: { ...url(() => true), entity: (u: UrlView, _: unknown, context: CmsContext) => (u.kind === 'canonical' ? visible(u.entity, context) : null) },
    DefaultInternalUrl: url((u) => u.kind === 'internal' && u.routed),
    ExternalUrl: url(() => false),
    FieldText: {
      value: (t: FixtureText) => t.value,
      format: (t: FixtureText) => t.format ?? 'basic_html',
      processed: (t: FixtureText) => t.processed ?? t.value,
      summary: (t: FixtureText) => t.summary ?? null,
      summaryProcessed: (t: FixtureText) => t.summary ?? null,
    },
    FieldImage: {
      url: (image: FixtureImage, _: unknown, { origin }: CmsContext) => absolute(origin, image.url),
      title: (image: FixtureImage) => image.title ?? null,
      derivative: (image: FixtureImage, { style }: { style: string }, { origin }: CmsContext) => {
        const styleWidth = STYLE_WIDTHS[style];
        if (!styleWidth) throw new GraphQLError(`Unknown image style ${style}.`);
        const width = Math.min(styleWidth, image.width);
        const height = image.width > 0 ? Math.round((image.height * width) / image.width) : image.height;
        const separator = image.url.includes('?') ? '&' : '?';
        const path = derivativePath(image.url, style) ?? `${image.url}${separator}style=${style.toLowerCase()}`;
        return { url: absolute(origin, path), width, height };
      },
    },
    ImageResource: {
      url: (resource: ImageResource, _: unknown, { origin }: CmsContext) => absolute(origin, resource.url),
    },
    FieldLink: {
      title: (l: LinkView) => l.link.title,
      uri: (l: LinkView) => l.link.uri,
      options: (l: LinkView) => l.link.options ?? {},
      url: (l: LinkView) => urls.link(l.link.uri, l.lang),
    },
    EntityReference: {
      targetId: (ref: RefView) => ref.targetId,
      entity: (ref: RefView, _: unknown, context: CmsContext) => visible(store.resolveReference(ref.field, ref.targetId, ref.lang), context),
    },
    TaxonomyTerm: {
      tid: (t: EntityView & { kind: 'term' }) => t.term.tid,
      name: (t: EntityView & { kind: 'term' }) => termText(t).name,
      description: (t: EntityView & { kind: 'term' }) => {
        const description = termText(t).description;
        return description === undefined ? null : { value: description };
      },
      weight: (t: EntityView & { kind: 'term' }) => t.term.weight,
      vid: (t: EntityView & { kind: 'term' }): RefView => ({ targetId: t.term.vocabulary, field: 'vid', lang: t.lang }),
      fieldIcon: (t: EntityView & { kind: 'term' }) => t.term.fieldIcon ?? null,
    },
  };
  type MediaView = EntityView & { kind: 'media' };
  const mediaField = (field: string) => (m: MediaView) => (m.media as Record<string, unknown>)[field] ?? null;
  const media = { mid: mediaField('mid'), name: mediaField('name') };
  types.MediaImage = { ...media, fieldMediaImage: mediaField('fieldMediaImage') };
  types.MediaRemoteVideo = { ...media, fieldMediaOembedVideo: mediaField('fieldMediaOembedVideo') };
  types.MediaVideo = { ...media, fieldMediaVideoFile: mediaField('fieldMediaVideoFile') };

  const interfaces: ResolverMap = {
    Node: node,
    Paragraph: { id: (p: ParagraphView) => p.data.id },
    Entity: entity,
  };

  const resolveEntity = (value: unknown) => entityTypename(value as EntityView);
  const typeResolvers = {
    Entity: resolveEntity,
    Node: resolveEntity,
    Paragraph: resolveEntity,
    Url: (value: unknown) => URL_TYPENAMES[(value as UrlView).kind],
  };

  function contentField(owner: 'node' | 'paragraph', field: string, returnType: GraphQLOutputType): Resolver {
    const nullable = getNullableType(returnType);
    const list = isListType(nullable);
    const shape = getNamedType(nullable).name;
    const read =
      owner === 'node'
        ? (n: NodeView) => (n.tr[field] !== undefined ? n.tr[field] : n.node.shared[field])
        : (p: ParagraphView) => p.data[field];
    // Values that need the language or host of the entity they belong to are wrapped in views.
    const convert = (value: unknown, parent: NodeView | ParagraphView, context: CmsContext): unknown => {
      switch (shape) {
        case 'EntityReference':
          return { targetId: String((value as { targetId: unknown }).targetId), field, lang: parent.lang } satisfies RefView;
        case 'Entity':
          return visible(store.resolveReference(field, String((value as { targetId: unknown }).targetId), parent.lang), context);
        case 'FieldLink':
          return { link: value as FixtureLink, lang: parent.lang } satisfies LinkView;
        case 'Paragraph':
        case 'ParagraphLogoTitleAndLink': {
          const data = value as ParagraphFields;
          const bundle = shape === 'Paragraph' ? String(data.bundle) : 'logo_title_and_link';
          return { kind: 'paragraph', bundle, data, node: parent.node, lang: parent.lang } satisfies ParagraphView;
        }
        default:
          return value;
      }
    };
    return (parent: NodeView | ParagraphView, _: unknown, context: CmsContext) => {
      const value = (read as (p: NodeView | ParagraphView) => unknown)(parent);
      if (value === undefined || value === null) return null;
      if (list) return (Array.isArray(value) ? value : [value]).map((item) => (item == null ? null : convert(item, parent, context)));
      const single: unknown = Array.isArray(value) ? value[0] : value;
      return single == null ? null : convert(single, parent, context);
    };
  }

  return { types, interfaces, typeResolvers, contentField };
}

function entityId(e: EntityView): number {
  return e.kind === 'node' ? e.node.nid : e.kind === 'term' ? e.term.tid : e.kind === 'media' ? e.media.mid : e.data.id;
}

function termText(t: EntityView & { kind: 'term' }): { name: string; description?: string } {
  return (t.lang === 'en' ? t.term.en : undefined) ?? t.term.de;
}
