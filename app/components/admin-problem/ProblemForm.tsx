import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { JudgeCaseMode, JudgeMode } from "~/lib/constants";
import { LANGUAGES, SPJ_LANGUAGES, SPJ_PROTOCOLS } from "~/lib/languages";
import { EXAMPLES_RECOMMENDED_MAX } from "~/lib/problem-admin";
import type { DraftCase, DraftFile, ProblemDraft } from "~/lib/problem-draft";
import { buttonClass, Checkbox, dangerButtonClass, Field, FieldError, inputClass, Notice, primaryButtonClass, Section, textareaClass, sized } from "./ui";
import { chipStyle } from "~/lib/contrast";

// The full problem form (spec section 5), shared by the create and edit pages. A plain multipart
// POST: rows are added and removed by submit buttons the server answers, the zip upload is a file
// field of the same form, and every answer brings the whole draft back. With JavaScript the
// sections that do not apply are hidden and the page does not reload.

export interface TagOption {
  id: number;
  name: string;
  color: string;
}

export interface ProblemFormProps {
  draft: ProblemDraft;
  errors: Record<string, string>;
  compileError: string | null;
  notice: string | null;
  tags: TagOption[];
  mode: "create" | "edit";
  author?: string;
  /**
   * A contest's problem (spec section 4): visibility is contest-only and the type follows the
   * contest's rule; both are shown, not chosen.
   */
  fixed?: { auth: string; type: string };
  /** The visibilities offered (a group's problem: public to its members or private). */
  auths?: readonly string[];
  /** The page's own fields, at the top of the same form (a contest's display id…). */
  extra?: ReactNode;
}

function RemoveButton({ intent, label }: { intent: string; label: string }) {
  return (
    <button type="submit" name="intent" value={intent} className={dangerButtonClass} formNoValidate>
      {label}
    </button>
  );
}

function AddButton({ intent, label }: { intent: string; label: string }) {
  return (
    <button type="submit" name="intent" value={intent} className={buttonClass} formNoValidate>
      + {label}
    </button>
  );
}

function ExtraFiles({ prefix, files, errors, intent, title }: { prefix: "userExtraFile" | "judgeExtraFile"; files: DraftFile[]; errors: Record<string, string>; intent: string; title: string }) {
  const { t } = useTranslation("admin-problem");
  return (
    <div className="space-y-2" data-extra-files={prefix}>
      <h3 className="text-sm font-medium text-gray-700">{title}</h3>
      {files.map((f, i) => (
        <div key={i} className="grid gap-2 rounded border border-gray-100 p-2 sm:grid-cols-[14rem_1fr_auto]">
          <div>
            <input className={inputClass} name={`${prefix}.${i}.name`} defaultValue={f.name} placeholder={t("form.extraFileName")} aria-label={t("form.extraFileName")} />
            <FieldError message={errors[`${prefix}.${i}.name`]} />
          </div>
          <div>
            <textarea className={textareaClass} rows={4} name={`${prefix}.${i}.content`} defaultValue={f.content} placeholder={t("form.extraFileContent")} aria-label={t("form.extraFileContent")} />
            <FieldError message={errors[`${prefix}.${i}.content`]} />
          </div>
          <div>
            <RemoveButton intent={`remove-${intent}-${i}`} label={t("form.remove")} />
          </div>
        </div>
      ))}
      <AddButton intent={`add-${intent}`} label={t("form.addFile")} />
    </div>
  );
}

