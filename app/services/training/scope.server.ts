// The site (gid null) or a group that trainings and their categories are listed, created and
// edited in. Every training service takes it, so the group pages only add their screens.

export type TrainingOwnerScope = { gid: number | null; groupAdmin?: boolean };
export const SITE: TrainingOwnerScope = { gid: null };
