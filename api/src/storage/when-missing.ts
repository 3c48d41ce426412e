// What a blob store answers for a key with nothing under it: the drivers differ in how they
// say "not there" (ENOENT, a 404), not in what they do with it.

/** `op`'s result, or `fallback` when it failed because nothing is there (`isMissing`); other failures are thrown. */
export async function orWhenMissing<T, F>(op: Promise<T>, isMissing: (err: unknown) => boolean, fallback: F): Promise<T | F> {
  try {
    return await op;
  } catch (err) {
    if (isMissing(err)) return fallback;
    throw err;
  }
}