function CaseTable({ cases, errors, showScore, showGroup, uploaded }: { cases: DraftCase[]; errors: Record<string, string>; showScore: boolean; showGroup: boolean; uploaded: boolean }) {
  const { t } = useTranslation("admin-problem");
  const prefix = uploaded ? "cases" : "samples";
  if (uploaded) {
    return (
      <table className="w-full text-left text-sm" data-testid="case-table">
        <thead>
          <tr className="border-b text-gray-600">
            <th className="py-1">#</th>
            <th className="py-1">{t("form.caseInput")}</th>
            <th className="py-1">{t("form.caseOutput")}</th>
            {showScore ? <th className="py-1">{t("form.score")}</th> : null}
            {showGroup ? <th className="py-1">{t("form.groupNum")}</th> : null}
            <th />
          </tr>
        </thead>
        <tbody>
          {cases.map((c, i) => (
            <tr key={i} className="border-b border-gray-100 align-top">
              <td className="py-1 pr-2">{i + 1}</td>
              <td className="py-1 pr-2 font-mono">
                {c.input}
                <input type="hidden" name={`${prefix}.${i}.input`} value={c.input} />
              </td>
              <td className="py-1 pr-2 font-mono">
                {c.output}
                <input type="hidden" name={`${prefix}.${i}.output`} value={c.output} />
              </td>
              {showScore ? (
                <td className="py-1 pr-2">
                  <input className={sized("w-20")} name={`${prefix}.${i}.score`} defaultValue={c.score} inputMode="numeric" aria-label={t("form.scoreOf", { n: i + 1 })} />
                  <FieldError message={errors[`${prefix}.${i}.score`]} />
                </td>
              ) : (
                <td className="hidden">
                  <input type="hidden" name={`${prefix}.${i}.score`} value={c.score} />
                </td>
              )}
              {showGroup ? (
                <td className="py-1 pr-2">
                  <input className={sized("w-20")} name={`${prefix}.${i}.groupNum`} defaultValue={c.groupNum} inputMode="numeric" aria-label={t("form.groupOf", { n: i + 1 })} />
                  <FieldError message={errors[`${prefix}.${i}.groupNum`]} />
                </td>
              ) : (
                <td className="hidden">
                  <input type="hidden" name={`${prefix}.${i}.groupNum`} value={c.groupNum} />
                </td>
              )}
              <td className="py-1">
                <RemoveButton intent={`remove-case-${i}`} label={t("form.remove")} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <div className="space-y-2" data-testid="sample-table">
      {cases.map((c, i) => (
        <div key={i} className="grid gap-2 rounded border border-gray-100 p-2 sm:grid-cols-[1fr_1fr_auto]">
          <div>
            <label className="text-xs text-gray-600" htmlFor={`samples-${i}-input`}>
              {t("form.sampleInput", { n: i + 1 })}
            </label>
            <textarea id={`samples-${i}-input`} className={textareaClass} rows={3} name={`samples.${i}.input`} defaultValue={c.input} />
          </div>
          <div>
            <label className="text-xs text-gray-600" htmlFor={`samples-${i}-output`}>
              {t("form.sampleOutput", { n: i + 1 })}
            </label>
            <textarea id={`samples-${i}-output`} className={textareaClass} rows={3} name={`samples.${i}.output`} defaultValue={c.output} />
          </div>
          <div className="flex flex-col gap-2">
            {showScore ? (
              <div>
                <input className={sized("w-24")} name={`samples.${i}.score`} defaultValue={c.score} placeholder={t("form.score")} aria-label={t("form.scoreOf", { n: i + 1 })} />
                <FieldError message={errors[`samples.${i}.score`]} />
              </div>
            ) : (
              <input type="hidden" name={`samples.${i}.score`} value={c.score} />
            )}
            {showGroup ? (
              <div>
                <input className={sized("w-24")} name={`samples.${i}.groupNum`} defaultValue={c.groupNum} placeholder={t("form.groupNum")} aria-label={t("form.groupOf", { n: i + 1 })} />
                <FieldError message={errors[`samples.${i}.groupNum`]} />
              </div>
            ) : (
              <input type="hidden" name={`samples.${i}.groupNum`} value={c.groupNum} />
            )}
            <RemoveButton intent={`remove-sample-${i}`} label={t("form.remove")} />
          </div>
        </div>
      ))}
    </div>
  );
}

export function ProblemForm({ draft, errors, compileError, notice, tags, mode, author, fixed, auths = ["1", "2", "3"], extra }: ProblemFormProps) {
  const { t } = useTranslation("admin-problem");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [type, setType] = useState(fixed?.type ?? draft.type);
  const [judgeMode, setJudgeMode] = useState(draft.judgeMode);
  const [caseMode, setCaseMode] = useState(draft.judgeCaseMode);
  const [source, setSource] = useState(draft.isUploadCase ? "upload" : "manual");
  const [fileIO, setFileIO] = useState(draft.isFileIO);
  const [showCompile, setShowCompile] = useState(true);
  const isOi = type === "1";
  const subtask = caseMode === JudgeCaseMode.SUBTASK_LOWEST || caseMode === JudgeCaseMode.SUBTASK_AVERAGE;
  const show = (visible: boolean) => (hydrated && !visible ? "hidden" : "");
  const errorList = Object.entries(errors);
  const examples = draft.examples.length ? draft.examples : [{ input: "", output: "" }];
  const samples = draft.samples.length ? draft.samples : [{ input: "", output: "", score: "", groupNum: "" }];
  const selectedTags = new Set(draft.tagIds);

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" noValidate data-problem-form>
      {/* Enter in a text field saves (the first submit button of a form is its default). */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
        {t("form.save")}
      </button>

      {errorList.length > 0 ? (
        <Notice kind="error">
          <p className="font-medium">{t("form.fixErrors")}</p>
          <ul className="list-inside list-disc">
            {errorList.map(([k, v]) => (
              <li key={k}>{v}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {notice ? <Notice kind="success">{t(notice)}</Notice> : null}
      {extra}

      {compileError !== null ? (
        hydrated ? (
          <Dialog open={showCompile} onClose={() => setShowCompile(false)} className="relative z-50">
            <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
            <div className="fixed inset-0 flex items-start justify-center p-4 pt-16">
              <DialogPanel className="w-full max-w-2xl rounded border border-red-300 bg-white p-4 shadow-xl" data-testid="compile-error">
                <DialogTitle className="mb-2 text-base font-semibold text-red-700">{t("form.compileErrorTitle")}</DialogTitle>
                <pre className="max-h-80 overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-2 text-xs">{compileError || t("form.compileErrorEmpty")}</pre>
                <div className="mt-3 text-right">
                  <button type="button" className={buttonClass} onClick={() => setShowCompile(false)}>
                    {t("form.close")}
                  </button>
                </div>
              </DialogPanel>
            </div>
          </Dialog>
        ) : (
          <section className="rounded border border-red-300 bg-white p-4" role="alert" aria-labelledby="compile-error-title" data-testid="compile-error">
            <h2 id="compile-error-title" className="mb-2 text-base font-semibold text-red-700">
              {t("form.compileErrorTitle")}
            </h2>
            <pre className="max-h-80 overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-2 text-xs">{compileError || t("form.compileErrorEmpty")}</pre>
          </section>
        )
      ) : null}

      <Section title={t("form.basic")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t("form.problemId")} htmlFor="problemId" error={errors.problemId} hint={t("form.problemIdHint")}>
            <input id="problemId" name="problemId" className={inputClass} defaultValue={draft.problemId} required />
          </Field>
          <Field label={t("form.title")} htmlFor="title" error={errors.title}>
            <input id="title" name="title" className={inputClass} defaultValue={draft.title} required />
          </Field>
          {mode === "edit" && author ? (
            <Field label={t("form.author")}>
              <p className="text-sm">{author}</p>
            </Field>
          ) : null}
          <Field label={t("form.source")} htmlFor="source" error={errors.source}>
            <input id="source" name="source" className={inputClass} defaultValue={draft.source} />
          </Field>
          {fixed ? (
            <Field label={t("form.type")} error={errors.type}>
              <p className="text-sm" data-testid="fixed-type">
                {t(`type.${fixed.type}`)}
              </p>
              <input type="hidden" name="type" value={fixed.type} />
            </Field>
          ) : (
            <Field label={t("form.type")} htmlFor="type" error={errors.type}>
              <select id="type" name="type" className={inputClass} defaultValue={draft.type} onChange={(e) => setType(e.target.value)}>
                <option value="0">{t("type.0")}</option>
                <option value="1">{t("type.1")}</option>
              </select>
            </Field>
          )}
          <Field label={t("form.difficulty")} htmlFor="difficulty" error={errors.difficulty}>
            <select id="difficulty" name="difficulty" className={inputClass} defaultValue={draft.difficulty}>
              {["0", "1", "2"].map((d) => (
                <option key={d} value={d}>
                  {t(`difficulty.${d}`)}
                </option>
              ))}
            </select>
          </Field>
          {fixed ? (
            <Field label={t("form.auth")} error={errors.auth}>
              <p className="text-sm" data-testid="fixed-auth">
                {t(`auth.${fixed.auth}`)}
              </p>
              <input type="hidden" name="auth" value={fixed.auth} />
            </Field>
          ) : (
            <Field label={t("form.auth")} htmlFor="auth" error={errors.auth}>
              <select id="auth" name="auth" className={inputClass} defaultValue={draft.auth}>
                {auths.map((a) => (
                  <option key={a} value={a}>
                    {t(`auth.${a}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
      </Section>

      <Section title={t("form.statement")}>
        <p className="text-xs text-gray-600">{t("form.markdownHint")}</p>
        <Field label={t("form.description")} htmlFor="description" error={errors.description}>
          <textarea id="description" name="description" rows={8} className={textareaClass} defaultValue={draft.description} />
        </Field>
        <Field label={t("form.input")} htmlFor="input" error={errors.input}>
          <textarea id="input" name="input" rows={4} className={textareaClass} defaultValue={draft.input} required />
        </Field>
        <Field label={t("form.output")} htmlFor="output" error={errors.output}>
          <textarea id="output" name="output" rows={4} className={textareaClass} defaultValue={draft.output} required />
        </Field>
        <Field label={t("form.hint")} htmlFor="hint" error={errors.hint}>
          <textarea id="hint" name="hint" rows={4} className={textareaClass} defaultValue={draft.hint} />
        </Field>
      </Section>

      <Section title={t("form.examples")}>
        <p className="text-xs text-gray-600">{t("form.examplesHint", { count: EXAMPLES_RECOMMENDED_MAX })}</p>
        {examples.length > EXAMPLES_RECOMMENDED_MAX ? <Notice kind="warning">{t("form.examplesTooMany", { count: EXAMPLES_RECOMMENDED_MAX })}</Notice> : null}
        <FieldError message={errors.examples} />
        {examples.map((e, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <div>
              <label className="text-xs text-gray-600" htmlFor={`examples-${i}-input`}>
                {t("form.exampleInput", { n: i + 1 })}
              </label>
              <textarea id={`examples-${i}-input`} name={`examples.${i}.input`} rows={3} className={textareaClass} defaultValue={e.input} />
            </div>
            <div>
              <label className="text-xs text-gray-600" htmlFor={`examples-${i}-output`}>
                {t("form.exampleOutput", { n: i + 1 })}
              </label>
              <textarea id={`examples-${i}-output`} name={`examples.${i}.output`} rows={3} className={textareaClass} defaultValue={e.output} />
            </div>
            <div className="pt-5">
              <RemoveButton intent={`remove-example-${i}`} label={t("form.remove")} />
            </div>
          </div>
        ))}
        <AddButton intent="add-example" label={t("form.addExample")} />
      </Section>

      <Section title={t("form.limits")}>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t("form.timeLimit")} htmlFor="timeLimit" error={errors.timeLimit}>
            <input id="timeLimit" name="timeLimit" className={inputClass} defaultValue={draft.timeLimit} inputMode="numeric" />
          </Field>
          <Field label={t("form.memoryLimit")} htmlFor="memoryLimit" error={errors.memoryLimit}>
            <input id="memoryLimit" name="memoryLimit" className={inputClass} defaultValue={draft.memoryLimit} inputMode="numeric" />
          </Field>
          <Field label={t("form.stackLimit")} htmlFor="stackLimit" error={errors.stackLimit}>
            <input id="stackLimit" name="stackLimit" className={inputClass} defaultValue={draft.stackLimit} inputMode="numeric" />
          </Field>
        </div>
      </Section>

      <Section title={t("form.tags")}>
        {tags.length > 0 ? (
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-gray-700">{t("form.pickTags")}</legend>
            <div className="flex flex-wrap gap-3">
              {tags.map((tag) => (
                <label key={tag.id} className="inline-flex items-center gap-1 text-sm">
                  <input type="checkbox" name="tagIds" value={String(tag.id)} defaultChecked={selectedTags.has(String(tag.id))} />
                  <span className="rounded px-1.5" style={chipStyle(tag.color)}>
                    {tag.name}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <p className="text-sm text-gray-600">{t("form.noTags")}</p>
        )}
        <FieldError message={errors.tagIds ?? Object.entries(errors).find(([k]) => k.startsWith("tagIds."))?.[1]} />
        <Field label={t("form.newTags")} htmlFor="newTags" hint={t("form.newTagsHint")} error={errors.newTags ?? Object.entries(errors).find(([k]) => k.startsWith("newTags."))?.[1]}>
          <input id="newTags" name="newTags" className={inputClass} defaultValue={draft.newTags} />
        </Field>
      </Section>

      <Section title={t("form.languages")}>
        <fieldset>
          <legend className="sr-only">{t("form.languages")}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {LANGUAGES.map((l) => (
              <Checkbox key={l.name} name="languages" value={l.name} label={l.name} defaultChecked={draft.languages.includes(l.name)} />
            ))}
          </div>
        </fieldset>
        <FieldError message={errors.languages ?? Object.entries(errors).find(([k]) => k.startsWith("languages."))?.[1]} />
        <h3 className="pt-2 text-sm font-medium text-gray-700">{t("form.templates")}</h3>
        <p className="text-xs text-gray-600">{t("form.templatesHint")}</p>
        {draft.codeTemplates.map((tpl, i) => (
          <div key={i} className="space-y-1 rounded border border-gray-100 p-2" data-template-row={i}>
            <div className="flex flex-wrap items-center gap-3">
              <select name={`codeTemplates.${i}.language`} defaultValue={tpl.language} className={sized("w-56")} aria-label={t("form.templateLanguage")}>
                {LANGUAGES.map((l) => (
                  <option key={l.name} value={l.name}>
                    {l.name}
                  </option>
                ))}
              </select>
              <Checkbox name={`codeTemplates.${i}.status`} label={t("form.templateEnabled")} defaultChecked={tpl.status} />
              <RemoveButton intent={`remove-template-${i}`} label={t("form.remove")} />
            </div>
            <FieldError message={errors[`codeTemplates.${i}.language`]} />
            <textarea name={`codeTemplates.${i}.code`} rows={6} className={textareaClass} defaultValue={tpl.code} aria-label={t("form.templateCode")} />
            <FieldError message={errors[`codeTemplates.${i}.code`]} />
          </div>
        ))}
        <AddButton intent="add-template" label={t("form.addTemplate")} />
      </Section>

      <Section title={t("form.judge")}>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-700">{t("form.judgeMode")}</legend>
          <div className="flex flex-wrap gap-4">
            {Object.values(JudgeMode).map((m) => (
              <label key={m} className="inline-flex items-center gap-1 text-sm">
                <input type="radio" name="judgeMode" value={m} defaultChecked={draft.judgeMode === m} onChange={() => setJudgeMode(m)} />
                {t(`judgeMode.${m}`)}
              </label>
            ))}
          </div>
          <FieldError message={errors.judgeMode} />
        </fieldset>
        <div className={`space-y-2 ${show(judgeMode !== JudgeMode.DEFAULT)}`} data-testid="checker">
          <Notice kind="warning">{t("form.judgeModeWarning")}</Notice>
          <Field label={t("form.spjLanguage")} htmlFor="spjLanguage" error={errors.spjLanguage}>
            <select id="spjLanguage" name="spjLanguage" className={sized("w-40")} defaultValue={draft.spjLanguage}>
              {SPJ_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("form.spjProtocol")} htmlFor="spjProtocol" error={errors.spjProtocol} hint={t("form.spjProtocolHint")}>
            <select id="spjProtocol" name="spjProtocol" className={sized("w-72")} defaultValue={draft.spjProtocol}>
              {SPJ_PROTOCOLS.map((p) => (
                <option key={p} value={p}>
                  {t(`spjProtocols.${p}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={judgeMode === JudgeMode.INTERACTIVE ? t("form.interactorCode") : t("form.spjCode")} htmlFor="spjCode" error={errors.spjCode} hint={t("form.spjCodeHint")}>
            <textarea id="spjCode" name="spjCode" rows={12} className={textareaClass} defaultValue={draft.spjCode} spellCheck={false} />
          </Field>
        </div>
        <Field label={t("form.caseMode")} htmlFor="judgeCaseMode" error={errors.judgeCaseMode} hint={t("form.caseModeHint")}>
          <select id="judgeCaseMode" name="judgeCaseMode" className={sized("w-72")} defaultValue={draft.judgeCaseMode} onChange={(e) => setCaseMode(e.target.value)}>
            {Object.values(JudgeCaseMode).map((m) => (
              <option key={m} value={m} disabled={hydrated && ((m === JudgeCaseMode.SUBTASK_AVERAGE && !isOi) || (m === JudgeCaseMode.ERGODIC_WITHOUT_ERROR && isOi))}>
                {t(`caseMode.${m}`)}
              </option>
            ))}
          </select>
        </Field>
      </Section>

      <Section title={t("form.testData")} id="test-data">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-700">{t("form.caseSource")}</legend>
          <div className="flex flex-wrap gap-4">
            <label className="inline-flex items-center gap-1 text-sm">
              <input type="radio" name="caseSource" value="manual" defaultChecked={!draft.isUploadCase} onChange={() => setSource("manual")} />
              {t("form.caseManual")}
            </label>
            <label className="inline-flex items-center gap-1 text-sm">
              <input type="radio" name="caseSource" value="upload" defaultChecked={draft.isUploadCase} onChange={() => setSource("upload")} />
              {t("form.caseUpload")}
            </label>
          </div>
        </fieldset>
        <p className="text-xs text-gray-600">{isOi ? t("form.scoreHintOi") : t("form.scoreHintAcm")}</p>

        <div className={`space-y-2 ${show(source === "manual")}`} data-testid="manual-cases">
          <h3 className="text-sm font-medium text-gray-700">{t("form.manualCases")}</h3>
          <FieldError message={errors.samples} />
          <CaseTable cases={samples} errors={errors} showScore={!hydrated || isOi} showGroup={!hydrated || subtask} uploaded={false} />
          <AddButton intent="add-sample" label={t("form.addSample")} />
        </div>

        <div className={`space-y-2 ${show(source === "upload")}`} data-testid="upload-cases">
          <h3 className="text-sm font-medium text-gray-700">{t("form.uploadCases")}</h3>
          <p className="text-xs text-gray-600">{t("form.zipHint")}</p>
          <div className="flex flex-wrap items-center gap-2">
            <input type="file" name="testcaseZip" accept=".zip,application/zip" className="text-sm" aria-label={t("form.zipFile")} />
            <button type="submit" name="intent" value="upload" className={buttonClass} formNoValidate>
              {t("form.uploadZip")}
            </button>
          </div>
          <FieldError message={errors.testcaseZip} />
          <input type="hidden" name="uploadTestcaseDir" value={draft.uploadTestcaseDir} />
          <input type="hidden" name="uploadNotes" value={draft.uploadNotes ? JSON.stringify(draft.uploadNotes) : ""} />
          {draft.uploadTestcaseDir ? <p className="text-xs text-green-700">{t("form.uploadPending")}</p> : null}
          {draft.uploadNotes && (draft.uploadNotes.unpaired.length > 0 || draft.uploadNotes.ignored.length > 0 || draft.uploadNotes.renamed.length > 0) ? (
            <Notice kind="warning">
              {draft.uploadNotes.unpaired.length > 0 ? <p>{t("form.unpaired", { names: draft.uploadNotes.unpaired.join(", ") })}</p> : null}
              {draft.uploadNotes.ignored.length > 0 ? <p>{t("form.ignored", { names: draft.uploadNotes.ignored.join(", ") })}</p> : null}
              {draft.uploadNotes.renamed.length > 0 ? <p>{t("form.renamed", { names: draft.uploadNotes.renamed.map((r) => `${r.from} → ${r.to}`).join(", ") })}</p> : null}
            </Notice>
          ) : null}
          <FieldError message={errors.cases} />
          {draft.cases.length > 0 ? (
            <>
              <p className="text-sm">{t("form.casesFound", { count: draft.cases.length })}</p>
              <CaseTable cases={draft.cases} errors={errors} showScore={!hydrated || isOi} showGroup={!hydrated || subtask} uploaded />
              <button type="submit" name="intent" value="distribute-scores" className={buttonClass} formNoValidate>
                {t("form.distributeScores")}
              </button>
            </>
          ) : (
            <p className="text-sm text-gray-600">{t("form.noCases")}</p>
          )}
        </div>
      </Section>

      <Section title={t("form.extraFiles")}>
        <p className="text-xs text-gray-600">{t("form.extraFilesHint")}</p>
        <ExtraFiles prefix="userExtraFile" files={draft.userExtraFile} errors={errors} intent="userfile" title={t("form.userExtraFile")} />
        <ExtraFiles prefix="judgeExtraFile" files={draft.judgeExtraFile} errors={errors} intent="judgefile" title={t("form.judgeExtraFile")} />
      </Section>

      <Section title={t("form.fileIO")}>
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" name="isFileIO" defaultChecked={draft.isFileIO} onChange={(e) => setFileIO(e.target.checked)} className="h-4 w-4" />
          {t("form.isFileIO")}
        </label>
        <div className={`grid gap-3 sm:grid-cols-2 ${show(fileIO)}`}>
          <Field label={t("form.ioReadFileName")} htmlFor="ioReadFileName" error={errors.ioReadFileName}>
            <input id="ioReadFileName" name="ioReadFileName" className={inputClass} defaultValue={draft.ioReadFileName} placeholder="data.in" />
          </Field>
          <Field label={t("form.ioWriteFileName")} htmlFor="ioWriteFileName" error={errors.ioWriteFileName}>
            <input id="ioWriteFileName" name="ioWriteFileName" className={inputClass} defaultValue={draft.ioWriteFileName} placeholder="data.out" />
          </Field>
        </div>
      </Section>

      <Section title={t("form.switches")}>
        <div className="flex flex-wrap gap-6">
          <Checkbox name="codeShare" label={t("form.codeShare")} defaultChecked={draft.codeShare} />
          <Checkbox name="isRemoveEndBlank" label={t("form.isRemoveEndBlank")} defaultChecked={draft.isRemoveEndBlank} />
          <Checkbox name="openCaseResult" label={t("form.openCaseResult")} defaultChecked={draft.openCaseResult} />
        </div>
      </Section>

      <div className="sticky bottom-0 flex items-center gap-3 border-t border-gray-200 bg-white/90 py-3 backdrop-blur">
        <button type="submit" name="intent" value="save" className={primaryButtonClass} disabled={busy} data-testid="save-problem">
          {busy ? t("form.saving") : mode === "create" ? t("form.create") : t("form.save")}
        </button>
        {judgeMode !== JudgeMode.DEFAULT ? <span className="text-xs text-gray-600">{t("form.compileOnSave")}</span> : null}
      </div>
    </Form>
  );
}
