import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings `#id` into view once the page has rendered. The router's scroll restoration runs
 * before a lazily loaded remote screen exists, so a deep link such as /pricing#faq would
 * otherwise land at the top.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash || hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
