import { z } from "zod";
import { nextSeq } from "~/models/counter.server";
import { Training } from "~/models/training.server";
import { TrainingCategory, type TrainingCategoryDoc } from "~/models/training-category.server";
import { mayCreateTraining } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import type { TrainingPlace } from "./scope.server";

// Training categories (spec sections 2 and 3): a name and a colour per scope. The admin roles edit
// the site's; a category still used by a training cannot be deleted.

export const categoryInputSchema = z.object({
  name: z.string({ required_error: "training:categoryNameRequired" }).trim().min(1, "training:categoryNameRequired").max(50, "training:categoryNameTooLong"),
  color: z
    .string({ required_error: "training:categoryColorInvalid" })
    .trim()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "training:categoryColorInvalid"),
});

export type CategoryInput = z.infer<typeof categoryInputSchema>;

function requireEditor(user: CurrentUser, scope: TrainingPlace): void {
  if (!mayCreateTraining(user, scope)) throw new DomainError("forbidden", "training:notAdmin");
}

/** The scope's categories, oldest first. */
export async function listCategories(scope: TrainingPlace): Promise<TrainingCategoryDoc[]> {
  return TrainingCategory.find({ gid: scope.gid }).sort({ _id: 1 }).lean<TrainingCategoryDoc[]>();
}

export async function loadCategory(id: number, scope: TrainingPlace): Promise<TrainingCategoryDoc> {
  const c = await TrainingCategory.findById(id).lean<TrainingCategoryDoc>();
  if (!c || (c.gid ?? null) !== scope.gid) throw new DomainError("notFound", "training:categoryNotFound");
  return c;
}

export async function createCategory(user: CurrentUser, input: CategoryInput, scope: TrainingPlace): Promise<TrainingCategoryDoc> {
  requireEditor(user, scope);
  if (await TrainingCategory.exists({ gid: scope.gid, name: input.name })) throw new DomainError("conflict", "training:categoryExists");
  const doc = await TrainingCategory.create({ _id: await nextSeq("training-category"), name: input.name, color: input.color, gid: scope.gid });
  return doc.toObject();
}

export async function updateCategory(user: CurrentUser, id: number, input: CategoryInput, scope: TrainingPlace): Promise<TrainingCategoryDoc> {
  requireEditor(user, scope);
  await loadCategory(id, scope);
  if (await TrainingCategory.exists({ gid: scope.gid, name: input.name, _id: { $ne: id } })) throw new DomainError("conflict", "training:categoryExists");
  await TrainingCategory.updateOne({ _id: id }, { $set: { name: input.name, color: input.color, gmtModified: new Date() } });
  return loadCategory(id, scope);
}

export async function deleteCategory(user: CurrentUser, id: number, scope: TrainingPlace): Promise<void> {
  requireEditor(user, scope);
  await loadCategory(id, scope);
  if (await Training.exists({ categoryId: id })) throw new DomainError("conflict", "training:categoryInUse");
  await TrainingCategory.deleteOne({ _id: id });
}

/** HOJ's TrainingCategory. */
export function categoryJson(c: Pick<TrainingCategoryDoc, "_id" | "name" | "color" | "gid" | "gmtCreate" | "gmtModified">) {
  return { id: c._id, name: c.name, color: c.color, gid: c.gid ?? null, gmtCreate: c.gmtCreate, gmtModified: c.gmtModified };
}
