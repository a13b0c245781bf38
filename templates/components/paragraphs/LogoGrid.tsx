// Paragraphs "logo grid with links" and "logo title and link": partner and award logos, each
// linked when the CMS gives a link.
import type { Logo, Paragraph } from '../../../site/model/content-types';
import { Picture } from '../Picture';
import { usePage, useSite } from '../../site-context';

function LogoItem({ logo }: { logo: Logo }) {
  const site = useSite();
  const page = usePage();
  const image = logo.image ? <Picture picture={logo.image} variant="card" className="logo__image" sizes="200px" decorative={Boolean(logo.title)} /> : null;
  const content = (
    <>
      {image}
      {logo.title ? <span className="logo__title">{logo.title}</span> : null}
    </>
  );
  // A link to a page the site does not publish is no link (docs/site.md, "Links in CMS text").
  const href = logo.link ? site.content.linkField(logo.link, page.href).href : null;
  if (!logo.link || href === null) return <div className="logo">{content}</div>;
  return (
    <a
      className="logo"
      href={href}
      aria-label={!logo.title && !logo.image?.alt ? logo.link.title : undefined}
      {...(logo.link.external ? { rel: 'noopener', target: '_blank' } : {})}>
      {content}
    </a>
  );
}

export function LogoGrid({ paragraph }: { paragraph: Extract<Paragraph, { kind: 'logo_grid' }> }) {
  if (paragraph.logos.length === 0) return null;
  return (
    <section className="para para--logos">
      {paragraph.title ? <h2>{paragraph.title}</h2> : null}
      <ul className="logo-grid">
        {paragraph.logos.map((logo, index) => (
          <li key={index}>
            <LogoItem logo={logo} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LogoTitleLink({ paragraph }: { paragraph: Extract<Paragraph, { kind: 'logo_title_link' }> }) {
  return (
    <div className="para para--logo">
      <LogoItem logo={paragraph.logo} />
    </div>
  );
}
