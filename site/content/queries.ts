// The operations the site sends, one per .graphql file under ./queries, each joined with exactly
// the fragments it uses (./queries/fragments) so it validates on its own against the schema. The
// CLI's bundle carries them prepared (cli/bundle.mjs runs `preparedOperations` when it bundles), so
// that its every start does not parse GraphQL; elsewhere (tests, watch) they are prepared on load.
import { Kind, parse, visit, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import contentPage from './queries/content-page.graphql';
import draftContentPage from './queries/draft-content-page.graphql';
import draftMenu from './queries/draft-menu.graphql';
import draftRevision from './queries/draft-revision.graphql';
import menu from './queries/menu.graphql';
import notifications from './queries/notifications.graphql';
import routeResolver from './queries/route-resolver.graphql';
import termsPage from './queries/terms-page.graphql';
import listVersions from './queries/list-versions.graphql';
import contentItem from './queries/fragments/content-item.graphql';
import image from './queries/fragments/image.graphql';
import link from './queries/fragments/link.graphql';
import listVersion from './queries/fragments/list-version.graphql';
import menuResult from './queries/fragments/menu-result.graphql';
import paragraph from './queries/fragments/paragraph.graphql';
import routeEntity from './queries/fragments/route-entity.graphql';
import text from './queries/fragments/text.graphql';

/** The list an answer belongs to: its language and list (a content type, `notifications` or `taxonomy_terms`). */
export interface ListKey {
  locale: string;
  list: string;
}

export interface Operation {
  name: string;
  /**
   * The list this operation's answer for `variables` belongs to, so a moved list or an edited
   * fixture drops exactly its answers; null for answers drawn from many lists (the menu) or none.
   */
  list: (variables: Record<string, unknown>) => ListKey | null;
  /** The operation plus the fragments it uses, as sent. */
  document: string;
  /** Response keys the schema guarantees (non-null root fields): an answer without one is unreadable. */
  required: string[];
}

/** Root fields of site/cms/schema.graphql declared non-null (tests/unit/content/queries.test.ts checks). */
export const NON_NULL_ROOT_FIELDS: ReadonlySet<string> = new Set(['nodeQuery', 'taxonomyTermQuery']);

/** What an operation's source makes: everything of an Operation but its list. */
export type PreparedOperation = Omit<Operation, 'list'>;

declare const __HOTEL_SITE_OPERATIONS__: Record<string, PreparedOperation> | undefined;
/** The operations as the bundle prepared them, by source. */
const bundled = typeof __HOTEL_SITE_OPERATIONS__ === 'object' ? __HOTEL_SITE_OPERATIONS__ : null;
const prepared = new Map<string, PreparedOperation>();

let fragmentsByName: Map<string, { source: string; node: FragmentDefinitionNode }> | null = null;

function fragments(): Map<string, { source: string; node: FragmentDefinitionNode }> {
  if (fragmentsByName) return fragmentsByName;
  fragmentsByName = new Map();
  for (const source of [contentItem, image, link, listVersion, menuResult, paragraph, routeEntity, text]) {
    for (const definition of parse(source).definitions) {
      if (definition.kind !== Kind.FRAGMENT_DEFINITION) throw new Error('fragment files hold fragments only');
      fragmentsByName.set(definition.name.value, { source: printSource(source, definition), node: definition });
    }
  }
  return fragmentsByName;
}

function printSource(source: string, node: FragmentDefinitionNode): string {
  return node.loc ? source.slice(node.loc.start, node.loc.end) : source;
}

function spreads(document: DocumentNode | FragmentDefinitionNode): string[] {
  const names: string[] = [];
  visit(document, { FragmentSpread: (node) => void names.push(node.name.value) });
  return names;
}

function prepare(source: string): PreparedOperation {
  const document = parse(source);
  const [definition] = document.definitions;
  if (document.definitions.length !== 1 || definition?.kind !== Kind.OPERATION_DEFINITION || !definition.name) {
    throw new Error('each query file holds exactly one named operation');
  }
  const needed = new Set<string>();
  const queue = spreads(document);
  while (queue.length) {
    const name = queue.pop()!;
    if (needed.has(name)) continue;
    const fragment = fragments().get(name);
    if (!fragment) throw new Error(`query ${definition.name.value} uses unknown fragment ${name}`);
    needed.add(name);
    queue.push(...spreads(fragment.node));
  }
  const parts = [source.trim(), ...[...needed].sort().map((name) => fragments().get(name)!.source)];
  const required = definition.selectionSet.selections
    .filter((selection) => selection.kind === Kind.FIELD && NON_NULL_ROOT_FIELDS.has(selection.name.value))
    .map((selection) => (selection.kind === Kind.FIELD ? (selection.alias ?? selection.name).value : ''));
  return { name: definition.name.value, document: parts.join('\n\n'), required };
}

function operation(source: string, list: Operation['list'] = () => null): Operation {
  const ready = bundled?.[source] ?? prepare(source);
  prepared.set(source, ready);
  return { ...ready, list };
}

/** Every operation prepared, by source: what the CLI's bundle carries (cli/bundle.mjs). */
export function preparedOperations(): Record<string, PreparedOperation> {
  return Object.fromEntries(prepared);
}

export const QUERIES = {
  routeResolver: operation(routeResolver),
  notifications: operation(notifications, (variables) => ({ locale: String(variables.language), list: 'notifications' })),
  menu: operation(menu),
  contentPage: operation(contentPage, (variables) => ({ locale: String(variables.langcode), list: String(variables.type) })),
  termsPage: operation(termsPage, (variables) => ({ locale: String(variables.langcode), list: 'taxonomy_terms' })),
  listVersions: operation(listVersions),
} as const;

/** What only the preview's draft view sends (docs/drafts.md); a build sends none of these. */
export const DRAFT_QUERIES = {
  contentPage: operation(draftContentPage, (variables) => ({ locale: String(variables.langcode), list: String(variables.type) })),
  menu: operation(draftMenu),
  revision: operation(draftRevision),
} as const;

const BY_NAME = new Map<string, Operation>([...Object.values(QUERIES), ...Object.values(DRAFT_QUERIES)].map((query) => [query.name, query]));

/** The list of a request by its operation name (cached answers keep the name); null as above. */
export function listOfRequest(operation: string, variables: Record<string, unknown>): ListKey | null {
  return BY_NAME.get(operation)?.list(variables) ?? null;
}

/** The variables of a language's menu request (the schema's MenuLanguage is upper case). */
export const menuVariables = (locale: string) => ({ language: locale.toUpperCase() });
