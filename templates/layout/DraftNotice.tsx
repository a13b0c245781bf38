// The preview's draft view announces itself on every page (docs/drafts.md): a bar at the top saying
// so, with the way out, and on a page whose item is an unpublished revision, what that revision is,
// what it changes and where to edit it. Never rendered by a build: SiteContext.drafts is unset there.
import { formatMoment } from '../format';
import { usePage, useSite, useT } from '../site-context';

export function DraftNotice() {
  const site = useSite();
  const page = usePage();
  const t = useT();
  if (!site.drafts) return null;
  const draft = page.item ? site.drafts.draftOf(page.item) : null;
  return (
    <aside className="draft-notice" aria-label={t('drafts.bar')}>
      <p className="draft-notice__bar">
        <strong>{t('drafts.bar')}</strong>
        <a href={site.drafts.leaveHref}>{t('drafts.leave')}</a>
      </p>
      {draft ? (
        <div className="draft-notice__item">
          <p>
            <strong>{t('drafts.draft')}</strong>
            {draft.vid !== null ? <span>{t('drafts.revision', { vid: String(draft.vid) })}</span> : null}
            {draft.savedAt !== null ? <span>{t('drafts.saved', { date: formatMoment(page.locale, draft.savedAt) })}</span> : null}
          </p>
          <p>
            {draft.neverPublished
              ? t('drafts.neverPublished')
              : draft.fields.length
                ? t('drafts.changed', { fields: draft.fields.map((field) => t(`drafts.fields.${field}`)).join(', ') })
                : t('drafts.unchanged')}
          </p>
          <p className="draft-notice__links">
            {draft.publishedHref ? <a href={draft.publishedHref}>{t('drafts.published')}</a> : null}
            <a href={draft.editHref} rel="noopener" target="_blank">
              {t('drafts.edit')}
            </a>
          </p>
        </div>
      ) : null}
    </aside>
  );
}
