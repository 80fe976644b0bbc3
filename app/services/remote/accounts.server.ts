import { z } from "zod";
import { REMOTE_ACCOUNTS_KEY, type RemoteAccount } from "~/lib/judge-protocol";
import { REMOTE_OJS } from "~/lib/problem";
import { RemoteAccountModel } from "~/models/remote-account.server";
import { DomainError } from "../errors.server";
import { redis, rkey } from "../platform/redis.server";

// The remote judge accounts (admin page /admin/remote-account). Stored in the store; every change
// rewrites the OJ's list in Redis, where the remote workers read it (judge-service never reads the
// store). `syncRemoteAccounts` writes every list again (at start, and when a list is missing).

export const remoteAccountSchema = z.object({
  oj: z.enum(REMOTE_OJS, { errorMap: () => ({ message: "remote:errors.ojRequired" }) }),
  username: z.string({ required_error: "remote:errors.usernameRequired" }).trim().min(1, "remote:errors.usernameRequired").max(100, "remote:errors.usernameTooLong"),
  password: z.string({ required_error: "remote:errors.passwordRequired" }).min(1, "remote:errors.passwordRequired").max(200, "remote:errors.passwordTooLong"),
});
export type RemoteAccountInput = z.infer<typeof remoteAccountSchema>;

export interface RemoteAccountRow {
  id: string;
  oj: string;
  username: string;
  gmtCreate: Date;
}

export async function listRemoteAccounts(): Promise<RemoteAccountRow[]> {
  const docs = await RemoteAccountModel.find({}).sort({ oj: 1, username: 1 }).lean();
  return docs.map((d) => ({ id: String(d._id), oj: d.oj, username: d.username, gmtCreate: d.gmtCreate }));
}

async function writeList(oj: string): Promise<void> {
  const docs = await RemoteAccountModel.find({ oj }).sort({ username: 1 }).lean();
  const list: RemoteAccount[] = docs.map((d) => ({ username: d.username, password: d.password }));
  await redis().set(rkey(REMOTE_ACCOUNTS_KEY, oj), JSON.stringify(list));
}

export async function addRemoteAccount(input: RemoteAccountInput): Promise<void> {
  const a = remoteAccountSchema.parse(input);
  if (await RemoteAccountModel.exists({ oj: a.oj, username: a.username })) throw new DomainError("conflict", "remote:errors.accountExists");
  try {
    await RemoteAccountModel.create({ oj: a.oj, username: a.username, password: a.password });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw new DomainError("conflict", "remote:errors.accountExists");
    throw err;
  }
  await writeList(a.oj);
}

export async function deleteRemoteAccount(id: string): Promise<void> {
  if (!/^[0-9a-f]{24}$/.test(id)) throw new DomainError("notFound", "remote:errors.accountNotFound");
  const doc = await RemoteAccountModel.findByIdAndDelete(id).lean();
  if (!doc) throw new DomainError("notFound", "remote:errors.accountNotFound");
  await writeList(doc.oj);
}

/** Writes every OJ's list to Redis (Redis may have lost them). */
export async function syncRemoteAccounts(): Promise<void> {
  for (const oj of REMOTE_OJS) await writeList(oj);
}

/** Writes the OJ's list when Redis has none (called before a remote task is queued). */
export async function ensureRemoteAccountsListed(oj: string): Promise<void> {
  if (!(await redis().exists(rkey(REMOTE_ACCOUNTS_KEY, oj)))) await writeList(oj);
}

/**
 * Makes the OJ's accounts exactly these (HOJ's switch settings send each OJ's whole list): the
 * others removed, new ones added, a kept one's password changed.
 */
export async function replaceRemoteAccounts(oj: string, accounts: ReadonlyArray<{ username: string; password: string }>): Promise<void> {
  const wanted = new Map(accounts.map((a) => [a.username, a.password]));
  await RemoteAccountModel.deleteMany({ oj, username: { $nin: [...wanted.keys()] } });
  for (const [username, password] of wanted) {
    await RemoteAccountModel.updateOne({ oj, username }, { $set: { password }, $setOnInsert: { gmtCreate: new Date() } }, { upsert: true });
  }
  await writeList(oj);
}
