import { LOGIN_PASSWORD_MAX } from "~/lib/account";
import { LIMITS, ROLE_NAMES, type RoleCode } from "~/lib/constants";
import "~/models/index.server";
import { RoleModel } from "~/models/role.server";
import { User } from "~/models/user.server";
import { connectDb, ensureIndexes } from "../platform/db.server";
import { env } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { generatePassword } from "./password.server";
import { seedWebsiteConfig } from "../site/config.server";
import { seedCategories } from "../community/discussions.server";
import { createUser, rekeyUsernames } from "./users.server";
import { backfillKeptUserCounters } from "../judging/apply.server";
import { syncRemoteAccounts } from "../remote/accounts.server";
import { FIRST_ACCOUNT_ROLE } from "../access/policy.server";

const ROLE_DESCRIPTIONS: Record<RoleCode, string> = {
  1000: "Super administrator",
  1001: "Administrator",
  1002: "Default user",
  1003: "User who may not submit",
  1004: "User who may not post discussions",
  1005: "Muted user (no discussions, comments or replies)",
  1006: "User who may neither submit nor post discussions",
  1007: "User who may not submit and is muted",
  1008: "Problem administrator",
};

/** Runs on every start of the web process; only the first start changes anything. */
export async function bootstrap(): Promise<void> {
  await connectDb();
  await ensureIndexes();
  await seedWebsiteConfig();
  await seedCategories();
  await rekeyUsernames();
  // Counters added after users existed: computed in the background, the site answers meanwhile.
  void backfillKeptUserCounters()
    .then((n) => (n > 0 ? logger.info({ users: n }, "kept user counters computed for users stored before them") : undefined))
    .catch((err: unknown) => logger.warn({ err }, "computing kept user counters failed; the next start tries again"));
  // Remote workers read the remote judge accounts from Redis, which may have lost them; a
  // submission writes its OJ's list again anyway when it is missing.
  await syncRemoteAccounts().catch((err: unknown) => logger.warn({ err }, "remote judge accounts could not be written to Redis"));
  for (const [code, name] of Object.entries(ROLE_NAMES)) {
    const id = Number(code) as RoleCode;
    await RoleModel.updateOne(
      { _id: id },
      { $set: { role: name, description: ROLE_DESCRIPTIONS[id] } },
      { upsert: true },
    );
  }
  const root = await User.exists({ usernameLower: "root" });
  if (!root) {
    const length = [...env.rootPassword].length;
    if (env.rootPassword && (length < LIMITS.passwordMin || length > LOGIN_PASSWORD_MAX)) {
      // root could never log in with it: the login form takes no other length.
      throw new Error(`OJ_ROOT_PASSWORD must be ${LIMITS.passwordMin} to ${LOGIN_PASSWORD_MAX} characters long (it has ${length}); the super admin 'root' was not created`);
    }
    const password = env.rootPassword || generatePassword(16);
    await createUser({ username: "root", password, role: FIRST_ACCOUNT_ROLE });
    if (env.rootPassword) {
      logger.info("created the super admin 'root' with the password from OJ_ROOT_PASSWORD");
    } else {
      // Printed once, on the first start only, and straight to stdout so that no LOG_LEVEL hides
      // it: the operator must note it, nothing else keeps it.
      process.stdout.write(`Created the super admin 'root'. Its generated password, shown only this once: ${password}\n`);
    }
  }
}
