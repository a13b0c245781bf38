// Parts of the layout that are the same on every page of a language — the full menu, the footer,
// the cookie bar, the notification banner — are rendered once per language and reused as bytes:
// they outweigh a page's own content. Children of <Once> depend only on the language's
// SiteContext, never on the page, and come as a function so that not even their props are
// computed again (JSX children would be built on every page). <Reused> does the same without a
// wrapper for a part many pages share that also shows content (the related items of a detail
// page): its id names everything it shows beyond the SiteContext's shared data, and what its
// rendering looked up in the content index is made every showing page's lookups (a build records
// them per page as dependencies: SiteContext.lookups, site/incremental/page-inputs.ts).
//
// React renders only a marker where a fragment goes; `assemblePage` puts the page together as a
// Buffer around the fragments' bytes, encoded once. The page is never one big JavaScript string: a
// large string is a large-object allocation in V8 that costs as much as rendering the page
// (docs/benchmarks.md).
import { randomBytes } from 'node:crypto';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Page, SiteContext } from '../site/model/page-model';
import { SiteProvider, usePage, useSite } from './site-context';

/** Per process and unguessable: no CMS text can forge a marker (it is escaped or sanitized anyway). */
const NONCE = randomBytes(9).toString('base64url');
// A marker is a text node, which React writes as it is when it holds none of &<>"'. Control
// characters delimit it. Standing between elements, it gets no text separator from React.
const MARKER_START = `\u0001${NONCE}:`;
const MARKER_END = '\u0002';
const FRAGMENT_ID = /^[\w:,.-]+$/;

interface Fragment {
  html: Buffer;
  /** What rendering it looked up in the content index (a build that records lookups). */
  lookups: readonly string[];
}

const fragments = new WeakMap<SiteContext, Map<string, Fragment>>();

function fragmentsOf(site: SiteContext): Map<string, Fragment> {
  let byId = fragments.get(site);
  if (!byId) fragments.set(site, (byId = new Map()));
  return byId;
}

/**
 * The marker of fragment `id` of this SiteContext, rendered now if it is the first page to show it.
 * `shared`: what it looks up is every showing page's, not the first's alone.
 */
function marker(page: Page, site: SiteContext, id: string, render: () => ReactNode, shared: boolean): string {
  const byId = fragmentsOf(site);
  const known = byId.get(id);
  if (known) {
    if (shared) site.lookups?.replay(known.lookups);
  } else {
    if (!FRAGMENT_ID.test(id)) throw new Error(`fragment id "${id}" may hold only letters, digits and _:,.-`);
    const html = () =>
      renderToString(
        <SiteProvider page={page} site={site}>
          {render()}
        </SiteProvider>,
      );
    const rendered = site.lookups ? site.lookups.capture(html) : { result: html(), keys: [] };
    byId.set(id, { html: Buffer.from(rendered.result, 'utf8'), lookups: rendered.keys });
  }
  return `${MARKER_START}${id}${MARKER_END}`;
}

export function Once({ id, render }: { id: string; render: () => ReactNode }) {
  // display: contents (class "once" in base.css): the wrapper adds no box to the layout.
  return <div className="once">{marker(usePage(), useSite(), id, render, false)}</div>;
}

/**
 * A fragment shared by the pages whose `id` is the same, in its place with no wrapper. It must
 * stand between elements (not beside text) and render elements.
 */
export function Reused({ id, render }: { id: string; render: () => ReactNode }) {
  return marker(usePage(), useSite(), id, render, true);
}

/**
 * The page's bytes: its own HTML with each <Once> marker replaced by that fragment, encoded
 * straight into one buffer of the page's size.
 */
export function assemblePage(html: string, site: SiteContext): Buffer {
  const byId = fragmentsOf(site);
  // Alternating: the page's own text, a fragment, its text, … (a text may be empty).
  const texts: string[] = [];
  const pieces: Buffer[] = [];
  let size = 0;
  let from = 0;
  for (let at = html.indexOf(MARKER_START); at !== -1; at = html.indexOf(MARKER_START, from)) {
    const idAt = at + MARKER_START.length;
    const end = html.indexOf(MARKER_END, idAt);
    const id = html.slice(idAt, end);
    const fragment = byId.get(id)?.html;
    if (!fragment) throw new Error(`no rendered fragment "${id}" for this page's language`);
    const text = html.slice(from, at);
    texts.push(text);
    pieces.push(fragment);
    size += Buffer.byteLength(text, 'utf8') + fragment.length;
    from = end + MARKER_END.length;
  }
  const last = html.slice(from);
  size += Buffer.byteLength(last, 'utf8');
  const page = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const [i, text] of texts.entries()) {
    offset += page.write(text, offset, 'utf8');
    offset += pieces[i]!.copy(page, offset);
  }
  page.write(last, offset, 'utf8');
  return page;
}
