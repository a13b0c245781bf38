// An in-memory stand-in for the hotel's CMS that is NOT our fixtures: it answers every operation
// the build sends (ContentPage, TermsPage, Menu, Notifications, RouteResolver) with the schema's
// shapes (every field the site's fragments request, `__typename`s from site/cms/schema.graphql),
// honours offset/limit/count and the status/langcode filters, and serves media files on the same
// origin. Tests make it hostile: content that is odd, a `count` that lies, a sloppy status filter,
// and faults injected per request (delays, 5xx, 429, truncated JSON, resets).
//
// It is a sibling of ./graphql-stub.ts (same request record, same json() answer) with what that
// stub cannot do: see the URL (media on the CMS origin) and keep a content model.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, Kind, parse, validate, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import { projectPath } from '../../site/project-root';
import { json, type StubRequest } from './graphql-stub';

export type Locale = 'de' | 'en';
export type Raw = Record<string, unknown>;

export interface CmsNode {
  nid: number;
  /** Bundle machine name, e.g. "accommodation". */
  type: string;
  langcode: Locale;
  title?: unknown;
  /** Default true. */
  status?: unknown;
  /** The alias; undefined: an automatic one under the type's list route; null: entityUrl null. */
  path?: string | null;
  weight?: unknown;
  /** Raw field values that replace the defaults (anything goes: hostile tests send odd values). */
  fields?: Raw;
}

export interface CmsTerm {
  tid: number;
  langcode: Locale;
  name: unknown;
  vocabulary: string;
  weight?: number;
}

export interface ListInfo {
  operation: 'ContentPage' | 'Notifications' | 'TermsPage';
  type: string | null;
  langcode: string;
  offset: number;
  limit: number;
  /** The real number of matches. */
  total: number;
  /** How many times this exact list page was asked for. */
  attempt: number;
}

export interface CmsRequest extends StubRequest {
  /** 1-based number of the request on this server. */
  n: number;
  /** How many times this operation with these variables was asked for, this one included. */
  attempt: number;
  key: string;
  at: number;
  /** The request's Authorization header, as sent. */
  authorization: string | undefined;
}

export type FileRoute =
  | { status?: number; headers?: Record<string, string>; body?: string | Buffer; delayMs?: number }
  | ((req: IncomingMessage, res: ServerResponse) => void | Promise<void>);

export interface HostileCmsOptions {
  nodes?: CmsNode[];
  terms?: CmsTerm[];
  /** A sloppy backend: returns unpublished items although every query filters status 1. */
  ignoreStatusFilter?: boolean;
  /** Replaces the `count` a list answer reports (a lying backend). */
  count?: (info: ListInfo) => unknown;
  /** Replaces the entities a list answer returns (shifted, duplicated pages ...). */
  entities?: (info: ListInfo, entities: Raw[], all: Raw[]) => unknown[];
  /** Answers a request itself (faults); return true when it did. Runs after the request is recorded. */
  intercept?: (request: CmsRequest, res: ServerResponse) => boolean | Promise<boolean>;
  /** GET routes on the CMS origin (media), by path. Anything else GET is 404. */
  files?: Record<string, FileRoute>;
}

export interface HostileCms {
  endpoint: string;
  /** The live content: push to it after start when content needs the server's origin. */
  nodes: CmsNode[];
  origin: string;
  requests: CmsRequest[];
  /** Media GETs: full URL, in order. */
  fileRequests: string[];
  /** The Authorization header of each media GET, in the same order. */
  fileAuthorizations: (string | undefined)[];
  /** Queries the build sent that do not validate against site/cms/schema.graphql. */
  invalidQueries: string[];
  close(): Promise<void>;
}

// ---------- schema knowledge, read from the project's own files ----------

const SCHEMA_SOURCE = readFileSync(projectPath('site/cms/schema.graphql'), 'utf8');
let schema: GraphQLSchema | null = null;
function theSchema(): GraphQLSchema {
  return (schema ??= buildSchema(SCHEMA_SOURCE));
}

/** Bundle → __typename, from the schema's `"type: accommodation"` descriptions. */
export const TYPENAME: Record<string, string> = (() => {
  const map: Record<string, string> = {};
  for (const definition of parse(SCHEMA_SOURCE).definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
    const bundle = /^type: (\w+)/.exec(definition.description?.value ?? '')?.[1];
    if (bundle && definition.name.value.startsWith('Node')) map[bundle] = definition.name.value;
  }
  return map;
})();

function fieldNames(selectionSet: SelectionSetNode | undefined): string[] {
  return (selectionSet?.selections ?? []).flatMap((selection) =>
    selection.kind === Kind.FIELD ? [(selection.alias ?? selection.name).value] : [],
  );
}

