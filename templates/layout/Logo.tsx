// The hotel's mark: a flat castle silhouette with a stork on the tower — drawn, not a placeholder.
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M6 44V22h4v-4h4v4h4V12h3V8h2v4h3v10h4v-4h4v4h4v22H29v-9a5 5 0 0 0-10 0v9Z" />
      <path fill="currentColor" d="M21 6.5c1.6-2.4 4.7-2.6 6.6-1l2.9-.4-2.3 1.6c-.3 1.2-1.3 2-2.6 2.1H21Z" opacity=".85" />
      <path fill="currentColor" d="M8 46h32v1.5H8z" opacity=".6" />
    </svg>
  );
}
