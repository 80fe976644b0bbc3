import { ACM_PENALTY_SECONDS } from "~/lib/contest";
import { LANGUAGES } from "~/lib/languages";
import { Comment, Reply, type CommentDoc, type ReplyDoc } from "~/models/comment.server";
import { ContestProblem, type ContestProblemDoc } from "~/models/contest-problem.server";
import { ContestRegister } from "~/models/contest-register.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { User, type UserDoc } from "~/models/user.server";
import { RUNNING_STATUSES } from "~/lib/constants";
import { boardSealedAt, contestShowsResult, countsOnContestBoard } from "../access/policy.server";
import { areaRefusal, seesComment, seesReplies, type CommunityPlace } from "../access/community.server";
import { communitySettings } from "../community/discussions.server";
import type { IcpcScope } from "./access.server";
import { absTime, JUDGEMENT_TYPES, judgementTypeOf, languageId, organizationId, relTime, type JudgementType } from "./format.server";

// The contest's objects as the Contest API's endpoints give them (their properties named and typed
// as the spec's object definitions), for one role at one moment. What each role sees of results,
// cases, code and Q&A is the access policy's answer for the viewer the role stands for.
//
// What is served: submissions to the problems the contest lists now, made within its time (the
// ones its board counts; an admin's tries before the start and submissions after the end are left
// out, so that a client scoring from the feed scores as our board does). Teams are the contest's
// registered users and everyone who submitted; those the board leaves out (its author, super
// admins) and its star accounts are hidden.

export type Json = Record<string, unknown>;

const SUB_FIELDS = "_id pid uid username status score time memory language submitTime gmtModified attempt caseResults length";
type SubRow = Pick<SubmissionDoc, "_id" | "pid" | "uid" | "username" | "status" | "score" | "time" | "memory" | "language" | "submitTime" | "gmtModified" | "attempt" | "caseResults" | "length">;
type UserRow = Pick<UserDoc, "_id" | "username" | "nickname" | "realname" | "school" | "role">;
type ProblemRow = Pick<ProblemDoc, "_id" | "title" | "timeLimit" | "testCases" | "auth" | "openCaseResult">;

/** Everything a role's objects are built from, read once. */
export interface ContestData {
  is: IcpcScope;
  now: Date;
  problems: Array<{ cp: ContestProblemDoc; problem: ProblemRow | undefined }>;
  submissions: SubRow[];
  users: Map<string, UserRow>;
  teamIds: string[];
  comments: CommentDoc[];
  replies: ReplyDoc[];
  commentsOpen: boolean;
}

export async function loadContestData(is: IcpcScope): Promise<ContestData> {
  const c = is.cs.contest;
  const cps = await ContestProblem.find({ cid: c._id }).sort({ displayIdUpper: 1 }).lean<ContestProblemDoc[]>();
  const pids = cps.map((p) => p.pid);
  const [problems, submissions, registered, comments, settings] = await Promise.all([
    Problem.find({ _id: { $in: pids } }).select("_id title timeLimit testCases auth openCaseResult").lean<ProblemRow[]>(),
    Submission.find({ cid: c._id, pid: { $in: pids }, submitTime: { $gte: c.startTime, $lt: c.endTime } }).select(SUB_FIELDS).lean<SubRow[]>(),
    ContestRegister.find({ cid: c._id }).select("uid").lean<Array<{ uid: string }>>(),
    Comment.find({ cid: c._id }).lean<CommentDoc[]>(),
    communitySettings(),
  ]);
  submissions.sort((a, b) => a._id - b._id);
  const teamIds = [...new Set([...registered.map((r) => r.uid), ...submissions.map((s) => s.uid)])].sort();
  const [users, replies] = await Promise.all([
    User.find({ _id: { $in: teamIds } }).select("_id username nickname realname school role").lean<UserRow[]>(),
    comments.length > 0 ? Reply.find({ commentId: { $in: comments.map((x) => x._id) } }).lean<ReplyDoc[]>() : Promise.resolve([]),
  ]);
  const byId = new Map(problems.map((p) => [p._id, p]));
  const place: CommunityPlace = { kind: "contest", cid: c._id, contestAdmin: is.role === "admin", contestOwnerUid: c.uid };
  return {
    is,
    now: is.cs.ctx.now,
    problems: cps.map((cp) => ({ cp, problem: byId.get(cp.pid) })),
    submissions,
    users: new Map(users.map((u) => [u._id, u])),
    teamIds: teamIds.filter((id) => users.some((u) => u._id === id)),
    comments: comments.sort((a, b) => a._id - b._id),
    replies: replies.sort((a, b) => a._id - b._id),
    commentsOpen: !areaRefusal(settings, place),
  };
}

