import { httpStatusOf } from "~/http/status.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { ZodError } from "zod";
import { buttonClass, ConfirmSubmit, dangerButtonClass, FieldError, Notice, primaryButtonClass, Section, sized } from "~/components/admin-problem/ui";
import { OWN_OJ } from "~/lib/problem";
import { TAG_DEFAULT_COLOR } from "~/lib/problem-admin";
import { pageTitle } from "~/lib/meta";
import { flash } from "~/http/flash.server";
import { getT } from "~/services/platform/i18n.server";
import { siteRedirect } from "~/http/paths.server";
import { requireAdmin } from "~/http/guards.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import {
  createClassification,
  createTag,
  deleteClassification,
  deleteTag,
  listClassifications,
  listTagsAndClassifications,
  parseOjName,
  updateClassification,
  updateTag,
} from "~/services/problem/tags.server";
import { fieldErrors } from "~/services/platform/validation.server";
import { inputId } from "~/http/ids.server";

// Tags and tag classifications (spec section 2, problem/tag): every row is its own small form.

export const handle = { i18n: ["admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

const ojOf = (value: string | null | undefined): string => parseOjName(value) ?? OWN_OJ;

/** <input type="color"> takes #rrggbb only. */
function sixDigit(color: string): string {
  const m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  return m ? `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}` : /^#[0-9a-f]{6}$/i.test(color) ? color : TAG_DEFAULT_COLOR;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const oj = ojOf(new URL(request.url).searchParams.get("oj"));
  const [groups, classes, t] = await Promise.all([listTagsAndClassifications(oj), listClassifications(oj), getT(request, "admin-problem")]);
  return json({
    oj,
    classifications: classes.map((c) => ({ id: c._id, name: c.name, rank: c.rank })),
    groups: groups.map((g) => ({
      classification: g.classification ? { id: g.classification._id, name: g.classification.name, rank: g.classification.rank } : null,
      tags: g.tagList.map((x) => ({ id: x._id, name: x.name, color: sixDigit(x.color), tcid: x.tcid })),
    })),
    pageTitle: t("tags.title"),
  });
}

type ActionData = { formId: string; errors: Record<string, string>; values: Record<string, string>; confirm: { intent: string; id: number; name: string } | null };

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const intent = values.intent ?? "";
  // The id of the tag or classification changed or deleted (creating names none).
  const id = () => inputId(values.id);
  const oj = ojOf(values.oj ?? null);
  const formId = values.formId ?? intent;
  const t = await getT(request, ["admin-problem", "common"]);
  const done = async (key: string) => {
    const cookie = await flash(request, { type: "success", key });
    return siteRedirect(`/admin/problem/tag${oj === OWN_OJ ? "" : `?oj=${oj}`}`, { headers: { "Set-Cookie": cookie } });
  };
  const tag = { name: values.name, color: values.color, oj, tcid: values.tcid };
  const cls = { name: values.name, rank: values.rank, oj };
  try {
    switch (intent) {
      case "tag-create":
        await createTag(tag);
        return done("admin-problem:flash.created");
      case "tag-update":
        await updateTag(id(), tag);
        return done("admin-problem:flash.updated");
      case "class-create":
        await createClassification(cls);
        return done("admin-problem:flash.created");
      case "class-update":
        await updateClassification(id(), cls);
        return done("admin-problem:flash.updated");
      case "tag-delete":
      case "class-delete":
        if (values.confirmed !== "1") return json<ActionData>({ formId, errors: {}, values, confirm: { intent, id: id(), name: values.name ?? "" } });
        if (intent === "tag-delete") await deleteTag(id());
        else await deleteClassification(id());
        return done("admin-problem:flash.deleted");
      default:
        return json<ActionData>({ formId, errors: { _form: t("common:errors.badRequest") }, values, confirm: null }, { status: 400 });
    }
  } catch (err) {
    if (err instanceof ZodError) return json<ActionData>({ formId, errors: fieldErrors(t, err), values, confirm: null }, { status: 400 });
    if (err instanceof ProblemAdminError) return json<ActionData>({ formId, errors: { [err.field ?? "_form"]: t(err.message) }, values, confirm: null }, { status: httpStatusOf(err.kind) });
    throw err;
  }
}

export default function TagAdmin() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("admin-problem");
  const errorsOf = (formId: string) => (answer?.formId === formId ? answer.errors : {});
  const valueOf = (formId: string, key: string, fallback: string) => (answer?.formId === formId && answer.values[key] !== undefined ? answer.values[key] : fallback);

  const classOptions = () => (
    <>
      <option value="">{t("tags.unclassified")}</option>
      {data.classifications.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.name}
        </option>
      ))}
    </>
  );

  const tagRow = (tag: { id: number; name: string; color: string; tcid: number | null }) => {
    const fid = `tag-${tag.id}`;
    const errs = errorsOf(fid);
    return (
      <Form key={tag.id} method="post" className="flex flex-wrap items-start gap-2 border-t border-gray-100 py-2" data-tag-row={tag.name}>
        <input type="hidden" name="formId" value={fid} />
        <input type="hidden" name="id" value={tag.id} />
        <input type="hidden" name="oj" value={data.oj} />
        <div>
          <input name="name" defaultValue={valueOf(fid, "name", tag.name)} className={sized("w-48")} aria-label={t("tags.name")} />
          <FieldError message={errs.name} />
        </div>
        <input type="color" name="color" defaultValue={sixDigit(valueOf(fid, "color", tag.color))} className="h-8 w-12" aria-label={t("tags.color")} />
        <select name="tcid" defaultValue={valueOf(fid, "tcid", tag.tcid === null ? "" : String(tag.tcid))} className={sized("w-44")} aria-label={t("tags.classification")}>
          {classOptions()}
        </select>
        <button type="submit" name="intent" value="tag-update" className={buttonClass}>
          {t("tags.save")}
        </button>
        <ConfirmSubmit name="intent" value="tag-delete" message={t("tags.confirmDeleteTag", { name: tag.name })}>
          {t("list.delete")}
        </ConfirmSubmit>
        <FieldError message={errs._form ?? errs.color ?? errs.tcid} />
      </Form>
    );
  };

  const newTagErrors = errorsOf("tag-new");
  const newClassErrors = errorsOf("class-new");

  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t("tags.title")}</h1>
        <Form method="get" className="flex items-center gap-2">
          <label htmlFor="oj" className="text-sm">
            {t("tags.oj")}
          </label>
          <input id="oj" name="oj" defaultValue={data.oj} className={sized("w-24")} />
          <button type="submit" className={buttonClass}>
            {t("list.search")}
          </button>
        </Form>
      </div>

      {answer?.confirm ? (
        <Notice kind="warning">
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <span>{answer.confirm.intent === "tag-delete" ? t("tags.confirmDeleteTag", { name: answer.confirm.name }) : t("tags.confirmDeleteClass", { name: answer.confirm.name })}</span>
            <input type="hidden" name="id" value={answer.confirm.id} />
            <input type="hidden" name="oj" value={data.oj} />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" name="intent" value={answer.confirm.intent} className={dangerButtonClass}>
              {t("list.delete")}
            </button>
            <Link to=".">{t("confirm.cancel")}</Link>
          </Form>
        </Notice>
      ) : null}

      <Section title={t("tags.addTag")}>
        <Form method="post" className="flex flex-wrap items-start gap-2" data-testid="new-tag">
          <input type="hidden" name="formId" value="tag-new" />
          <input type="hidden" name="oj" value={data.oj} />
          <div>
            <input name="name" defaultValue={valueOf("tag-new", "name", "")} placeholder={t("tags.name")} className={sized("w-56")} aria-label={t("tags.name")} />
            <FieldError message={newTagErrors.name} />
          </div>
          <input type="color" name="color" defaultValue={sixDigit(valueOf("tag-new", "color", TAG_DEFAULT_COLOR))} className="h-8 w-12" aria-label={t("tags.color")} />
          <select name="tcid" defaultValue={valueOf("tag-new", "tcid", "")} className={sized("w-44")} aria-label={t("tags.classification")}>
            {classOptions()}
          </select>
          <button type="submit" name="intent" value="tag-create" className={primaryButtonClass}>
            {t("tags.add")}
          </button>
          <FieldError message={newTagErrors._form ?? newTagErrors.color ?? newTagErrors.tcid} />
        </Form>
      </Section>

      <Section title={t("tags.addClassification")}>
        <Form method="post" className="flex flex-wrap items-start gap-2" data-testid="new-classification">
          <input type="hidden" name="formId" value="class-new" />
          <input type="hidden" name="oj" value={data.oj} />
          <div>
            <input name="name" defaultValue={valueOf("class-new", "name", "")} placeholder={t("tags.classificationName")} className={sized("w-56")} aria-label={t("tags.classificationName")} />
            <FieldError message={newClassErrors.name} />
          </div>
          <div>
            <input name="rank" defaultValue={valueOf("class-new", "rank", "0")} className={sized("w-24")} inputMode="numeric" aria-label={t("tags.rank")} />
            <FieldError message={newClassErrors.rank} />
          </div>
          <button type="submit" name="intent" value="class-create" className={primaryButtonClass}>
            {t("tags.add")}
          </button>
        </Form>
      </Section>

      {data.groups.length === 0 ? <p className="text-sm text-gray-600">{t("tags.empty")}</p> : null}
      {data.groups.map((g) => {
        const c = g.classification;
        const fid = c ? `class-${c.id}` : "";
        const errs = c ? errorsOf(fid) : {};
        return (
          <Section key={c?.id ?? "none"} title={c ? c.name : t("tags.unclassified")}>
            {c ? (
              <Form method="post" className="flex flex-wrap items-start gap-2" data-class-row={c.name}>
                <input type="hidden" name="formId" value={fid} />
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="oj" value={data.oj} />
                <div>
                  <input name="name" defaultValue={valueOf(fid, "name", c.name)} className={sized("w-56")} aria-label={t("tags.classificationName")} />
                  <FieldError message={errs.name} />
                </div>
                <div>
                  <input name="rank" defaultValue={valueOf(fid, "rank", String(c.rank))} className={sized("w-24")} inputMode="numeric" aria-label={t("tags.rank")} />
                  <FieldError message={errs.rank} />
                </div>
                <button type="submit" name="intent" value="class-update" className={buttonClass}>
                  {t("tags.save")}
                </button>
                <ConfirmSubmit name="intent" value="class-delete" message={t("tags.confirmDeleteClass", { name: c.name })}>
                  {t("list.delete")}
                </ConfirmSubmit>
              </Form>
            ) : null}
            <div>{g.tags.length ? g.tags.map(tagRow) : <p className="text-sm text-gray-600">{t("tags.noTagsHere")}</p>}</div>
          </Section>
        );
      })}
    </div>
  );
}
