// The FAQ body becomes an accordion: optional <h2> groups, each <h3> a question whose
// answer runs to the next heading; a body without <h3> stays plain text.
import { describe, expect, it } from 'vitest';
import { parseFragment, serialize } from 'parse5';
import { splitFaq } from '../../../templates/pages/faq-sections';

describe('splitFaq', () => {
  it('groups questions under their h2 and keeps the answer elements', () => {
    const faq = splitFaq(
      '<p>Intro</p><h2>Anreise</h2><p>Zur Anreise:</p><h3>Parkplätze?</h3><p>Ja.</p><h3>Mit dem <strong>Zug</strong>?</h3><p>Ja.</p><ul><li>Nauen</li></ul><h2>Aufenthalt</h2><h3>Hunde?</h3><p>Gern.</p>',
    );
    expect(faq.hasQuestions).toBe(true);
    expect(faq.intro).toBe('<p>Intro</p>');
    expect(faq.groups.map((group) => group.title)).toEqual(['Anreise', 'Aufenthalt']);
    expect(faq.groups[0]!.intro).toBe('<p>Zur Anreise:</p>');
    expect(faq.groups[0]!.questions).toEqual([
      { question: 'Parkplätze?', answer: '<p>Ja.</p>' },
      { question: 'Mit dem <strong>Zug</strong>?', answer: '<p>Ja.</p><ul><li>Nauen</li></ul>' },
    ]);
    expect(faq.groups[1]!.questions).toEqual([{ question: 'Hunde?', answer: '<p>Gern.</p>' }]);
  });

  it('puts questions before the first h2 into an untitled group', () => {
    const faq = splitFaq('<h3 id="q1">Frage?</h3><p>Antwort.</p><h2>Mehr</h2><h3>Noch eine?</h3><p>Ja.</p>');
    expect(faq.groups.map((group) => [group.title, group.questions.length])).toEqual([
      [null, 1],
      ['Mehr', 1],
    ]);
  });

  it('reports no questions for a body without h3, so the page shows it as text', () => {
    const faq = splitFaq('<h2>Allgemein</h2><p>Bitte rufen Sie uns an.</p>');
    expect(faq.hasQuestions).toBe(false);
    expect(splitFaq('<p>Nur Text.</p>').hasQuestions).toBe(false);
  });

  it('ignores case and whitespace in the heading tags', () => {
    const faq = splitFaq('<H3>Frage?</H3 ><P>Antwort.</P>');
    expect(faq.groups[0]!.questions).toEqual([{ question: 'Frage?', answer: '<p>Antwort.</p>' }]);
  });

  it('splits only between top-level nodes: headings in cells and list items stay where they are, every piece balanced', () => {
    const faq = splitFaq('<table><tr><td><h3>Q?</h3><p>A</p></td></tr></table><ul><li><h2>G</h2><h3>Q2</h3><p>A2</p></li></ul><h3>Q3</h3><p>A3</p>');
    expect(faq.intro).toBe('<table><tbody><tr><td><h3>Q?</h3><p>A</p></td></tr></tbody></table><ul><li><h2>G</h2><h3>Q2</h3><p>A2</p></li></ul>');
    expect(faq.groups).toEqual([{ title: null, intro: '', questions: [{ question: 'Q3', answer: '<p>A3</p>' }] }]);
    const pieces = [faq.intro, ...faq.groups.flatMap((g) => [g.title ?? '', g.intro, ...g.questions.flatMap((q) => [q.question, q.answer])])];
    for (const piece of pieces) expect(serialize(parseFragment(piece))).toBe(piece);
  });

  it('never lets a heading swallow the markup after it, even when the body is unbalanced', () => {
    const faq = splitFaq('<h3>Frage <em>eins?</h3><p>Antwort</p></div><h3>Zwei?</h3><td>x');
    const questions = faq.groups[0]!.questions;
    // As a browser reads it: the unclosed <em> is reopened in the next heading.
    expect(questions.map((q) => q.question)).toEqual(['Frage <em>eins?</em>', '<em>Zwei?</em>']);
    for (const q of questions) expect(serialize(parseFragment(q.answer))).toBe(q.answer);
  });
});
