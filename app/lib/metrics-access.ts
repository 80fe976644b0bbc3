import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";

// Who may read /metrics, on the web server and on a judge: a client whose address is in
// METRICS_ALLOW (addresses and subnets, or "loopback"; default loopback only), or any client that
// sends `Authorization: Bearer <METRICS_TOKEN>` when a token is set. Server-only (node:net); the
// judge imports it too.

export const DEFAULT_METRICS_ALLOW = "loopback";

const LOOPBACK: ReadonlyArray<[string, number, "ipv4" | "ipv6"]> = [
  ["127.0.0.0", 8, "ipv4"],
  ["::1", 128, "ipv6"],
];

export interface MetricsAccess {
  /** Whether a request from `address` with this Authorization header may read the metrics. */
  allows(address: string | undefined, authorization: string | undefined): boolean;
}

/** "::ffff:127.0.0.1" (an IPv4 client of a dual-stack socket) is 127.0.0.1. */
function plainAddress(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : address;
}

/**
 * The rule from METRICS_ALLOW and METRICS_TOKEN. Entries are separated by commas or spaces:
 * "loopback", an address ("10.0.0.5", "fd00::1") or a subnet ("10.0.0.0/8"); "none" allows no
 * address (only the token). An entry that is none of these is reported through `onInvalid`.
 */
export function metricsAccess(allow: string | undefined, token: string | undefined, onInvalid?: (entry: string) => void): MetricsAccess {
  const list = new BlockList();
  const entries = (allow?.trim() ? allow : DEFAULT_METRICS_ALLOW).split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    if (entry === "none") continue;
    if (entry === "loopback") {
      for (const [net, prefix, type] of LOOPBACK) list.addSubnet(net, prefix, type);
      continue;
    }
    const [addr, bits] = entry.split("/");
    const family = isIP(addr);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      onInvalid?.(entry);
      continue;
    }
    list.addSubnet(addr, prefix, family === 6 ? "ipv6" : "ipv4");
  }
  const wanted = token ? Buffer.from(`Bearer ${token}`) : null;
  return {
    allows(address, authorization) {
      if (wanted && authorization) {
        const given = Buffer.from(authorization);
        if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
      }
      if (!address) return false;
      const plain = plainAddress(address);
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? "ipv6" : "ipv4");
    },
  };
}
