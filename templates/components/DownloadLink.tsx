// A file download (press release attachment, menu card) with its type and size, so a guest knows
// what they get before tapping.
import type { Download } from '../../site/model/content-types';
import { formatBytes } from '../format';
import { usePage } from '../site-context';

function kind(download: Download): string {
  const fromType = download.contentType.split('/').pop()?.toUpperCase();
  const fromName = download.src.split('.').pop()?.toUpperCase();
  return fromType === 'PDF' || !fromName ? (fromType ?? '') : fromName;
}

export function DownloadLink({ download, label, className = 'button button--secondary' }: { download: Download; label: string; className?: string }) {
  const { locale } = usePage();
  return (
    <a className={`download ${className}`} href={download.src} download>
      {label}
      <span className="download__meta">
        {' '}
        ({kind(download)}, {formatBytes(locale, download.bytes)})
      </span>
    </a>
  );
}
