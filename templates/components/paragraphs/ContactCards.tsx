// Paragraph "contact cards": people to ask, with phone and e-mail as links.
import type { Paragraph } from '../../../site/model/content-types';
import { phoneText, telHref } from '../../format';
import { Picture } from '../Picture';

export function ContactCards({ paragraph }: { paragraph: Extract<Paragraph, { kind: 'contact_cards' }> }) {
  if (paragraph.contacts.length === 0) return null;
  const Name = paragraph.title ? 'h3' : 'h2';
  return (
    <section className="para para--contacts">
      {paragraph.title ? <h2>{paragraph.title}</h2> : null}
      <ul className="contacts">
        {paragraph.contacts.map((contact) => (
          <li key={contact.name} className="contact">
            {contact.image ? (
              <Picture picture={contact.image} variant="card" className="contact__photo" sizes="96px" />
            ) : (
              <span className="contact__initials" aria-hidden="true">
                {initials(contact.name)}
              </span>
            )}
            <div>
              <Name className="contact__name">{contact.name}</Name>
              {contact.role ? <p className="contact__role">{contact.role}</p> : null}
              {contact.phone ? (
                <p>
                  <a href={telHref(contact.phone)}>{phoneText(contact.phone)}</a>
                </p>
              ) : null}
              {contact.email ? (
                <p>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
