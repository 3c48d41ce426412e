import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `ms` (search boxes: one request per pause, not one
 * per key). The first render returns `value` as it is.
 */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
