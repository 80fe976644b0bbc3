import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector } from "undici";
import { env } from "../platform/env.server";

// Where the AI helper may send its requests. The base URL is typed by an admin and the server
// posts to it with the key, so without AI_ALLOW_PRIVATE_ENDPOINTS only public unicast addresses
// are allowed: checked when the admin saves the address, and again on every connection, against
// the very addresses the socket then connects to. A name that resolved to a public address when
// it was saved and to a private one later is refused all the same, and no second lookup happens
// between the check and the connection.

const bare = (host: string) => (host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host);

/** A public unicast address (IPv4, IPv6, or IPv4 inside IPv6). */
export function isPublicAddress(address: string): boolean {
  const text = bare(address);
  if (!ipaddr.isValid(text)) return false;
  let ip = ipaddr.parse(text);
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    // NAT64 (64:ff9b::/96): the IPv4 address is the last 32 bits, and it decides.
    else if (v6.range() === "rfc6052" && v6.match(ipaddr.parse("64:ff9b::") as ipaddr.IPv6, 96)) ip = ipaddr.fromByteArray(v6.toByteArray().slice(12));
  }
  return ip.range() === "unicast";
}

/** Why the server does not connect to an address (the cause of the failed request). */
export class EndpointAddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host === address ? `AI endpoint ${host}` : `AI endpoint ${host} resolves to ${address}, which`} is not a public address (AI_ALLOW_PRIVATE_ENDPOINTS=1 allows it)`);
    this.name = "EndpointAddressRefused";
  }
}

const allowed = (address: string) => env.ai.allowPrivateEndpoints || isPublicAddress(address);

/** The system's lookup, answering an error when any of the addresses is not allowed. */
const guardedLookup = ((hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
    const refused = addresses.find((a) => !allowed(a.address));
    if (refused) return callback(new EndpointAddressRefused(hostname, refused.address), "");
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}) as LookupFunction;

const connectVia = buildConnector({ lookup: guardedLookup });

/**
 * The connections of the AI endpoint's requests. Names go through the guarded lookup; an address
 * written in the URL is never looked up, so it is checked here.
 */
export const endpointDispatcher = new Agent({
  connect(options, callback) {
    const host = bare(options.hostname);
    if (isIP(host) && !allowed(host)) return callback(new EndpointAddressRefused(host, host), null);
    return connectVia(options, callback);
  },
});

/** The refusal of an endpoint's request, when its cause was the address check. */
export function addressRefusalOf(err: unknown): EndpointAddressRefused | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof EndpointAddressRefused) return e;
  }
  return null;
}

/**
 * Why an admin may not save this base URL (a translation key), or null. A name must resolve, and
 * to public addresses only.
 */
export async function endpointUrlRefusal(baseUrl: string): Promise<{ key: string; params: Record<string, string> } | null> {
  if (!baseUrl || env.ai.allowPrivateEndpoints) return null;
  let host: string;
  try {
    host = bare(new URL(baseUrl).hostname);
  } catch {
    return { key: "ai:admin.errors.urlInvalid", params: {} };
  }
  if (isIP(host)) return isPublicAddress(host) ? null : { key: "ai:admin.errors.urlPrivate", params: { host } };
  let addresses: LookupAddress[];
  try {
    addresses = await new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true }, (err, a) => (err ? reject(err) : resolve(a))));
  } catch {
    return { key: "ai:admin.errors.urlUnresolved", params: { host } };
  }
  if (!addresses.length) return { key: "ai:admin.errors.urlUnresolved", params: { host } };
  return addresses.every((a) => isPublicAddress(a.address)) ? null : { key: "ai:admin.errors.urlPrivate", params: { host } };
}
