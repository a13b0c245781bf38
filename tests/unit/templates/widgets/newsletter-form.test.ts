// templates/widgets/islands/NewsletterForm.tsx: the rules behind the page-language messages.
import { describe, expect, it } from 'vitest';
import { validateNewsletter } from '../../../../templates/widgets/islands/NewsletterForm';

const messages = { emailRequired: 'required', emailInvalid: 'invalid', consentRequired: 'consent' };

describe('validateNewsletter', () => {
  it('needs an e-mail address and the consent', () => {
    expect(validateNewsletter({ email: '', consent: false }, messages)).toEqual({ email: 'required', consent: 'consent' });
    expect(validateNewsletter({ email: '   ', consent: true }, messages)).toEqual({ email: 'required' });
  });

  it('rejects what cannot be an address, accepts what can', () => {
    for (const email of ['guest', 'guest@', 'guest@host', '@host.de', 'a b@host.de']) expect(validateNewsletter({ email, consent: true }, messages), email).toEqual({ email: 'invalid' });
    for (const email of ['guest@example.com', ' gäste@schloss-storchenau.de ', 'a.b+c@sub.example.org']) expect(validateNewsletter({ email, consent: true }, messages), email).toEqual({});
  });
});
