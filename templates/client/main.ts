// The one script every page loads (type=module, so it never blocks rendering). It is small and
// loads no React: the layout's islands (cookie bar, menu overlay, notification banner) are plain
// handlers on the server markup, here in the entry; widgets that need React hydrate when their
// trigger fires — `load` at once, `idle` when the browser is idle, `visible` when it scrolls into
// view, `interaction` when a guest uses one of its controls — and any of them at once on such
// use, replaying a click made before it was ready. React and those widgets come as separate chunks
// (templates/client/registry.ts, hydrate.ts), so a page that is only read never downloads them.
import { HTML_CLASSES, whenIdle } from '../widgets/islands/browser';
import { reloadAfterChunkError } from './chunk-reload';
import { watchHeaderScroll } from './header-scroll';
import { startProgressBar } from './progress';
import { ISLAND_CLIENTS, type IslandClient, type Widget } from './registry';
import type { HydrateOn, IslandName } from '../islands';

const INTERACTIONS = ['pointerdown', 'pointerover', 'focusin', 'keydown', 'touchstart'] as const;
/** What a guest uses in a widget; its text, a table, a slot's cards or a <summary> wake nothing. */
const CONTROLS = 'button, input, select, textarea, label, a[data-enhanced]';

type Settings = Partial<Record<IslandName, Record<string, unknown>>>;
let settings: Promise<Settings> | null = null;

/**
 * What the islands of every page of this language share (templates/island-settings.ts), fetched
 * once per page from the file <html data-islands> names, when an island first needs it; the
 * browser caches it like any asset.
 */
function islandSettings(): Promise<Settings> {
  const href = document.documentElement.dataset.islands;
  settings ??= href
    ? fetch(href).then((response) => {
        if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
        return response.json() as Promise<Settings>;
      })
    : Promise.resolve({});
  return settings;
}

/** The page's own props of an island (data-props), without the shared ones. */
function ownProps(container: HTMLElement): Record<string, unknown> {
  return JSON.parse(container.dataset.props || '{}') as Record<string, unknown>;
}

function hydrateIsland(container: HTMLElement, name: IslandName, client: Extract<IslandClient, { load: unknown }>): Promise<void> {
  const own = ownProps(container);
  // Slots keep the HTML the server rendered (see templates/islands.tsx).
  const slots: Record<string, { __html: string }> = {};
  for (const slot of container.querySelectorAll<HTMLElement>('[data-slot]')) {
    if (slot.closest('[data-island]') === container) slots[slot.dataset.slot!] = { __html: slot.innerHTML };
  }
  if (Object.keys(slots).length > 0) own.slots = slots;
  const props = islandSettings().then((shared) => {
    const all = { ...shared[name], ...own };
    client.prepare?.(all);
    return all;
  });
  return Promise.all([import('./hydrate'), client.load(), props]).then(([runtime, module, all]) =>
    runtime.hydrate(container, (module[name] ?? module.default) as Widget, all),
  );
}

/** Brings an island to life; rejects only when its code could not be loaded. */
function activate(container: HTMLElement): Promise<void> {
  const name = container.dataset.island as IslandName;
  const client = ISLAND_CLIENTS[name];
  if (!client) {
    console.error(`Unknown island "${name}"`);
    return Promise.resolve();
  }
  if ('load' in client) return hydrateIsland(container, name, client);
  try {
    client.enhance(container, ownProps(container), () => islandSettings().then((shared) => shared[name] ?? {}));
  } catch (error) {
    // A broken handler leaves the server markup as it is (links still lead somewhere); no reload.
    console.error(`Island ${name}:`, error);
  }
  return Promise.resolve();
}

function schedule(container: HTMLElement): void {
  const client = ISLAND_CLIENTS[container.dataset.island as IslandName];
  const mode = (client && 'load' in client && client.now?.() ? 'load' : (container.dataset.hydrate ?? 'idle')) as HydrateOn;
  let started = false;
  let pendingClick: HTMLElement | null = null;
  const cleanups: (() => void)[] = [];

  const start = () => {
    if (started) return;
    started = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    activate(container)
      .then(() => {
        container.dataset.hydrated = '';
        container.removeEventListener('click', holdClick, true);
        if (pendingClick?.isConnected) pendingClick.click();
      })
      .catch((error: unknown) => {
        container.removeEventListener('click', holdClick, true);
        if (!reloadAfterChunkError(error) && pendingClick?.isConnected) pendingClick.click();
      });
  };
  // A click on a button or a link the widget takes over (data-enhanced) before the widget is live
  // would be lost or follow the fallback link: hold it, replay it. Plain links inside an island
  // (cards) go at once, and so does a native disclosure (<summary>); form fields and their labels
  // work at once too: a box ticked or a value typed stays in the DOM, and the widget takes it from
  // there when it hydrates (templates/widgets/README.md).
  const holdClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const control = (event.target as Element).closest('button, a[data-enhanced]');
    if (!control || control.closest('[data-island]') !== container) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pendingClick = control as HTMLElement;
    start();
  };
  container.addEventListener('click', holdClick, true);

  if (mode === 'load') return start();
  // Use of one of the island's own controls (not one of an island nested in its slot).
  const use = (event: Event) => {
    const control = (event.target as Element).closest?.(CONTROLS);
    if (control && control.closest('[data-island]') === container) start();
  };
  for (const type of INTERACTIONS) {
    container.addEventListener(type, use, { passive: true });
    cleanups.push(() => container.removeEventListener(type, use));
  }
  if (mode === 'idle') whenIdle(start);
  if (mode === 'visible') {
    if (!('IntersectionObserver' in window)) return start();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), { rootMargin: '200px' });
    // The container is display: contents (no box of its own): watch its children.
    for (const child of container.children) observer.observe(child);
    cleanups.push(() => observer.disconnect());
  }
}

document.documentElement.classList.add(HTML_CLASSES.js);
watchHeaderScroll();
startProgressBar();
// An island inside another island's slot (the menu's Wellness Booking entry) is one of its own; the
// slot's owner only places that HTML.
for (const container of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const owner = container.parentElement?.closest('[data-island], [data-slot]');
  if (!owner || owner.hasAttribute('data-slot')) schedule(container);
}
