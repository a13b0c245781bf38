// The navigation progress bar element: static markup; templates/client/progress.ts
// runs it. Decorative for assistive technology, which announces page loads itself.
export function ProgressBar() {
  return (
    <div className="nav-progress" data-state="idle" aria-hidden="true">
      <div className="nav-progress__bar" />
    </div>
  );
}
