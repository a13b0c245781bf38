// The island mechanism: only widgets hydrate; the rest of the page stays static HTML. How an island
// is marked up, hydrated and given shared props and slots: templates/widgets/README.md.
import type { ReactNode } from 'react';
import { useOptionalSite } from './site-context';
import { sharedProps, type SharedKeys } from './island-settings';
import { jsonInHtml } from './json-in-html';
export type { SlotContent, Slots } from './widgets/islands/Slot';
import { ISLAND_COMPONENTS, type IslandName, type IslandProps } from './island-components';
// The client names islands through this module.
export type { IslandName, IslandProps } from './island-components';

/**
 * When an island comes to life (templates/client/main.ts). `interaction`: when a guest uses one of
 * its controls (pointer, focus, key on a button, field or enhanced link), the choice for widgets
 * React hydrates, so a page that is only read loads no React. Every other mode except `load` also
 * starts on such use, and a click made before hydration is replayed afterwards. Islands with a
 * plain-script enhancer (the layout's, templates/client/registry.ts) use `load`.
 */
export type HydrateOn = 'load' | 'idle' | 'visible' | 'interaction';

/**
 * Props as JSON that is safe anywhere in HTML (templates/json-in-html.ts), whether it ends up in an
 * attribute or a <script>. JSON.parse restores the original strings (templates/client/main.ts).
 */
export function serializeProps(props: unknown): string {
  return jsonInHtml(props ?? {});
}

interface IslandOwnProps<N extends IslandName> {
  name: N;
  /** Serializable props (no functions, no React nodes), without the shared ones. Slots go in `slots`. */
  props: Omit<IslandProps<N>, 'slots' | SharedKeys<N>>;
  slots?: Record<string, ReactNode>;
  /** Default `interaction`: a page that is only read loads no React for it. */
  hydrate?: HydrateOn;
  /** `span` where the island sits inside phrasing content. The container is display: contents. */
  as?: 'div' | 'span';
}

export function Island<N extends IslandName>({ name, props, slots, hydrate = 'interaction', as: Tag = 'div' }: IslandOwnProps<N>) {
  const Component = ISLAND_COMPONENTS[name] as unknown as (p: Record<string, unknown>) => ReactNode;
  const all = { ...sharedProps(useOptionalSite(), name), ...props, ...(slots ? { slots } : {}) };
  return (
    <Tag className="island" data-island={name} data-hydrate={hydrate} data-props={serializeProps(props)}>
      <Component {...all} />
    </Tag>
  );
}
