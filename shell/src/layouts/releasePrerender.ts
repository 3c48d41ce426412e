import { useLayoutEffect } from 'react';

/** The element the shell's server puts before `#root` with a prerendered first paint (scripts/compose.mjs). */
export const PRERENDER_ID = 'prerender';

/**
 * Removes the server's prerendered first paint once `ready`. A layout effect, so the removal
 * and the real page reach the screen in one frame: `#root` is hidden while `#prerender`
 * precedes it, and nothing in between (the router's fallback, a remote's loading state)
 * is ever seen instead of the page.
 */
export function useReleasePrerender(ready = true) {
  useLayoutEffect(() => {
    if (ready) document.getElementById(PRERENDER_ID)?.remove();
  }, [ready]);
}
