// Every admin query key starts with 'admin', the area, and the signed-in user's id, so one
// administrator never sees another's cache and an area is invalidated as a whole.
type UserId = string | null | undefined;
export const adminRoot = (area: string, userId: UserId) => ['admin', area, userId ?? 'anonymous'] as const;
