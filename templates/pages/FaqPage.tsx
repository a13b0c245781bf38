// FAQ: the CMS body as an accordion of <details>/<summary> (works without JavaScript; browsers
// expose the open state to assistive technology). Group headings stay <h2>; the questions are <h3>
// under them; questions before the first group are <h2>, so heading levels never skip.
import { Hero } from '../components/Hero';
import { Paragraphs } from '../components/Paragraphs';
import { Prose } from '../components/Prose';
import { usePage, useT } from '../site-context';
import { useCrumbs } from './crumbs';
import { splitFaq, type FaqQuestion } from './faq-sections';

function Accordion({ questions, level }: { questions: FaqQuestion[]; level: 2 | 3 }) {
  const Heading = `h${level}` as const;
  return (
    <div className="faq">
      {questions.map((q, index) => (
        <details key={index} className="faq__item">
          <summary>
            <Heading className="faq__question" dangerouslySetInnerHTML={{ __html: q.question }} />
          </summary>
          <Prose html={q.answer} className="faq__answer" />
        </details>
      ))}
    </div>
  );
}

export function FaqPage() {
  const page = usePage();
  const t = useT();
  const item = page.item;
  const faq = item?.body ? splitFaq(item.body) : null;
  return (
    <>
      <Hero title={item?.title ?? t('routes.faq')} lead={item?.teaser} image={item?.images[0] ?? null} crumbs={useCrumbs()} crumbsLabel={t('pages.breadcrumb')} />
      <div className="row row--narrow">
        {!faq ? <p className="empty-note">{t('pages.noContent')}</p> : null}
        {faq && !faq.hasQuestions ? <Prose html={item!.body} /> : null}
        {faq?.hasQuestions ? (
          <>
            <Prose html={faq.intro} />
            {faq.groups.map((group, index) =>
              group.title !== null ? (
                <section key={index} className="faq-group">
                  <h2 dangerouslySetInnerHTML={{ __html: group.title }} />
                  <Prose html={group.intro} />
                  <Accordion questions={group.questions} level={3} />
                </section>
              ) : (
                <Accordion key={index} questions={group.questions} level={2} />
              ),
            )}
          </>
        ) : null}
        {item ? <Paragraphs paragraphs={item.paragraphs} /> : null}
      </div>
    </>
  );
}
