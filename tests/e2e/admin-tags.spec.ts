import { Role } from "../../app/lib/constants";
import { expect, test, uniqueName } from "./support/fixtures";

// The tag page: classifications and tags are made, a tag is put in a classification and moved
// out again, a duplicate (in any case) is refused with HOJ's message, and deleting asks first.
// What the admin makes shows in the problem list's classification popovers.

const DUPLICATE = "该标签已添加，请勿重复添加！";

test("an admin adds a classification and tags, is refused a duplicate tag, and moves and deletes tags", async ({ page, context, createUser, loginAs, app }) => {
  void app;
  const { Tag, TagClassification } = await import("../../app/models/tag.server");
  await loginAs(context, await createUser({ role: Role.ADMIN }));
  const className = uniqueName("Class");
  const tagName = uniqueName("Graph");
  const otherTag = uniqueName("Flow");

  await page.goto("admin/problem/tag");
  const newClass = page.getByTestId("new-classification");
  await newClass.getByRole("textbox", { name: "分类名称" }).fill(className);
  await newClass.getByRole("textbox", { name: "排序（越小越靠前）" }).fill("-5");
  await newClass.getByRole("button", { name: "添加" }).click();
  await expect(newClass).toContainText("排序必须是不小于 0 的整数。");
  expect(await TagClassification.exists({ name: className })).toBeNull();
  await newClass.getByRole("textbox", { name: "排序（越小越靠前）" }).fill("3");
  await newClass.getByRole("button", { name: "添加" }).click();
  await expect(page.locator("[data-toast]")).toHaveText("添加成功");
  const classRow = page.locator(`[data-class-row="${className}"]`);
  await expect(classRow).toBeVisible();
  const cls = await TagClassification.findOne({ name: className }).lean();
  expect(cls).toMatchObject({ rank: 3, oj: "ME" });

  // A tag in that classification.
  const newTag = page.getByTestId("new-tag");
  await newTag.getByRole("textbox", { name: "标签名称" }).fill(tagName);
  await newTag.getByRole("combobox", { name: "分类" }).selectOption(className);
  await newTag.getByRole("button", { name: "添加" }).click();
  await expect(page.locator("[data-toast]")).toHaveText("添加成功");
  const section = page.locator("section").filter({ has: classRow });
  await expect(section.locator(`[data-tag-row="${tagName}"]`)).toBeVisible();
  expect(await Tag.findOne({ name: tagName }).lean()).toMatchObject({ tcid: cls!._id, oj: "ME" });

  // The same name in another case is refused; the form keeps what was typed.
  await newTag.getByRole("textbox", { name: "标签名称" }).fill(tagName.toUpperCase());
  await newTag.getByRole("button", { name: "添加" }).click();
  await expect(newTag).toContainText(DUPLICATE);
  await expect(newTag.getByRole("textbox", { name: "标签名称" })).toHaveValue(tagName.toUpperCase());
  expect(await Tag.countDocuments({ nameLower: tagName.toLowerCase() })).toBe(1);

  // Renaming another tag to a taken name is refused the same way.
  await newTag.getByRole("textbox", { name: "标签名称" }).fill(otherTag);
  await newTag.getByRole("combobox", { name: "分类" }).selectOption("");
  await newTag.getByRole("button", { name: "添加" }).click();
  const otherRow = page.locator(`[data-tag-row="${otherTag}"]`);
  await expect(otherRow).toBeVisible();
  await otherRow.getByRole("textbox", { name: "标签名称" }).fill(tagName);
  await otherRow.getByRole("button", { name: "保存" }).click();
  await expect(page.locator(`[data-tag-row="${otherTag}"]`)).toContainText(DUPLICATE);
  expect(await Tag.countDocuments({ nameLower: tagName.toLowerCase() })).toBe(1);

  // The problem list offers the tag under its classification.
  await page.goto("problem");
  await page.locator("summary", { hasText: className }).click();
  await expect(page.getByRole("link", { name: tagName, exact: true }).first()).toBeVisible();

  // Out of the classification, then deleted after confirming.
  await page.goto("admin/problem/tag");
  const row = page.locator(`[data-tag-row="${tagName}"]`);
  await row.getByRole("combobox", { name: "分类" }).selectOption("");
  await row.getByRole("button", { name: "保存" }).click();
  await expect(page.locator("[data-toast]")).toHaveText("修改成功");
  await expect(page.locator("section").filter({ has: page.locator(`[data-class-row="${className}"]`) }).locator(`[data-tag-row="${tagName}"]`)).toHaveCount(0);
  expect((await Tag.findOne({ name: tagName }).lean())?.tcid).toBeNull();

  await page.locator(`[data-tag-row="${tagName}"]`).getByRole("button", { name: "删除" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "取消" }).click();
  await expect(page.locator(`[data-tag-row="${tagName}"]`)).toBeVisible();
  await page.locator(`[data-tag-row="${tagName}"]`).getByRole("button", { name: "删除" }).click();
  await page.locator("[data-confirm-ok]").click();
  await expect(page.locator(`[data-tag-row="${tagName}"]`)).toHaveCount(0);
  expect(await Tag.exists({ name: tagName })).toBeNull();

  await Tag.deleteMany({ name: otherTag });
  await TagClassification.deleteOne({ _id: cls!._id });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a duplicate tag is refused with HOJ's message and nothing is added", async ({ page, context, createUser, loginAs, app }) => {
    void app;
    const { Tag } = await import("../../app/models/tag.server");
    await loginAs(context, await createUser({ role: Role.ADMIN }));
    const tagName = uniqueName("Dp");
    await page.goto("admin/problem/tag");
    const newTag = page.getByTestId("new-tag");
    await newTag.getByRole("textbox", { name: "标签名称" }).fill(tagName);
    await newTag.getByRole("button", { name: "添加" }).click();
    await expect(page.locator(`[data-tag-row="${tagName}"]`)).toBeVisible();
    await page.getByTestId("new-tag").getByRole("textbox", { name: "标签名称" }).fill(` ${tagName.toLowerCase()} `);
    await page.getByTestId("new-tag").getByRole("button", { name: "添加" }).click();
    await expect(page.getByTestId("new-tag")).toContainText(DUPLICATE);
    expect(await Tag.countDocuments({ nameLower: tagName.toLowerCase() })).toBe(1);
    await Tag.deleteMany({ nameLower: tagName.toLowerCase() });
  });
});
