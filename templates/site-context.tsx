// The page being rendered and its language's shared data, available to every server component.
// Islands (templates/widgets) must not rely on this: they get what they need as props, because on
// the client they hydrate alone.
import { createContext, useContext, type ReactNode } from 'react';
import type { Page, SiteContext } from '../site/model/page-model';
import { translate, type TranslateVars } from './i18n';

const Ctx = createContext<{ page: Page; site: SiteContext } | null>(null);

export function SiteProvider({ page, site, children }: { page: Page; site: SiteContext; children: ReactNode }) {
  return <Ctx.Provider value={{ page, site }}>{children}</Ctx.Provider>;
}

function useCtx() {
  const value = useContext(Ctx);
  if (!value) throw new Error('SiteProvider missing: render pages through templates/Document');
  return value;
}

export const useSite = (): SiteContext => useCtx().site;
/** The site where there may be none: <Island> outside a page (its unit tests). */
export const useOptionalSite = (): SiteContext | null => useContext(Ctx)?.site ?? null;
export const usePage = (): Page => useCtx().page;

export function useT(): (key: string, vars?: TranslateVars) => string {
  const { messages } = useCtx().site;
  return (key, vars) => translate(messages, key, vars);
}
