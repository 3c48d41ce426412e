// Readers for the loosely typed `details` / `context` / `results_summary` records of job
// events: a value is used only when it has the expected type.

/** A finite number, else undefined. */
export const asNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A non-empty string, else undefined (an empty string falls through to the next source). */
export const asText = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
