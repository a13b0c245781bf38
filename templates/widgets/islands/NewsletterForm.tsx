// Newsletter sign-up: posts to the newsletter provider from site.config.ts. Hydrated, it validates with the page language's messages (German on /de) instead
// of the browser's, and takes the e-mail the footer field passed as ?email=. Without JavaScript the
// browser's own validation (required, type=email) still applies.
import { useEffect, useRef, useState, type FormEvent } from 'react';

export interface NewsletterFormProps {
  idPrefix: string;
  action: string | null;
  privacyHref: string;
  labels: {
    firstName: string;
    lastName: string;
    email: string;
    consent: string;
    privacy: string;
    submit: string;
    required: string;
    unavailable: string;
  };
  messages: { emailRequired: string; emailInvalid: string; consentRequired: string };
}

type Field = 'email' | 'consent';
type Errors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function validateNewsletter(values: { email: string; consent: boolean }, messages: NewsletterFormProps['messages']): Errors {
  const errors: Errors = {};
  const email = values.email.trim();
  if (!email) errors.email = messages.emailRequired;
  else if (!EMAIL.test(email)) errors.email = messages.emailInvalid;
  if (!values.consent) errors.consent = messages.consentRequired;
  return errors;
}

export default function NewsletterForm({ idPrefix: id, action, privacyHref, labels, messages }: NewsletterFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  // Messages appear after the first attempt to send, then follow every change. (Validating on blur
  // before that would push the submit button away under the pointer as the guest clicks it.)
  const [attempted, setAttempted] = useState(false);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    element.noValidate = true; // our messages, in the page language, replace the browser's
    const email = new URLSearchParams(window.location.search).get('email');
    const input = element.elements.namedItem('email') as HTMLInputElement | null;
    if (email && input && !input.value) input.value = email;
  }, []);

  const current = (): Errors => {
    const elements = form.current!.elements;
    return validateNewsletter(
      { email: (elements.namedItem('email') as HTMLInputElement).value, consent: (elements.namedItem('consent') as HTMLInputElement).checked },
      messages,
    );
  };
  const recheck = () => attempted && setErrors(current());
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const found = current();
    setErrors(found);
    setAttempted(true);
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      event.preventDefault();
      (form.current!.elements.namedItem(first) as HTMLInputElement).focus();
    }
  };

  if (!action) return <p className="newsletter-form__unavailable">{labels.unavailable}</p>;
  const emailError = errors.email;
  const consentError = errors.consent;
  return (
    <form ref={form} className="newsletter-form" action={action} method="post" onSubmit={submit}>
      <div className="newsletter-form__row">
        <div className="field">
          <label htmlFor={`${id}-first`}>{labels.firstName}</label>
          <input id={`${id}-first`} name="firstName" type="text" autoComplete="given-name" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-last`}>{labels.lastName}</label>
          <input id={`${id}-last`} name="lastName" type="text" autoComplete="family-name" />
        </div>
      </div>
      <div className={emailError ? 'field field--invalid' : 'field'}>
        <label htmlFor={`${id}-email`}>
          {labels.email} <span className="field__required">({labels.required})</span>
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          onBlur={recheck}
          onChange={recheck}
        />
        {emailError ? (
          <p id={`${id}-email-error`} className="field__error">
            {emailError}
          </p>
        ) : null}
      </div>
      <div className={consentError ? 'field field--check field--invalid' : 'field field--check'}>
        <input
          id={`${id}-consent`}
          name="consent"
          type="checkbox"
          value="yes"
          required
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? `${id}-consent-error` : undefined}
          onChange={recheck}
        />
        <label htmlFor={`${id}-consent`}>
          {labels.consent} <a href={privacyHref}>{labels.privacy}</a>
        </label>
        {consentError ? (
          <p id={`${id}-consent-error`} className="field__error">
            {consentError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary">
        {labels.submit}
      </button>
    </form>
  );
}
