// Where an island shows a slot (see templates/islands.tsx): server-rendered content the island
// places but does not own. On the server `content` is React nodes; on the client it is the HTML the
// server produced, read back from the page, so hydration sees identical markup.
import type { ReactNode } from 'react';

export type SlotContent = ReactNode | { __html: string };
export type Slots = Record<string, SlotContent>;

export function Slot({ name, content, className }: { name: string; content: SlotContent | undefined; className?: string }) {
  if (content && typeof content === 'object' && '__html' in content) {
    return <div className={className} data-slot={name} dangerouslySetInnerHTML={content} />;
  }
  return (
    <div className={className} data-slot={name}>
      {content}
    </div>
  );
}