/** Fields the ContentItem fragment requests: on every node, and per __typename. */
const REQUESTED = (() => {
  const source = readFileSync(projectPath('site/content/queries/fragments/content-item.graphql'), 'utf8');
  const fragment = parse(source).definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  if (!fragment || fragment.kind !== Kind.FRAGMENT_DEFINITION) throw new Error('no ContentItem fragment');
  const common = fieldNames(fragment.selectionSet);
  const byType: Record<string, string[]> = {};
  for (const selection of fragment.selectionSet.selections) {
    if (selection.kind !== Kind.INLINE_FRAGMENT || !selection.typeCondition) continue;
    const name = selection.typeCondition.name.value;
    byType[name] = [...(byType[name] ?? []), ...fieldNames(selection.selectionSet)];
  }
  return { common, byType };
})();

/** Where an item of `type` lives by default (de, en), like the site's route table. */
const LIST_PATHS: Record<string, [string, string]> = {
  accommodation: ['/de/uebernachten', '/en/accommodation'],
  restaurants_bars: ['/de/restaurantsundbars', '/en/restaurantsandbars'],
  meetingsandcelebrations: ['/de/tagungenundfeste', '/en/meetingsandcelebrations'],
  wellness: ['/de/wellness', '/en/wellness'],
  spa_treatments: ['/de/wellness/spabehandlung', '/en/wellness/spatreatments'],
  sports: ['/de/sports', '/en/sports'],
  events: ['/de/veranstaltungen', '/en/events'],
  packages_and_special_offers: ['/de/spezialangebot', '/en/specialoffers'],
  aboutus: ['/de/ueberuns', '/en/aboutus'],
  careers: ['/de/karriere', '/en/careers'],
  article: ['/de/artikel', '/en/articles'],
  press_releases: ['/de/Pressemeldungen', '/en/pressreleases'],
  health_page: ['/de/gesundheit', '/en/health'],
};

export function defaultPath(type: string, langcode: Locale, nid: number): string {
  const list = LIST_PATHS[type]?.[langcode === 'de' ? 0 : 1] ?? `/${langcode}/${type.replace(/_/g, '-')}`;
  return `${list}/item-${nid}`;
}

/** A node as the ContentItem fragment would return it: every requested field, null where unset. */
export function nodeShape(node: CmsNode): Raw {
  const typename = TYPENAME[node.type];
  if (!typename) throw new Error(`unknown bundle ${node.type}`);
  const shape: Raw = {};
  for (const field of [...REQUESTED.common, ...(REQUESTED.byType[typename] ?? [])]) shape[field] = null;
  const path = node.path === undefined ? defaultPath(node.type, node.langcode, node.nid) : node.path;
  return {
    ...shape,
    __typename: typename,
    nid: node.nid,
    title: node.title === undefined ? `${node.type} ${node.nid} ${node.langcode}` : node.title,
    langcode: node.langcode,
    status: node.status === undefined ? true : node.status,
    created: 1_760_000_000,
    changed: 1_760_000_000 + node.nid,
    promote: false,
    sticky: false,
    fieldWeight: node.weight === undefined ? 0 : node.weight,
    entityUrl: path === null ? null : { path },
    entityBundle: node.type,
    body: { processed: `<p>Text of ${node.nid} (${node.langcode}).</p>` },
    fieldTeaser: `Teaser ${node.nid}`,
    fieldImages: [],
    fieldContent: [],
    ...node.fields,
  };
}

function published(node: CmsNode): boolean {
  return node.status === undefined || node.status === true;
}

function sortKey(a: CmsNode, b: CmsNode): number {
  const wa = typeof a.weight === 'number' ? a.weight : 0;
  const wb = typeof b.weight === 'number' ? b.weight : 0;
  return wa - wb || String(a.title ?? '').localeCompare(String(b.title ?? '')) || a.nid - b.nid;
}

const MENU_TOPICS: [string, string][] = [
  ['rooms', 'accommodation'],
  ['restaurants_bars', 'restaurants_bars'],
  ['meetingsandcelebrations', 'meetingsandcelebrations'],
  ['wellness', 'wellness'],
  ['events', 'events'],
  ['sports', 'sports'],
  ['specialoffers', 'packages_and_special_offers'],
  ['aboutus', 'aboutus'],
];

// ---------- the server ----------

