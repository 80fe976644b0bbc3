// Group constants of the specification (sections 3, 7, 9): the group's auth, a member's auth, the
// viewer's state and the form's limits. Shared by the server and the pages.

/** A group's auth: 1 public (join at once), 2 protected (apply with a reason), 3 private (the invitation code). */
export const GroupAuth = { PUBLIC: 1, PROTECTED: 2, PRIVATE: 3 } as const;
export type GroupAuthCode = (typeof GroupAuth)[keyof typeof GroupAuth];
export const GROUP_AUTHS: readonly GroupAuthCode[] = [GroupAuth.PUBLIC, GroupAuth.PROTECTED, GroupAuth.PRIVATE];

/** A member's auth: 1 applying, 2 refused, 3 general member, 4 group admin, 5 group root. */
export const MemberAuth = { APPLYING: 1, REFUSED: 2, MEMBER: 3, ADMIN: 4, ROOT: 5 } as const;

/** A group's status: 0 normal, 1 disabled by a site admin. */
export const GroupStatus = { NORMAL: 0, DISABLED: 1 } as const;

/** The group form's limits (spec section 7). */
export const GROUP_LIMITS = {
  nameMin: 5,
  nameMax: 25,
  shortNameMin: 5,
  shortNameMax: 10,
  briefMin: 5,
  briefMax: 50,
  descriptionMin: 5,
  descriptionMax: 1000,
  codeLength: 6,
  reasonMin: 5,
  reasonMax: 100,
} as const;

/** Page sizes offered by the group list (spec section 9). */
export const GROUP_PAGE_SIZES = [9, 15, 30, 60, 120] as const;
