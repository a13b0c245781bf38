// Watch's live-reload snippet: the same script text in every response, so its CSP hash holds
// (docs/hardening.md); the generation and a pending error travel in escaped data attributes.
import { describe, expect, it } from 'vitest';
import { LIVE_RELOAD_SCRIPT, liveReloadSnippet } from '../../../../site/serve/live-reload/client-script';

const scriptText = (snippet: string) => /<script[^>]*>([\s\S]*)<\/script>$/.exec(snippet)![1];
const attribute = (snippet: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(snippet)?.[1];

describe('liveReloadSnippet', () => {
  it('sends one script text whatever the generation or error', () => {
    const error = { stage: 'rebuild', message: 'x' };
    expect(scriptText(liveReloadSnippet(1))).toBe(LIVE_RELOAD_SCRIPT);
    expect(scriptText(liveReloadSnippet(42, error))).toBe(LIVE_RELOAD_SCRIPT);
    expect(attribute(liveReloadSnippet(42), 'data-generation')).toBe('42');
  });

  it('escapes an error message into its attribute: it cannot close the element or the script', () => {
    const message = '"><script>alert(1)</script> & $& </script>';
    const snippet = liveReloadSnippet(3, { stage: 'rebuild', message });
    const encoded = attribute(snippet, 'data-error')!;
    expect(encoded).not.toMatch(/[<>"]/);
    const decoded = encoded.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual({ stage: 'rebuild', message });
    expect(snippet.match(/<\/script>/g)).toHaveLength(1);
  });
});
