/**
 * Keeps two known library warnings out of the test output (every other console.error still
 * shows): Ark UI's Field updates its state from a MutationObserver, outside React's act();
 * zag's controlled values (a Switch's `checked`) call flushSync during a render in React's
 * development build. Returns the spy (mockRestore undoes it).
 */
export function quietActWarnings(): jest.SpyInstance {
  const original = console.error;
  return jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && (args[0].includes('not wrapped in act') || args[0].startsWith('flushSync was called from inside a lifecycle'))) return;
    original(...args);
  });
}
