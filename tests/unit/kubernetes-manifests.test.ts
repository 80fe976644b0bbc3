import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";

// The Kubernetes manifests under deploy/kubernetes, checked without a cluster: every object against
// the Kubernetes API schemas (kubernetes-models), then what the schemas cannot see: selectors that
// match, probes on the health endpoints, the autoscaler's target, documented variables.

const DIR = path.resolve("deploy/kubernetes");

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
}

interface Container {
  name: string;
  image: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string }>;
  securityContext?: { privileged?: boolean };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
}
interface Probe {
  httpGet?: { path: string; port: number | string };
  exec?: { command: string[] };
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { containers: Container[]; restartPolicy?: string };
}

const kustomization = parseAllDocuments(readFileSync(path.join(DIR, "kustomization.yaml"), "utf8"))[0].toJS() as { resources: string[]; images: Array<{ name: string }> };
const files = readdirSync(DIR).filter((f) => f.endsWith(".yaml") && f !== "kustomization.yaml");
const objects: Array<{ file: string; obj: K8sObject }> = files.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(DIR, file), "utf8")).map((doc) => {
    expect(doc.errors, file).toEqual([]);
    return { file, obj: doc.toJS() as K8sObject };
  }),
);

/** Validates an object against its API schema; the error's text when it does not conform. */
async function schemaErrors(obj: K8sObject): Promise<string | null> {
  // kubernetes-models/<apiVersion> ("v1", "apps/v1", "networking.k8s.io/v1") exports a class per kind.
  const models = (await import(`kubernetes-models/${obj.apiVersion}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = models[obj.kind];
  if (!Model) return `no model for ${obj.apiVersion} ${obj.kind}`;
  try {
    new Model(obj).validate();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

const workloads = objects.filter(({ obj }) => ["Deployment", "StatefulSet"].includes(obj.kind));
const template = (obj: K8sObject) => (obj.spec as { template: PodTemplate }).template;
const named = (kind: string, name: string) => objects.find(({ obj }) => obj.kind === kind && obj.metadata.name === name)?.obj;

describe("Kubernetes manifests", () => {
  it("are all listed in the kustomization, and it lists nothing else", () => {
    expect([...kustomization.resources].sort()).toEqual([...files].sort());
  });

  it("conform to the Kubernetes API schemas", async () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const { file, obj } of objects) expect(await schemaErrors(obj), `${file}: ${obj.kind} ${obj.metadata?.name}`).toBeNull();
  });

  it("would be refused when they do not (the check is not empty)", async () => {
    const web = structuredClone(named("Deployment", "web")!);
    (template(web).spec.containers[0].ports as unknown as Array<{ containerPort: string }>)[0].containerPort = "http";
    expect(await schemaErrors(web)).toMatch(/containerPort must be integer/);
    const hpa = structuredClone(named("HorizontalPodAutoscaler", "judge")!);
    delete (hpa.spec as Record<string, unknown>).maxReplicas;
    expect(await schemaErrors(hpa)).toMatch(/maxReplicas/);
  });

  it("select the pods they mean, and restart what dies", () => {
    for (const { obj } of workloads) {
      const selector = (obj.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
      expect(template(obj).metadata.labels, obj.metadata.name).toMatchObject(selector);
      expect(template(obj).spec.restartPolicy ?? "Always", obj.metadata.name).toBe("Always");
    }
    for (const { obj } of objects.filter((o) => o.obj.kind === "Service" || o.obj.kind === "PodDisruptionBudget")) {
      const spec = obj.spec as { selector: Record<string, string> & { matchLabels?: Record<string, string> } };
      const wanted = spec.selector.matchLabels ?? spec.selector;
      const targets = workloads.filter(({ obj: w }) => Object.entries(wanted).every(([k, v]) => template(w).metadata.labels[k] === v));
      expect(targets.length, `${obj.kind} ${obj.metadata.name}`).toBe(1);
    }
  });

  it("probe the web server and the judges on /healthz (alive) and /readyz (ready), on ports they open", () => {
    for (const name of ["web", "judge"]) {
      const container = template(named("Deployment", name)!).spec.containers.find((c) => c.name === name)!;
      expect(container.livenessProbe?.httpGet?.path, name).toBe("/healthz");
      expect(container.readinessProbe?.httpGet?.path, name).toBe("/readyz");
      for (const probe of [container.livenessProbe, container.readinessProbe, container.startupProbe]) {
        if (!probe?.httpGet) continue;
        expect(container.ports?.map((p) => p.name), name).toContain(probe.httpGet.port);
      }
    }
    const judgeEnv = template(named("Deployment", "judge")!).spec.containers.find((c) => c.name === "judge")!.env!;
    expect(judgeEnv.find((e) => e.name === "JUDGE_HTTP_PORT")).toMatchObject({ value: "8081" });
    const sandbox = template(named("Deployment", "judge")!).spec.containers.find((c) => c.name === "sandbox")!;
    expect(sandbox.securityContext?.privileged).toBe(true);
    expect(sandbox.livenessProbe?.exec?.command.join(" ")).toContain("/version");
  });

  it("scale the judges on the queue length, and use the images the kustomization names", () => {
    const hpa = named("HorizontalPodAutoscaler", "judge")!.spec as {
      scaleTargetRef: { kind: string; name: string };
      metrics: Array<{ type: string; external?: { metric: { name: string } } }>;
    };
    expect(named(hpa.scaleTargetRef.kind, hpa.scaleTargetRef.name)).toBeDefined();
    expect(hpa.metrics.map((m) => m.external?.metric.name)).toEqual(["oj_judge_queue_length"]);
    const images = workloads.flatMap(({ obj }) => template(obj).spec.containers.map((c) => c.image)).filter((i) => i.startsWith("online-judge/"));
    expect([...new Set(images)].sort()).toEqual(kustomization.images.map((i) => i.name).sort());
  });

  it("set only variables the READMEs document", () => {
    const docs = readFileSync("README.md", "utf8") + readFileSync("judge-service/README.md", "utf8");
    const names = new Set<string>();
    for (const { obj } of workloads) for (const c of template(obj).spec.containers) for (const e of c.env ?? []) names.add(e.name);
    for (const { obj } of objects.filter((o) => o.obj.kind === "ConfigMap" || o.obj.kind === "Secret")) {
      for (const k of Object.keys((obj.data ?? obj.stringData ?? {}) as Record<string, string>)) names.add(k);
    }
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) expect(docs.includes(`\`${name}\``), name).toBe(true);
  });
});
