// Newsletter sign-up: validation with the German message set on /de and
// English on /en; the e-mail passed by the footer field (?email=) is prefilled; a valid form posts
// to the newsletter provider configured in site.config.ts.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import site from '../../../site.config';
import { hasChromium, launchBrowser } from '../../helpers/browser';
import { hydrated, openTab, routePath, serveSite, VARIANTS, type SiteServer } from './harness';

const dist = inject('fixtureSite');
const ACTION = site.newsletter!.actionUrl;
const MESSAGES = {
  de: {
    emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
    consentRequired: 'Bitte bestätigen Sie, dass Sie den Newsletter erhalten möchten.',
  },
  en: {
    emailRequired: 'Please enter your e-mail address.',
    emailInvalid: 'Please enter a valid e-mail address, e.g. name@example.com.',
    consentRequired: 'Please confirm that you would like to receive the newsletter.',
  },
};

describe.skipIf(!hasChromium)('newsletter form', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), serveSite(dist)]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });

  for (const variant of VARIANTS) {
    it(`${variant.name}: the footer field leads to the form with the e-mail filled in; messages in the page language; posts to the provider`, async () => {
      const tab = await openTab(browser, { viewport: variant.viewport });
      const posted: { method: string; body: string }[] = [];
      await tab.context.route(`${ACTION}**`, (route) => {
        posted.push({ method: route.request().method(), body: route.request().postData() ?? '' });
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Thanks</title><h1>Thanks</h1>' });
      });
      try {
        const { page } = tab;
        const messages = MESSAGES[variant.locale];
        await page.goto(server.url + routePath('accommodation', variant.locale));
        await page.locator('#footer-email').fill('guest@example.com');
        await page.locator('.footer__form button').click();
        await page.waitForURL(`${server.url}${routePath('newsletters', variant.locale)}?email=guest%40example.com`);
        await hydrated(page, 'NewsletterForm');
        const form = page.locator('.newsletter-form');
        const email = form.locator('input[name="email"]');
        await expect.poll(() => email.inputValue()).toBe('guest@example.com');

        await email.fill('');
        await form.locator('button[type="submit"]').click();
        expect(await form.locator('.field__error').allTextContents()).toEqual([messages.emailRequired, messages.consentRequired]);
        expect(await email.getAttribute('aria-invalid')).toBe('true');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
        expect(page.url()).toContain(routePath('newsletters', variant.locale));

        // After the first attempt, messages follow the input.
        await email.fill('guest@');
        await expect.poll(() => form.locator('.field__error').first().textContent()).toBe(messages.emailInvalid);

        await email.fill('guest@example.com');
        await form.locator('input[name="consent"]').check();
        expect(await form.locator('.field__error').count()).toBe(0);
        await form.locator('button[type="submit"]').click();
        await page.waitForURL(`${ACTION}**`);
        expect(posted).toHaveLength(1);
        expect(posted[0]!.method).toBe('POST');
        expect(new URLSearchParams(posted[0]!.body).get('email')).toBe('guest@example.com');
        expect(tab.errors).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
