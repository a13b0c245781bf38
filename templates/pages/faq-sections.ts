// Splits the FAQ page's CMS body into groups and questions (issue 3: questions as an accessible
// accordion). Editors write optional <h2> groups; each question is an <h3> followed by its answer
// elements until the next <h3> or <h2>. Pure string work on HTML the pipeline already sanitized:
// headings are never nested in it, so a flat scan is exact.

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

const HEADING = /<(h[23])\b[^>]*>([\s\S]*?)<\/\1\s*>/gi;

export function splitFaq(html: string): FaqBody {
  const body: FaqBody = { intro: '', groups: [], hasQuestions: false };
  let group: FaqGroup | null = null;
  let question: FaqQuestion | null = null;
  let last = 0;
  const append = (chunk: string) => {
    if (question) question.answer += chunk;
    else if (group) group.intro += chunk;
    else body.intro += chunk;
  };
  for (const match of html.matchAll(HEADING)) {
    append(html.slice(last, match.index));
    last = match.index + match[0].length;
    const [, tag, inner = ''] = match;
    if (tag!.toLowerCase() === 'h2') {
      group = { title: inner.trim(), intro: '', questions: [] };
      body.groups.push(group);
      question = null;
    } else {
      if (!group) {
        group = { title: null, intro: '', questions: [] };
        body.groups.push(group);
      }
      question = { question: inner.trim(), answer: '' };
      group.questions.push(question);
      body.hasQuestions = true;
    }
  }
  append(html.slice(last));
  for (const g of body.groups) {
    g.intro = g.intro.trim();
    for (const q of g.questions) q.answer = q.answer.trim();
  }
  body.intro = body.intro.trim();
  return body;
}
