import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { CONTEST_PAGE_SIZE } from "~/lib/contest";
import { ContestPrint, type ContestPrintDoc } from "~/models/contest-print.server";
import { nextSeq } from "~/models/counter.server";
import { User } from "~/models/user.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { administerContest, requireContestAdmin, requireEntry, type ContestPlace, type ContestScope } from "./scope.server";

// Printing in a contest (spec sections 2, 3 and 5): a contestant sends text of at least 50
// characters when the contest has printing on; its admins list the requests (15 a page), download
// one as text and mark it printed.

export const printInputSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int().positive("contest:notFound"),
  content: z
    .string({ required_error: "contest:printEmpty", invalid_type_error: "contest:printEmpty" })
    .refine((c) => c.trim().length > 0, "contest:printEmpty")
    .refine((c) => c.trim().length >= LIMITS.printMin, "contest:printTooShort")
    .refine((c) => c.length <= LIMITS.codeMax, "contest:printTooLong"),
});

export async function submitPrint(cs: ContestScope, input: z.infer<typeof printInputSchema>): Promise<ContestPrintDoc> {
  requireEntry(cs);
  const user = cs.viewer as CurrentUser;
  const contest = cs.contest;
  if (!contest.openPrint) throw new DomainError("forbidden", "contest:printClosed");
  const profile = await User.findById(user._id).select("realname").lean<{ realname?: string }>();
  const doc = await ContestPrint.create({
    _id: await nextSeq("contest-print"),
    cid: contest._id,
    uid: user._id,
    username: user.username,
    realname: profile?.realname ?? "",
    content: input.content,
    status: 0,
  });
  return doc.toObject();
}

export function printJson(p: ContestPrintDoc) {
  return { id: p._id, cid: p.cid, uid: p.uid, username: p.username, realname: p.realname, status: p.status, gmtCreate: p.gmtCreate, gmtModified: p.gmtModified };
}

export const printListSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int().positive("contest:notFound"),
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(CONTEST_PAGE_SIZE.print).default(CONTEST_PAGE_SIZE.print),
  keyword: z.string().trim().max(50).catch("").default(""),
});

export async function listPrints(cs: ContestScope, q: z.infer<typeof printListSchema>) {
  requireContestAdmin(cs);
  const filter: Record<string, unknown> = { cid: cs.contest._id };
  if (q.keyword) filter.username = { $regex: q.keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), $options: "i" };
  const [total, docs] = await Promise.all([
    ContestPrint.countDocuments(filter),
    ContestPrint.find(filter).sort({ _id: -1 }).skip((q.currentPage - 1) * q.limit).limit(q.limit).select("-content").lean<ContestPrintDoc[]>(),
  ]);
  return { total, current: q.currentPage, size: q.limit, records: docs.map(printJson) };
}

async function adminPrint(user: CurrentUser, id: number, cid: number | undefined, place: ContestPlace | null): Promise<ContestPrintDoc> {
  const p = await ContestPrint.findById(id).lean<ContestPrintDoc>();
  if (!p || (cid !== undefined && p.cid !== cid)) throw new DomainError("notFound", "contest:printNotFound");
  await administerContest(p.cid, user, place);
  return p;
}

/** Marks a request printed (HOJ's check-contest-print-status: 0 → 1). */
export async function markPrinted(user: CurrentUser, id: number, cid: number, place: ContestPlace | null): Promise<void> {
  const p = await adminPrint(user, id, cid, place);
  await ContestPrint.updateOne({ _id: p._id }, { $set: { status: 1, gmtModified: new Date() } });
}

/** The text of a request, for its download. */
export async function printText(user: CurrentUser, id: number, place: ContestPlace | null): Promise<{ fileName: string; content: string }> {
  const p = await adminPrint(user, id, undefined, place);
  return { fileName: `contest_${p.cid}_print_${p._id}_${p.username}.txt`, content: p.content };
}