const start = (d: ContestData) => d.is.cs.contest.startTime.getTime();
const contestTime = (d: ContestData, at: Date | number) => relTime(new Date(at).getTime() - start(d));

/** The seal of the contest as the spec's freeze: its time while configured, or the one an admin lifted. */
function freezeAt(d: ContestData): Date | null {
  const c = d.is.cs.contest;
  return c.sealRank && c.sealRankTime ? c.sealRankTime : (c.thawedSealTime ?? null);
}

/** When the freeze thaws (or thawed): at the end where the board unseals by itself, else when an admin lifted it. */
function thawAt(d: ContestData): Date | null {
  const c = d.is.cs.contest;
  if (c.sealRank && c.sealRankTime) return c.autoRealRank ? c.endTime : null;
  return c.thawedAt ? new Date(Math.max(c.thawedAt.getTime(), c.endTime.getTime())) : null;
}

export function contestObject(d: ContestData): Json {
  const c = d.is.cs.contest;
  const freeze = freezeAt(d);
  return {
    id: String(c._id),
    name: c.title,
    formal_name: c.title,
    start_time: absTime(c.startTime),
    duration: relTime(c.endTime.getTime() - c.startTime.getTime()),
    scoreboard_freeze_duration: freeze ? relTime(c.endTime.getTime() - freeze.getTime()) : null,
    scoreboard_thaw_time: freeze && thawAt(d) ? absTime(thawAt(d)!) : null,
    scoreboard_type: "pass-fail",
    penalty_time: ACM_PENALTY_SECONDS / 60,
  };
}

/** Whether results are still to come: a submission within the contest's time not yet judged. */
function judgingLeft(d: ContestData): boolean {
  return d.submissions.some((s) => RUNNING_STATUSES.has(s.status));
}

export function stateObject(d: ContestData): Json {
  const c = d.is.cs.contest;
  const now = d.now;
  const freeze = freezeAt(d);
  const started = now >= c.startTime ? c.startTime : null;
  const frozen = started && freeze && now >= freeze ? freeze : null;
  const ended = now >= c.endTime ? c.endTime : null;
  // The policy says when the board is no longer sealed (at the end by itself, or lifted by an admin).
  const thawed = frozen && ended && !boardSealedAt(c, now) ? thawAt(d) : null;
  let finalized: Date | null = null;
  if (ended && !judgingLeft(d)) {
    const last = Math.max(c.endTime.getTime(), ...d.submissions.map((s) => s.gmtModified.getTime()));
    finalized = new Date(last);
  }
  const endOfUpdates = finalized && (thawed || !frozen) ? new Date(Math.max(finalized.getTime(), thawed?.getTime() ?? 0)) : null;
  const t = (x: Date | null) => (x ? absTime(x) : null);
  return { started: t(started), frozen: t(frozen), ended: t(ended), thawed: t(thawed), finalized: t(finalized), end_of_updates: t(endOfUpdates) };
}

export function judgementTypes(): JudgementType[] {
  return JUDGEMENT_TYPES.map((t) => ({ ...t }));
}

