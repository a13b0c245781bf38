// Paragraph "block tiles": cards of referenced items. Links go through hrefOf when the item is
// known in this language (sublist routing), else the href the pipeline resolved.
import type { Paragraph } from '../../../site/model/content-types';
import { usePage, useSite } from '../../site-context';
import { Card, type HeadingLevel } from '../Card';
import { CardGrid } from '../CardGrid';
import { motifOf } from '../ItemCard';

type TilesParagraph = Extract<Paragraph, { kind: 'block_tiles' }>;

export function TileGrid({ paragraph, headingLevel }: { paragraph: TilesParagraph; headingLevel: HeadingLevel }) {
  const site = useSite();
  const page = usePage();
  return (
    <CardGrid>
      {paragraph.tiles.map((tile) => {
        const item = site.content.get(page.locale, tile.nid);
        return (
          <Card
            key={tile.nid}
            href={item ? site.content.hrefOf(item) : tile.href}
            title={tile.title}
            teaser={tile.teaser}
            image={tile.image}
            motif={motifOf(tile.type)}
            headingLevel={headingLevel}
          />
        );
      })}
    </CardGrid>
  );
}

export function BlockTiles({ paragraph }: { paragraph: TilesParagraph }) {
  if (paragraph.tiles.length === 0) return null;
  return (
    <section className="para para--tiles">
      {paragraph.title ? <h2>{paragraph.title}</h2> : null}
      <TileGrid paragraph={paragraph} headingLevel={paragraph.title ? 3 : 2} />
    </section>
  );
}
