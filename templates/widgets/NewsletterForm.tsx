// The newsletter sign-up form for the newsletters page: posts to config.newsletter.actionUrl,
// validates in the page language, takes ?email= from the footer field.
import { useId } from 'react';
import { Island } from '../islands';
import { useSite, useT } from '../site-context';

export function NewsletterForm() {
  const site = useSite();
  const t = useT();
  const idPrefix = `newsletter-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <Island
      name="NewsletterForm"
      hydrate="interaction"
      props={{
        idPrefix,
        action: site.config.newsletter.actionUrl,
        privacyHref: site.routeHref('dataprivacystatement'),
        labels: {
          firstName: t('newsletterForm.firstName'),
          lastName: t('newsletterForm.lastName'),
          email: t('newsletterForm.email'),
          consent: t('newsletterForm.consent'),
          privacy: t('newsletterForm.privacy'),
          submit: t('newsletterForm.submit'),
          required: t('newsletterForm.required'),
          unavailable: t('newsletterForm.unavailable'),
        },
        messages: {
          emailRequired: t('newsletterForm.emailRequired'),
          emailInvalid: t('newsletterForm.emailInvalid'),
          consentRequired: t('newsletterForm.consentRequired'),
        },
      }}
    />
  );
}
