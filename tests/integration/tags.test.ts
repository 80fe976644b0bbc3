import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Problem } from "~/models/problem.server";
import { bootstrap } from "~/services/account/bootstrap.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { createProblem } from "~/services/problem/admin.server";
import {
  createClassification,
  createTag,
  deleteClassification,
  deleteTag,
  getTagsByIds,
  listAllTags,
  listTagsAndClassifications,
  searchTags,
  toHojTag,
  updateClassification,
  updateTag,
} from "~/services/problem/tags.server";

beforeAll(bootstrap);
afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("tags and classifications", () => {
  it("refuses a tag name twice in one OJ, without case, but allows it in another OJ", async () => {
    await createTag({ name: "Graph Theory", color: "#f00" });
    await expect(createTag({ name: "graph theory" })).rejects.toThrow("admin-problem:errors.tagExists");
    const other = await createTag({ name: "Graph Theory", oj: "HDU" });
    expect(other.oj).toBe("HDU");
    await expect(createTag({ name: "x", color: "red" })).rejects.toThrow("admin-problem:errors.invalidColor");
    await expect(createTag({ name: " " })).rejects.toThrow("admin-problem:errors.tagNameRequired");
  });

  it("refuses renaming a tag onto another one's name", async () => {
    const a = await createTag({ name: "Trees" });
    await createTag({ name: "Heaps" });
    await expect(updateTag(a._id, { name: "HEAPS" })).rejects.toThrow("admin-problem:errors.tagExists");
    expect((await updateTag(a._id, { name: "Trees and forests", color: "#00ff00" })).nameLower).toBe("trees and forests");
  });

  it("groups tags under classifications in rank order, unclassified last", async () => {
    const second = await createClassification({ name: "Data structures", rank: 2 });
    const first = await createClassification({ name: "Basics", rank: 1 });
    await expect(createClassification({ name: "basics" })).rejects.toThrow("admin-problem:errors.classificationExists");
    const stack = await createTag({ name: "Stack", tcid: second._id });
    const loops = await createTag({ name: "Loops", tcid: first._id });
    await expect(createTag({ name: "Bad", tcid: 999 })).rejects.toThrow("admin-problem:errors.invalidClassification");
    const groups = await listTagsAndClassifications("ME");
    expect(groups.map((g) => g.classification?.name ?? null)).toEqual(["Basics", "Data structures", null]);
    expect(groups[0].tagList.map((t) => t.name)).toEqual(["Loops"]);
    expect(groups[1].tagList.map((t) => t.name)).toEqual(["Stack"]);
    expect(groups[2].tagList.map((t) => t.name)).toContain("Graph Theory");
    expect(groups[2].tagList.some((t) => t.oj !== "ME")).toBe(false);

    await updateClassification(first._id, { name: "Basics", rank: 5 });
    expect((await listTagsAndClassifications("ME")).map((g) => g.classification?.name ?? null)).toEqual(["Data structures", "Basics", null]);

    await deleteClassification(second._id);
    const after = await listTagsAndClassifications("ME");
    expect(after.find((g) => g.classification === null)!.tagList.map((t) => t._id)).toContain(stack._id);
    expect((await getTagsByIds([loops._id, 12345, stack._id])).map((t) => t.name)).toEqual(["Loops", "Stack"]);
  });

  it("takes a deleted tag off every problem", async () => {
    const tag = await createTag({ name: "Doomed" });
    const keep = await createTag({ name: "Kept" });
    const p = await createProblem(
      { problemId: "TAG-1", title: "t", input: "i", output: "o", languages: ["C"], isUploadCase: false, cases: [{ input: "1", output: "1" }], tagIds: [tag._id, keep._id] },
      { username: "a" },
    );
    await deleteTag(tag._id);
    expect((await Problem.findById(p._id).lean())!.tags).toEqual([keep._id]);
    await expect(deleteTag(tag._id)).rejects.toThrow("admin-problem:errors.tagNotFound");
  });
});

describe("reads for the learner pages", () => {
  it("lists all tags of an OJ and filters them by a piece of their name", async () => {
    const all = await listAllTags("ME");
    expect(all.map((t) => t._id)).toEqual([...all.map((t) => t._id)].sort((a, b) => a - b));
    expect(searchTags(all, "TREE").map((t) => t.name)).toEqual(["Trees and forests"]);
    expect(toHojTag(all[0])).toMatchObject({ id: all[0]._id, name: all[0].name, oj: "ME" });
  });
});