export function languages(): Json[] {
  return LANGUAGES.map((l) => {
    const [command, ...args] = l.compileCommand.split(" ");
    return { id: languageId(l.name), name: l.name, entry_point_required: false, entry_point_name: null, extensions: [l.extension], compiler: { command, args: args.join(" ") } };
  });
}

const RGB = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function problems(d: ContestData): Json[] {
  return d.problems.map(({ cp, problem }, i) => ({
    id: String(cp.pid),
    label: cp.displayId,
    name: cp.displayTitle || problem?.title || cp.displayId,
    ordinal: i + 1,
    rgb: RGB.test(cp.color) ? cp.color : null,
    time_limit: (problem?.timeLimit ?? 0) / 1000,
    test_data_count: problem?.testCases?.length ?? 0,
  }));
}

/** Our groups of teams: those ranked, the star (unofficial) accounts, the contest's staff. */
export function groups(): Json[] {
  return [
    { id: "participants", name: "Participants", type: "ranking" },
    { id: "unofficial", name: "Unofficial (star) participants", type: "ranking" },
    { id: "staff", name: "Contest staff", type: "ranking" },
  ];
}

function schoolOf(u: UserRow): string {
  return (u.school ?? "").trim();
}

export function organizations(d: ContestData): Json[] {
  const schools = [...new Set(d.teamIds.map((id) => schoolOf(d.users.get(id)!)).filter(Boolean))].sort();
  return schools.map((s) => ({ id: organizationId(s), name: s, formal_name: s }));
}

function teamName(d: ContestData, u: UserRow): string {
  const show = d.is.cs.contest.rankShowName;
  if (show === "nickname" && u.nickname) return u.nickname;
  if (show === "realname" && u.realname) return u.realname;
  return u.username;
}

function isStar(d: ContestData, u: UserRow): boolean {
  const name = u.username.toLowerCase();
  return (d.is.cs.contest.starAccount ?? []).some((s) => s.toLowerCase() === name);
}

/** The group a team is in: the board leaves the contest's staff out and shows star accounts unranked. */
export function teamGroup(d: ContestData, uid: string): "participants" | "unofficial" | "staff" {
  const u = d.users.get(uid)!;
  if (!countsOnContestBoard(d.is.cs.contest, u)) return "staff";
  return isStar(d, u) ? "unofficial" : "participants";
}

export function teams(d: ContestData): Json[] {
  return d.teamIds.map((id) => {
    const u = d.users.get(id)!;
    const group = teamGroup(d, id);
    const school = schoolOf(u);
    return {
      id,
      name: teamName(d, u),
      label: u.username,
      display_name: teamName(d, u),
      organization_id: school ? organizationId(school) : null,
      group_ids: [group],
      hidden: group !== "participants",
    };
  });
}

/** Team accounts, for the admin role only (the public role sees none). */
export function accounts(d: ContestData): Json[] {
  if (d.is.role !== "admin") return [];
  return d.teamIds.map((id) => {
    const u = d.users.get(id)!;
    return { id, username: u.username, name: teamName(d, u), type: "team", team_id: id };
  });
}

function problemFor(d: ContestData, pid: number): ProblemRow | null {
  return d.problems.find((p) => p.cp.pid === pid)?.problem ?? null;
}

function rightsOf(d: ContestData, s: SubRow) {
  const cid = d.is.cs.contest._id;
  return d.is.cs.scope.rights(d.is.viewer, { uid: s.uid, cid, submitTime: s.submitTime, status: s.status }, problemFor(d, s.pid));
}

/** Whether the role sees this submission's result (the seal decides, through the policy). */
export function showsResult(d: ContestData, s: Pick<SubRow, "uid" | "submitTime" | "status">): boolean {
  return contestShowsResult(d.is.viewer, d.is.cs.ctx, { uid: s.uid, cid: d.is.cs.contest._id, submitTime: s.submitTime, status: s.status });
}

