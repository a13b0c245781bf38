// templates/render-once.tsx: what every page of a language (or many pages) shares is rendered once
// and put into each page's bytes where its marker stands; the page is exactly what rendering it all
// would give.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DependencyTracker } from '../../../site/incremental/page-inputs';
import type { ContentItem } from '../../../site/model/content-types';
import type { ContentIndex, Page, SiteContext } from '../../../site/model/page-model';
import { assemblePage, Once, Reused } from '../../../templates/render-once';
import { SiteProvider, useSite } from '../../../templates/site-context';

function Shared() {
  return <p>{`Grüße aus ${useSite().locale} – „Schloss“ & Spa`}</p>;
}

function pageWith(site: SiteContext, own: string, withOnce = true) {
  const html = renderToString(
    <SiteProvider page={{ locale: site.locale } as Page} site={site}>
      <main>{own}</main>
      {withOnce ? <Once id="shared" render={() => <Shared />} /> : <div className="once"><Shared /></div>}
      <footer>{own}</footer>
    </SiteProvider>,
  );
  return { html, bytes: withOnce ? assemblePage(html, site) : Buffer.from(html, 'utf8') };
}

describe('Once and assemblePage', () => {
  const de = { locale: 'de' } as SiteContext;
  const en = { locale: 'en' } as SiteContext;

  it('gives the bytes the page would have rendered whole, with text in any script around the fragments', () => {
    for (const own of ['Zimmer 🏰 mit Blick', 'ß', '']) {
      expect(pageWith(de, own).bytes.toString('utf8')).toBe(pageWith(de, own, false).bytes.toString('utf8'));
    }
  });

  it('keeps each language its own fragments', () => {
    expect(pageWith(en, 'x').bytes.toString('utf8')).toContain('Grüße aus en – „Schloss“ &amp; Spa');
    expect(pageWith(de, 'x').bytes.toString('utf8')).toContain('Grüße aus de – „Schloss“ &amp; Spa');
  });

  it('puts a reused fragment in its place with no wrapper, rendered once for every page naming its id', () => {
    let renders = 0;
    const Cards = ({ nids }: { nids: number[] }) => {
      renders++;
      return <ul>{nids.map((nid) => <li key={nid}>{`Zimmer ${nid} – „Blick“ & Bad`}</li>)}</ul>;
    };
    const site = { locale: 'de' } as SiteContext;
    const render = (nids: number[], reuse: boolean) => {
      const html = renderToString(
        <SiteProvider page={{ locale: 'de' } as Page} site={site}>
          <main>
            text before
            <h2>Mehr</h2>
            {reuse ? <Reused id={`related:rooms:${nids.join(',')}`} render={() => <Cards nids={nids} />} /> : <Cards nids={nids} />}
            <p>after</p>
          </main>
        </SiteProvider>,
      );
      return (reuse ? assemblePage(html, site) : Buffer.from(html, 'utf8')).toString('utf8');
    };
    const whole = [render([1, 2, 3], false), render([4, 5, 6], false)];
    renders = 0;
    expect([render([1, 2, 3], true), render([1, 2, 3], true), render([4, 5, 6], true), render([1, 2, 3], true)]).toEqual([whole[0], whole[0], whole[1], whole[0]]);
    expect(renders).toBe(2);
  });

  it("makes what a reused fragment looked up every showing page's lookups, not the first page's alone", () => {
    const content = { hrefOf: (item: ContentItem) => `/de/zimmer/${item.nid}/` } as unknown as ContentIndex;
    const tracker = new DependencyTracker(new Map([['de', { locale: 'de', content } as SiteContext]]));
    const site = tracker.sites.get('de')!;
    const items = [1, 2].map((nid) => ({ nid, locale: 'de', title: `Zimmer ${nid}` }) as ContentItem);
    const Cards = () => <ul>{items.map((item) => <li key={item.nid}><a href={useSite().content.hrefOf(item)}>{item.title}</a></li>)}</ul>;
    const page = (own: string) =>
      tracker.record(() =>
        renderToString(
          <SiteProvider page={{ locale: 'de' } as Page} site={site}>
            <p>{own}</p>
            <Reused id="related:rooms:1,2" render={() => <Cards />} />
          </SiteProvider>,
        ),
      ).deps;
    const first = page('first');
    expect(first.sort()).toEqual(['href de 1', 'href de 2']);
    expect(page('second').sort()).toEqual(first);
  });

  it('refuses a fragment id React would escape', () => {
    expect(() =>
      renderToString(
        <SiteProvider page={{ locale: 'de' } as Page} site={{ locale: 'de' } as SiteContext}>
          <Reused id={'related:"x"'} render={() => <p />} />
        </SiteProvider>,
      ),
    ).toThrow(/fragment id/);
  });

  it('refuses a marker whose fragment this language has not rendered', () => {
    const { html } = pageWith(de, 'x');
    expect(() => assemblePage(html, { locale: 'en' } as SiteContext)).toThrow(/no rendered fragment "shared"/);
  });
});