export async function startHostileCms(options: HostileCmsOptions = {}): Promise<HostileCms> {
  const nodes = options.nodes ?? [];
  const terms = options.terms ?? [];
  const attempts = new Map<string, number>();
  const cms: HostileCms = { endpoint: '', nodes, origin: '', requests: [], fileRequests: [], fileAuthorizations: [], invalidQueries: [], close: async () => {} };

  function list(operation: ListInfo['operation'], type: string | null, langcode: string, offset: number, limit: number, attempt: number, matches: Raw[]) {
    const info: ListInfo = { operation, type, langcode, offset, limit, total: matches.length, attempt };
    const page = matches.slice(offset, offset + limit);
    return {
      count: options.count ? options.count(info) : matches.length,
      entities: options.entities ? options.entities(info, page, matches) : page,
    };
  }

  function nodesOf(type: string, langcode: string): CmsNode[] {
    return nodes.filter((node) => node.type === type && node.langcode === langcode && (options.ignoreStatusFilter || published(node))).sort(sortKey);
  }

  function answer(request: CmsRequest, res: ServerResponse): void {
    const v = request.variables;
    const offset = Number(v.offset ?? 0);
    const limit = Number(v.limit ?? 10);
    if (limit > 100) return json(res, { errors: [{ message: `limit ${limit} is larger than 100`, path: ['nodeQuery'] }], data: null });
    switch (request.operationName) {
      case 'ContentPage': {
        const matches = nodesOf(String(v.type), String(v.langcode)).map(nodeShape);
        return json(res, { data: { nodeQuery: list('ContentPage', String(v.type), String(v.langcode), offset, limit, request.attempt, matches) } });
      }
      case 'Notifications': {
        const matches = nodesOf('notifications', String(v.language)).map(nodeShape);
        return json(res, { data: { nodeQuery: list('Notifications', 'notifications', String(v.language), offset, limit, request.attempt, matches) } });
      }
      case 'TermsPage': {
        const matches = terms
          .filter((term) => term.langcode === v.langcode)
          .sort((a, b) => a.tid - b.tid)
          .map((term) => ({ __typename: 'TaxonomyTerm', tid: term.tid, name: term.name, weight: term.weight ?? 0, vid: { targetId: term.vocabulary }, fieldIcon: null }));
        return json(res, { data: { taxonomyTermQuery: list('TermsPage', null, String(v.langcode), offset, limit, request.attempt, matches) } });
      }
      case 'Menu': {
        const language = String(v.language).toLowerCase();
        const data: Raw = {};
        for (const [alias, type] of MENU_TOPICS) {
          const menuLimit = Number(new RegExp(`${alias}: nodeQuery\\(limit: (\\d+)`).exec(request.query)?.[1] ?? 10);
          // nodeQuery without langcode: one entity per node; status filtered in the asked language.
          const nids = [...new Set(nodes.filter((node) => node.type === type).map((node) => node.nid))];
          const rows = nids
            .map((nid) => nodes.find((node) => node.nid === nid && node.langcode === language) ?? null)
            .filter((translation): translation is CmsNode => translation !== null && (options.ignoreStatusFilter || published(translation)))
            .sort(sortKey);
          data[alias] = {
            count: rows.length,
            entities: rows.slice(0, menuLimit).map((translation) => ({ entityTranslation: nodeShape(translation) })),
          };
        }
        return json(res, { data });
      }
      case 'RouteResolver':
        return json(res, { data: { route: null } });
      default:
        return json(res, { errors: [{ message: `Unknown operation ${String(request.operationName)}` }], data: null });
    }
  }

  async function serveFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    cms.fileRequests.push(cms.origin + (req.url ?? '/'));
    cms.fileAuthorizations.push(req.headers.authorization);
    const route = options.files?.[path] ?? options.files?.[decodeURIComponent(path)];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
      return;
    }
    if (typeof route === 'function') return route(req, res);
    if (route.delayMs) await new Promise((resolve) => setTimeout(resolve, route.delayMs));
    res.writeHead(route.status ?? 200, route.headers ?? {});
    res.end(route.body ?? '');
  }

  const server: Server = createServer(async (req, res) => {
    try {
      if (req.method === 'GET' || req.method === 'HEAD') return await serveFile(req, res);
      let body = '';
      for await (const chunk of req) body += chunk;
      let parsed: { query?: string; variables?: Record<string, unknown>; operationName?: string };
      try {
        parsed = JSON.parse(body || '{}');
      } catch {
        return json(res, { errors: [{ message: 'body is not JSON' }] }, 400);
      }
      const query = parsed.query ?? '';
      const operationName = parsed.operationName ?? /query (\w+)/.exec(query)?.[1];
      const variables = parsed.variables ?? {};
      const key = `${operationName}${JSON.stringify(variables)}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const request: CmsRequest = { body, operationName, query, variables, n: cms.requests.length + 1, attempt, key, at: Date.now(), authorization: req.headers.authorization };
      cms.requests.push(request);
      if (attempt === 1) {
        try {
          const errors = validate(theSchema(), parse(query));
          if (errors.length) cms.invalidQueries.push(`${operationName}: ${errors.map((e) => e.message).join('; ')}`);
        } catch (error) {
          cms.invalidQueries.push(`${operationName}: ${(error as Error).message}`);
        }
      }
      if (options.intercept && (await options.intercept(request, res))) return;
      answer(request, res);
    } catch (error) {
      if (!res.headersSent) json(res, { errors: [{ message: `stand-in CMS broke: ${(error as Error).message}` }] }, 500);
      else res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  cms.origin = `http://127.0.0.1:${port}`;
  cms.endpoint = `${cms.origin}/graphql`;
  cms.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return cms;
}

/** Shorthand for a CmsNode. */
export function node(nid: number, type: string, langcode: Locale, extra: Partial<CmsNode> = {}): CmsNode {
  return { nid, type, langcode, ...extra };
}

/** A 1×1 PNG (valid: image-size reads 1×1 from it). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG whose header claims width × height, padded to `bytes` (the pixel data is junk). */
export function bigPng(width: number, height: number, bytes: number): Buffer {
  const header = Buffer.from(PNG_1X1);
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, bytes - header.length))]);
}