export function submissions(d: ContestData): Json[] {
  const cid = d.is.cs.contest._id;
  return d.submissions.map((s) => ({
    id: String(s._id),
    language_id: languageId(s.language),
    problem_id: String(s.pid),
    team_id: s.uid,
    time: absTime(s.submitTime),
    contest_time: contestTime(d, s.submitTime),
    entry_point: null,
    // Code is handed out only where the policy lets the role read it.
    ...(rightsOf(d, s).canSeeCode ? { files: [{ href: `contests/${cid}/submissions/${s._id}/files`, filename: "files.zip", mime: "application/zip" }] } : {}),
  }));
}

/** One judgement per submission whose result the role sees: pending ones without a verdict yet. */
export function judgements(d: ContestData): Json[] {
  return d.submissions
    .filter((s) => showsResult(d, s))
    .map((s) => {
      const type = judgementTypeOf(s.status);
      const end = type ? new Date(Math.max(s.gmtModified.getTime(), s.submitTime.getTime())) : null;
      return {
        id: String(s._id),
        submission_id: String(s._id),
        judgement_type_id: type,
        start_time: absTime(s.submitTime),
        start_contest_time: contestTime(d, s.submitTime),
        end_time: end ? absTime(end) : null,
        end_contest_time: end ? contestTime(d, end) : null,
        max_run_time: type ? s.time / 1000 : null,
      };
    });
}

/** Per-case results of judged submissions, where the policy lets the role see the cases. */
export function runs(d: ContestData): Json[] {
  const out: Json[] = [];
  for (const s of d.submissions) {
    if (!judgementTypeOf(s.status) || !showsResult(d, s) || !rightsOf(d, s).canSeeCases) continue;
    const end = new Date(Math.max(s.gmtModified.getTime(), s.submitTime.getTime()));
    const cases = [...(s.caseResults ?? [])].sort((a, b) => a.index - b.index);
    cases.forEach((c, i) => {
      const type = judgementTypeOf(c.status);
      if (!type) return;
      out.push({ id: `${s._id}-${i + 1}`, judgement_id: String(s._id), ordinal: i + 1, judgement_type_id: type, time: absTime(end), contest_time: contestTime(d, end), run_time: (c.time ?? 0) / 1000 });
    });
  }
  return out;
}

/**
 * The contest's Q&A as clarifications: a contestant's comment is a request from their team, an
 * admin's is the jury's to everyone, replies answer the comment. Which of them the role sees is the
 * community policy's (a closed Q&A shows nothing).
 */
export function clarifications(d: ContestData): Json[] {
  if (!d.commentsOpen) return [];
  const c = d.is.cs.contest;
  const place: CommunityPlace = { kind: "contest", cid: c._id, contestAdmin: d.is.role === "admin", contestOwnerUid: c.uid };
  const team = (uid: string) => (d.users.has(uid) && teamGroup(d, uid) !== "staff" ? uid : null);
  const out: Json[] = [];
  for (const cm of d.comments) {
    if (!seesComment(d.is.viewer, cm, place)) continue;
    out.push({ id: `c${cm._id}`, from_team_id: team(cm.fromUid), to_team_id: null, reply_to_id: null, problem_id: null, text: cm.content, time: absTime(cm.gmtCreate), contest_time: contestTime(d, cm.gmtCreate) });
    if (!seesReplies(d.is.viewer, cm, place)) continue;
    for (const r of d.replies.filter((x) => x.commentId === cm._id)) {
      const from = team(r.fromUid);
      out.push({
        id: `r${r._id}`,
        from_team_id: from,
        to_team_id: from ? null : team(r.toUid || cm.fromUid),
        reply_to_id: `c${cm._id}`,
        problem_id: null,
        text: r.content,
        time: absTime(r.gmtCreate),
        contest_time: contestTime(d, r.gmtCreate),
      });
    }
  }
  return out;
}
