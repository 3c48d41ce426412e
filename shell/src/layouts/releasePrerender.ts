import { useLayoutEffect } from 'react';

/** The element the shell's server puts before `#root` with a prerendered first paint (scripts/compose.mjs). */
export const PRERENDER_ID = 'prerender';

/** Set by the server's head script: which prerendered button (by order) was clicked before the handover. */
type PrerenderWindow = Window & { __quarryPrerenderClick?: number };

/**
 * Removes the server's prerendered first paint once `ready`. A layout effect, so the removal
 * and the real page reach the screen in one frame: `#root` is hidden while `#prerender`
 * precedes it, and nothing in between (the router's fallback, a remote's loading state)
 * is ever seen instead of the page.
 */
export function useReleasePrerender(ready = true) {
  useLayoutEffect(() => {
    if (!ready) return;
    const prerender = document.getElementById(PRERENDER_ID);
    if (!prerender) return;
    const buttons = prerender.querySelectorAll('button').length;
    prerender.remove();
    replayClick(buttons);
  }, [ready]);
}

/**
 * The prerendered buttons have no handlers: a click on one (the theme menu, the phone menu)
 * is clicked again on the same button of the real page, which has the same buttons in the
 * same order — unless the count differs, when it is dropped rather than sent elsewhere.
 */
function replayClick(prerenderedButtons: number) {
  const w = window as PrerenderWindow;
  const index = w.__quarryPrerenderClick;
  delete w.__quarryPrerenderClick;
  if (index === undefined) return;
  // After this commit, so the button's handlers run as for any click.
  setTimeout(() => {
    const buttons = document.getElementById('root')?.querySelectorAll('button');
    if (buttons?.length === prerenderedButtons) buttons[index]?.click();
  });
}
