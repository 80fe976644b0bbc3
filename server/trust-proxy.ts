// Which X-Forwarded-For entries Express believes (its "trust proxy" setting), from TRUST_PROXY.
// The client address decides per-address rate limits and the login puzzle count, so by default
// only a proxy on this host (loopback) is trusted: a client connecting straight to the port
// cannot pick its address with a header.
//
//   unset or ""         "loopback"
//   "0", "1", "2"...    that many proxy hops in front of the server
//   "true" / "false"    trust every hop / none
//   anything else       Express's list of addresses, subnets or names ("loopback, 10.0.0.0/8")

export const DEFAULT_TRUST_PROXY = "loopback";

export function trustProxySetting(raw: string | undefined): string | number | boolean {
  const value = (raw ?? "").trim();
  if (value === "") return DEFAULT_TRUST_PROXY;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === "true") return true;
  if (value === "false") return false;
  return value;
}
