// The CMS's page-building blocks of an item (field_content), in order, one component per kind.
import type { Paragraph } from '../../site/model/content-types';
import { ActivityCard } from './paragraphs/ActivityCard';
import { BlockTiles } from './paragraphs/BlockTiles';
import { CallToAction } from './paragraphs/CallToAction';
import { ContactCards } from './paragraphs/ContactCards';
import { FreeHtml } from './paragraphs/FreeHtml';
import { LogoGrid, LogoTitleLink } from './paragraphs/LogoGrid';
import { MapCard } from './paragraphs/MapCard';
import { VideoParagraph } from './paragraphs/VideoParagraph';

function One({ paragraph }: { paragraph: Paragraph }) {
  switch (paragraph.kind) {
    case 'activity_card':
      return <ActivityCard paragraph={paragraph} />;
    case 'block_tiles':
      return <BlockTiles paragraph={paragraph} />;
    case 'call_to_action':
      return <CallToAction paragraph={paragraph} />;
    case 'contact_cards':
      return <ContactCards paragraph={paragraph} />;
    case 'free_html':
      return <FreeHtml paragraph={paragraph} />;
    case 'map':
      return <MapCard paragraph={paragraph} />;
    case 'logo_grid':
      return <LogoGrid paragraph={paragraph} />;
    case 'logo_title_link':
      return <LogoTitleLink paragraph={paragraph} />;
    case 'video':
      return <VideoParagraph paragraph={paragraph} />;
  }
}

export function Paragraphs({ paragraphs }: { paragraphs: Paragraph[] }) {
  if (paragraphs.length === 0) return null;
  return (
    <div className="paragraphs">
      {paragraphs.map((paragraph) => (
        <One key={`${paragraph.kind}-${paragraph.id}`} paragraph={paragraph} />
      ))}
    </div>
  );
}
