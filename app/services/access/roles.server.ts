import { ADMIN_ROLES, Role } from "~/lib/constants";

// Role rules of spec section 6, written once.

type WithRole = { role: number } | null | undefined;

export function isSuperAdmin(user: WithRole): boolean {
  return !!user && user.role === Role.SUPER_ADMIN;
}

/** Super admin, admin or problem admin: the roles that see the management area. */
export function isAdminRole(user: WithRole): boolean {
  return !!user && ADMIN_ROLES.has(user.role);
}

/** Super admin or admin (not problem admin). */
export function isAdminOrAbove(user: WithRole): boolean {
  return !!user && (user.role === Role.SUPER_ADMIN || user.role === Role.ADMIN);
}

const NO_SUBMIT: ReadonlySet<number> = new Set([Role.NO_SUBMIT, Role.NO_SUBMIT_NO_DISCUSS, Role.NO_SUBMIT_MUTED]);
const NO_DISCUSS: ReadonlySet<number> = new Set([Role.NO_DISCUSS, Role.NO_SUBMIT_NO_DISCUSS, Role.MUTED, Role.NO_SUBMIT_MUTED]);
const MUTED: ReadonlySet<number> = new Set([Role.MUTED, Role.NO_SUBMIT_MUTED]);

export function canSubmit(user: WithRole): boolean {
  return !!user && !NO_SUBMIT.has(user.role);
}

export function canPostDiscussion(user: WithRole): boolean {
  return !!user && !NO_DISCUSS.has(user.role);
}

/** Comments and replies: refused only to muted users. */
export function canSpeak(user: WithRole): boolean {
  return !!user && !MUTED.has(user.role);
}
