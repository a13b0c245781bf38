// Splits the FAQ page's CMS body into groups and questions (questions as an accessible
// accordion). Editors write optional <h2> groups; each question is an <h3> followed by its answer
// elements until the next <h3> or <h2>. The split is made on the parsed tree (parse5), between
// top-level nodes only, so every piece is whole, balanced markup (docs/hardening.md): a heading
// inside a table cell or a list item is part of the content around it, never a split point.
import { parseFragment, serialize, serializeOuter, type DefaultTreeAdapterTypes } from 'parse5';

export interface FaqQuestion {
  /** Inner HTML of the <h3>. */
  question: string;
  /** The elements after it, up to the next heading. */
  answer: string;
}

export interface FaqGroup {
  /** Inner HTML of the <h2>, or null for questions before any group heading. */
  title: string | null;
  /** Content between the group heading and its first question. */
  intro: string;
  questions: FaqQuestion[];
}

export interface FaqBody {
  /** Content before the first heading. */
  intro: string;
  groups: FaqGroup[];
  /** True when the body has questions at all; false means: show it as plain text. */
  hasQuestions: boolean;
}

type ChildNode = DefaultTreeAdapterTypes.ChildNode;

const headingLevel = (node: ChildNode): 'h2' | 'h3' | null => ('tagName' in node && (node.tagName === 'h2' || node.tagName === 'h3') ? node.tagName : null);

export function splitFaq(html: string): FaqBody {
  const body: FaqBody = { intro: '', groups: [], hasQuestions: false };
  let group: FaqGroup | null = null;
  let question: FaqQuestion | null = null;
  const append = (chunk: string) => {
    if (question) question.answer += chunk;
    else if (group) group.intro += chunk;
    else body.intro += chunk;
  };
  for (const node of parseFragment(html).childNodes) {
    const level = headingLevel(node);
    if (!level) {
      append(serializeOuter(node));
      continue;
    }
    const inner = serialize(node as DefaultTreeAdapterTypes.Element).trim();
    if (level === 'h2') {
      group = { title: inner, intro: '', questions: [] };
      body.groups.push(group);
      question = null;
    } else {
      if (!group) {
        group = { title: null, intro: '', questions: [] };
        body.groups.push(group);
      }
      question = { question: inner, answer: '' };
      group.questions.push(question);
      body.hasQuestions = true;
    }
  }
  for (const g of body.groups) {
    g.intro = g.intro.trim();
    for (const q of g.questions) q.answer = q.answer.trim();
  }
  body.intro = body.intro.trim();
  return body;
}
