import { Submission } from "~/models/submission.server";
import { getWebsiteConfig } from "../site/config.server";
import { zipStream, type ZipSource } from "../platform/zip.server";
import { languageInfo } from "~/lib/languages";
import { DomainError } from "../errors.server";
import type { IcpcScope } from "./access.server";
import { API_VERSION, API_VERSION_URL } from "./format.server";
import { eventLine, eventsAfter, syncFeed } from "./feed.server";
import * as O from "./objects.server";
import { awards, scoreboard, standing } from "./scoreboard.server";

// The endpoints under /contests/{id}: a collection, one of its objects, the singletons (state,
// scoreboard), a submission's files, and the whole contest as the spec's Contest Package.

export const COLLECTIONS = [
  "judgement-types",
  "languages",
  "problems",
  "groups",
  "organizations",
  "teams",
  "accounts",
  "submissions",
  "judgements",
  "runs",
  "clarifications",
  "awards",
] as const;
export type Collection = (typeof COLLECTIONS)[number];

export function isCollection(name: string): name is Collection {
  return (COLLECTIONS as readonly string[]).includes(name);
}

/** GET / of the API. */
export async function apiInformation(): Promise<O.Json> {
  const config = await getWebsiteConfig();
  return { version: API_VERSION, version_url: API_VERSION_URL, provider: { name: config.projectName || "Online Judge", version: null } };
}

export async function collection(is: IcpcScope, name: Collection): Promise<O.Json[]> {
  if (name === "judgement-types") return O.judgementTypes() as unknown as O.Json[];
  if (name === "languages") return O.languages();
  if (name === "groups") return O.groups();
  const d = await O.loadContestData(is);
  switch (name) {
    case "problems":
      return O.problems(d);
    case "organizations":
      return O.organizations(d);
    case "teams":
      return O.teams(d);
    case "accounts":
      return O.accounts(d);
    case "submissions":
      return O.submissions(d);
    case "judgements":
      return O.judgements(d);
    case "runs":
      return O.runs(d);
    case "clarifications":
      return O.clarifications(d);
    case "awards":
      return awards(d);
  }
}

/**
 * The spec's filtering of a collection: every query parameter names a property the objects must
 * have that value of (an empty value: null); several are all required.
 */
export function filtered(list: O.Json[], query: URLSearchParams): O.Json[] {
  const conditions = [...query.entries()];
  return list.filter((o) => conditions.every(([k, v]) => (v === "" ? o[k] === null || o[k] === undefined : o[k] !== undefined && o[k] !== null && String(o[k]) === v)));
}

export async function contestObject(is: IcpcScope): Promise<O.Json> {
  return O.contestObject(await O.loadContestData(is));
}

export async function stateObject(is: IcpcScope): Promise<O.Json> {
  return O.stateObject(await O.loadContestData(is));
}

export async function scoreboardObject(is: IcpcScope): Promise<O.Json> {
  return scoreboard(await O.loadContestData(is));
}

async function zipBuffer(entries: readonly ZipSource[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A submission's code as the file a zip holds at its root. */
function sourceFile(s: { _id: number; code: string; language: string }): ZipSource {
  const ext = languageInfo(s.language)?.extension ?? "txt";
  return { name: `${ext === "java" ? "Main" : "main"}.${ext}`, data: s.code };
}

async function codesOf(ids: readonly number[]): Promise<Array<{ _id: number; code: string; language: string }>> {
  if (ids.length === 0) return [];
  return Submission.find({ _id: { $in: ids } }).select("_id code language").lean<Array<{ _id: number; code: string; language: string }>>();
}

/**
 * A submission's code as a zip with the file at its root, for a role the policy lets read it (the
 * contest's admins); 404 for an id that is not one of the contest's submissions as served.
 */
export async function submissionFiles(is: IcpcScope, id: string): Promise<Buffer> {
  const d = await O.loadContestData(is);
  const listed = O.submissions(d).find((x) => x.id === id);
  if (!listed) throw new DomainError("notFound", "common:errors.notFound");
  if (!listed.files) throw new DomainError("forbidden", "icpc:filesAdminOnly");
  const [code] = await codesOf([Number(id)]);
  if (!code) throw new DomainError("notFound", "common:errors.notFound");
  return zipBuffer([sourceFile(code)]);
}

/** The contest as the spec's Contest Package: every endpoint as a file, the event feed, the code. */
export async function contestPackage(is: IcpcScope): Promise<ZipSource[]> {
  const head = await syncFeed(is);
  const d = await O.loadContestData(is);
  const st = await standing(d);
  const json = (name: string, value: unknown): ZipSource => ({ name, data: `${JSON.stringify(value, null, 2)}\n` });
  const subs = O.submissions(d);
  const files: ZipSource[] = [
    json("api.json", await apiInformation()),
    json("contest.json", O.contestObject(d)),
    json("state.json", O.stateObject(d)),
    json("judgement-types.json", O.judgementTypes()),
    json("languages.json", O.languages()),
    json("problems.json", O.problems(d)),
    json("groups.json", O.groups()),
    json("organizations.json", O.organizations(d)),
    json("teams.json", O.teams(d)),
    json("accounts.json", O.accounts(d)),
    json("submissions.json", subs),
    json("judgements.json", O.judgements(d)),
    json("runs.json", O.runs(d)),
    json("clarifications.json", O.clarifications(d)),
    json("awards.json", await awards(d, st)),
    json("scoreboard.json", await scoreboard(d, st)),
  ];
  const lines: string[] = [];
  for (let since = 0; since < head; ) {
    const events = await eventsAfter(is.cs.contest._id, is.role, since, head, 2000);
    if (events.length === 0) break;
    lines.push(...events.map(eventLine));
    since = events[events.length - 1]!.seq;
  }
  files.push({ name: "event-feed.ndjson", data: lines.join("") });
  // Files are stored as <endpoint>/<id>/<filename>, for the submissions whose code the role may read.
  const withFiles = subs.filter((s) => s.files).map((s) => Number(s.id));
  for (const code of await codesOf(withFiles)) files.push({ name: `submissions/${code._id}/files.zip`, data: await zipBuffer([sourceFile(code)]) });
  return files;
}
