import { describe, expect, it } from "vitest";
import { metricsAccess } from "~/lib/metrics-access";

// Who may read /metrics on the web server and the judges (METRICS_ALLOW, METRICS_TOKEN).

describe("metrics access", () => {
  it("allows loopback only by default", () => {
    const a = metricsAccess(undefined, undefined);
    for (const addr of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(a.allows(addr, undefined), addr).toBe(true);
    for (const addr of ["10.0.0.5", "192.168.1.2", "::ffff:10.0.0.5", "fd00::1", "", undefined, "not-an-address"]) expect(a.allows(addr, undefined), String(addr)).toBe(false);
    // A token is no key while none is configured.
    expect(a.allows("10.0.0.5", "Bearer ")).toBe(false);
  });

  it("takes addresses and subnets, and 'none' for the token alone", () => {
    const a = metricsAccess("10.0.0.0/8, 192.168.1.7 fd00::/8", undefined);
    expect(a.allows("10.42.3.4", undefined)).toBe(true);
    expect(a.allows("::ffff:10.42.3.4", undefined)).toBe(true);
    expect(a.allows("192.168.1.7", undefined)).toBe(true);
    expect(a.allows("192.168.1.8", undefined)).toBe(false);
    expect(a.allows("fd12::3", undefined)).toBe(true);
    // Loopback is no longer in the list.
    expect(a.allows("127.0.0.1", undefined)).toBe(false);
    const none = metricsAccess("none", "s3cret");
    expect(none.allows("127.0.0.1", undefined)).toBe(false);
    expect(none.allows("127.0.0.1", "Bearer s3cret")).toBe(true);
  });

  it("lets any address in with the exact bearer token", () => {
    const a = metricsAccess(undefined, "s3cret-token");
    expect(a.allows("203.0.113.9", "Bearer s3cret-token")).toBe(true);
    expect(a.allows("203.0.113.9", "Bearer s3cret-toke")).toBe(false);
    expect(a.allows("203.0.113.9", "Bearer s3cret-tokens")).toBe(false);
    expect(a.allows("203.0.113.9", "s3cret-token")).toBe(false);
    expect(a.allows("203.0.113.9", undefined)).toBe(false);
    expect(a.allows("127.0.0.1", undefined)).toBe(true);
  });

  it("reports entries it cannot read and ignores them", () => {
    const bad: string[] = [];
    const a = metricsAccess("10.0.0.0/33, example.org, 10.1.0.0/16, ::1/129", undefined, (e) => bad.push(e));
    expect(bad).toEqual(["10.0.0.0/33", "example.org", "::1/129"]);
    expect(a.allows("10.1.2.3", undefined)).toBe(true);
    expect(a.allows("10.2.0.1", undefined)).toBe(false);
  });
});
