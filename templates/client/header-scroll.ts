// Header state (docs/site.md): not scrolled (transparent over the hero) or scrolled (the white
// fixed bar). The bar is position: fixed in both states once JavaScript runs, so switching only
// changes colours — no layout shift.
const SCROLLED_AFTER_PX = 24;

export function watchHeaderScroll(): void {
  const header = document.querySelector<HTMLElement>('.topbar');
  if (!header) return;
  let queued = false;
  const update = () => {
    queued = false;
    header.classList.toggle('is-scrolled', window.scrollY > SCROLLED_AFTER_PX);
  };
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  // In the next frame, not now: reading scrollY right after the page's classes changed forces a
  // synchronous layout (Lighthouse flags the forced reflow on a slow phone). The bar is fixed
  // in both states, so a frame's delay shifts nothing.
  queued = true;
  requestAnimationFrame(update);
}
