// Constants of a group's problems (spec sections 3 and 4), shared by the server and the pages.

/** A group problem's visibility: 1 public to the group's members, 2 private to its admins. */
export const GROUP_PROBLEM_AUTHS = [1, 2] as const;
export const GROUP_PROBLEM_AUTH_CHOICES = GROUP_PROBLEM_AUTHS.map(String);

/** applyPublicProgress: null none, 1 applying, 2 public (in the bank), 3 refused. */
export const ApplyProgress = { APPLYING: 1, PUBLIC: 2, REFUSED: 3 } as const;
