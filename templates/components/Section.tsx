// A titled band of the page (home teasers, related items): heading, an optional "all …" link to
// the list page, and its content in the 1120 px row.
import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: string;
  more?: { href: string; label: string } | null;
  tone?: 'plain' | 'sand';
  children: ReactNode;
}

export function Section({ id, title, more, tone = 'plain', children }: Props) {
  return (
    <section className={`band band--${tone}`} aria-labelledby={`${id}-title`}>
      <div className="row">
        <div className="band__head">
          <h2 id={`${id}-title`}>{title}</h2>
          {more ? (
            <a className="band__more" href={more.href}>
              {more.label}
            </a>
          ) : null}
        </div>
        {children}
      </div>
    </section>
  );
}
