// Cookie consent (docs/site.md): open on the first visit; Accept stores consent true in local
// storage and enables analytics; Deny stores false and erases the analytics cookies; the bar can
// collapse into a small tab; after a choice a small Cookies icon reopens it. Before hydration the
// head script has already hidden the bar when a choice is stored, so it never flashes.
import { useEffect, useRef, useState } from 'react';
import { disableAnalytics, enableAnalytics } from './analytics';
import { HTML_CLASSES, STORAGE_KEYS, readStorage, writeStorage } from './browser';
import { Icon } from '../../components/Icon';

export interface CookieBarProps {
  analyticsId: string | null;
  privacyHref: string;
  labels: {
    region: string;
    title: string;
    text: string;
    privacy: string;
    accept: string;
    deny: string;
    collapse: string;
    tab: string;
    reopen: string;
  };
}

type State = 'open' | 'collapsed' | 'closed';

export default function CookieBar({ analyticsId, privacyHref, labels }: CookieBarProps) {
  const [state, setState] = useState<State>('open');
  const focusTarget = useRef<'accept' | 'tab' | 'icon' | null>(null);
  const root = useRef<HTMLElement>(null);

  const [synced, setSynced] = useState(false);

  useEffect(() => {
    const consent = readStorage('local', STORAGE_KEYS.consent);
    if (consent === 'true' && analyticsId) enableAnalytics(analyticsId);
    if (consent === 'true' || consent === 'false') setState('closed');
    else if (readStorage('session', STORAGE_KEYS.cookieBarCollapsed) === '1') setState('collapsed');
    setSynced(true);
  }, [analyticsId]);

  // Once the stored state is rendered, it decides what shows, no longer the head script's classes.
  useEffect(() => {
    if (synced) document.documentElement.classList.remove(HTML_CLASSES.consentGiven, HTML_CLASSES.consentDenied, HTML_CLASSES.cookieBarCollapsed);
  }, [synced]);

  // The page keeps the open bar's height free at its end (chrome.css): the real height, measured.
  useEffect(() => {
    const panel = root.current?.querySelector<HTMLElement>('.cookie-bar__panel');
    if (!panel || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (panel.offsetHeight > 0) document.documentElement.style.setProperty('--cookie-bar-h', `${panel.offsetHeight}px`);
    });
    observer.observe(panel);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target) root.current?.querySelector<HTMLElement>(`[data-focus="${target}"]`)?.focus();
  }, [state]);

  const move = (next: State, focus: 'accept' | 'tab' | 'icon') => {
    focusTarget.current = focus;
    setState(next);
  };
  const decide = (accepted: boolean) => {
    writeStorage('local', STORAGE_KEYS.consent, String(accepted));
    writeStorage('session', STORAGE_KEYS.cookieBarCollapsed, null);
    if (accepted && analyticsId) enableAnalytics(analyticsId);
    if (!accepted) disableAnalytics(analyticsId);
    move('closed', 'icon');
  };

  return (
    <section ref={root} className="cookie-bar" data-state={state} aria-label={labels.region}>
      <div className="cookie-bar__panel">
        <p className="cookie-bar__title">{labels.title}</p>
        <p className="cookie-bar__text">
          {labels.text} <a href={privacyHref}>{labels.privacy}</a>
        </p>
        <div className="cookie-bar__actions">
          <button type="button" className="button button--primary" data-focus="accept" onClick={() => decide(true)}>
            {labels.accept}
          </button>
          <button type="button" className="button button--secondary" onClick={() => decide(false)}>
            {labels.deny}
          </button>
        </div>
        <button
          type="button"
          className="cookie-bar__collapse"
          aria-label={labels.collapse}
          onClick={() => {
            writeStorage('session', STORAGE_KEYS.cookieBarCollapsed, '1');
            move('collapsed', 'tab');
          }}
        >
          <Icon name="chevron-down" />
        </button>
      </div>
      <button
        type="button"
        className="cookie-bar__tab"
        data-focus="tab"
        onClick={() => {
          writeStorage('session', STORAGE_KEYS.cookieBarCollapsed, null);
          move('open', 'accept');
        }}
      >
        <Icon name="cookie" />
        {labels.tab}
      </button>
      <button type="button" className="cookie-bar__icon" data-focus="icon" aria-label={labels.reopen} title={labels.reopen} onClick={() => move('open', 'accept')}>
        <Icon name="cookie" />
      </button>
    </section>
  );
}
