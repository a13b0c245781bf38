// The hydration runtime, loaded with the first island: React's client and hydrateRoot. Kept out of
// the entry so a page's first script stays tiny and React downloads only when an island needs it.
import { useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
// The widgets' JSX runtime, imported here too so React and it share one chunk.
import { jsx } from 'react/jsx-runtime';

/** Renders the widget and reports once React has committed (its event handlers are live). */
function Hydrated({ component, props, onHydrated }: { component: ComponentType<Record<string, unknown>>; props: Record<string, unknown>; onHydrated: () => void }) {
  useEffect(onHydrated, []);
  return jsx(component, props);
}

export function hydrate(container: Element, component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(container, jsx(Hydrated, { component, props, onHydrated: resolve }), {
      // Say which island failed, so a mismatch is found in the right widget.
      onRecoverableError: (error) => console.error(`Island ${(container as HTMLElement).dataset.island}:`, error),
    });
  });
}
