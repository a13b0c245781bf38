// Paragraph "free HTML text": editor HTML, sanitized by the pipeline.
import type { Paragraph } from '../../../site/model/content-types';
import { Prose } from '../Prose';

export function FreeHtml({ paragraph }: { paragraph: Extract<Paragraph, { kind: 'free_html' }> }) {
  return (
    <div className="para para--html">
      <Prose html={paragraph.html} />
    </div>
  );
}
