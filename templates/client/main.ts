// The one script every page loads (type=module, so it never blocks rendering). It is tiny: it finds
// the islands and hydrates each when its trigger fires — `load` at once, `idle` when the browser is
// idle, `visible` when it scrolls into view (as Astro's client:load/idle/visible) — and any island
// at once on the first interaction with it, replaying a click made before it was ready. React and
// the widgets come as separate chunks (templates/client/registry.ts, hydrate.ts).
import { HTML_CLASSES, whenIdle } from '../widgets/islands/browser';
import { reloadAfterChunkError } from './chunk-reload';
import { watchHeaderScroll } from './header-scroll';
import { startProgressBar } from './progress';
import { ISLAND_LOADERS, type Widget } from './registry';
import type { HydrateOn, IslandName } from '../islands';

const INTERACTIONS = ['pointerdown', 'pointerover', 'focusin', 'keydown', 'touchstart'] as const;

type Settings = Partial<Record<IslandName, Record<string, unknown>>>;
let settings: Promise<Settings> | null = null;

/**
 * What the islands of every page of this language share (templates/island-settings.ts), fetched
 * once per page from the file <html data-islands> names; the browser caches it like any asset.
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

function hydrateIsland(container: HTMLElement): Promise<void> {
  const name = container.dataset.island as IslandName;
  const loader = ISLAND_LOADERS[name];
  if (!loader) return Promise.reject(new Error(`Unknown island "${name}"`));
  const own = JSON.parse(container.dataset.props || '{}') as Record<string, unknown>;
  // Slots keep the HTML the server rendered (see templates/islands.tsx).
  const slots: Record<string, { __html: string }> = {};
  for (const slot of container.querySelectorAll<HTMLElement>('[data-slot]')) {
    if (slot.closest('[data-island]') === container) slots[slot.dataset.slot!] = { __html: slot.innerHTML };
  }
  if (Object.keys(slots).length > 0) own.slots = slots;
  return Promise.all([import('./hydrate'), loader(), islandSettings()]).then(([runtime, module, shared]) =>
    runtime.hydrate(container, (module[name] ?? module.default) as Widget, { ...shared[name], ...own }),
  );
}

function schedule(container: HTMLElement): void {
  const mode = (container.dataset.hydrate ?? 'idle') as HydrateOn;
  let started = false;
  let pendingClick: HTMLElement | null = null;
  const cleanups: (() => void)[] = [];

  const start = () => {
    if (started) return;
    started = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    hydrateIsland(container)
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
  // A click before the widget is live would be lost (or follow a fallback link): hold it, replay it.
  // Plain links inside an island (menu entries, cards) go at once; only links the widget takes
  // over (data-enhanced) wait for it. Form fields and their labels work at once too: a box ticked
  // or a value typed stays in the DOM, and the widget takes it from there when it hydrates
  // (templates/widgets/README.md). A native disclosure (<summary>) needs no widget at all.
  const holdClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element;
    if (target.closest('input, select, textarea, label, summary')) return;
    const link = target.closest('a');
    if (link && !link.hasAttribute('data-enhanced')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pendingClick = event.target as HTMLElement;
    start();
  };
  container.addEventListener('click', holdClick, true);

  if (mode === 'load') return start();
  for (const type of INTERACTIONS) {
    container.addEventListener(type, start, { once: true, passive: true });
    cleanups.push(() => container.removeEventListener(type, start));
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
