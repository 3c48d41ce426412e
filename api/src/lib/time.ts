/** ISO 8601 UTC, or null. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
/** ISO 8601 UTC of a non-null date. */
export const isoStrict = (d: Date): string => d.toISOString();
