// Training constants of the specification (sections 3 and 9), shared by the pages and the services.

export const TRAINING_AUTHS = ["Public", "Private"] as const;

/** A training's number: 0..2147483647, 1000 unless set. */
export const TRAINING_RANK_DEFAULT = 1000;
export const TRAINING_RANK_MAX = 2147483647;
