/**
 * Client addresses (issue 3 "Brute force"): the client IP of a request behind an optional trusted
 * proxy, and the IPv6 /64 prefix that per-IP rate limits (rate-limit.ts) and review signals
 * (server/reviews/signals.ts) count by.
 */
import { isIP } from "node:net";

/**
 * The eight groups of an IPv6 address, "::" expanded, each as typed ("2001:db8::1" → ["2001",
 * "db8", "0", "0", "0", "0", "0", "1"]); null when `ip` is not IPv6. Also the review signals'
 * networks (server/reviews/signals.ts).
 */
export function ipv6Groups(ip: string): string[] | null {
  if (isIP(ip) !== 6) return null;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  return ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
}

/** "2001:db8:1:2:3:4:5:6" → "2001:db8:1:2::/64"; anything that is not IPv6 is returned unchanged. */
export function ipv6Prefix64(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The client IP of a request: the socket address, or with trustProxy the last X-Forwarded-For hop.
 *
 * - `socketAddress`: the TCP peer address. Hono on @hono/node-server does not put it on the Web
 *   `Request`; read it with `getConnInfo(c).remote.address` (`@hono/node-server/conninfo`) in the
 *   handler and pass it here.
 * - `trustProxy` (config TRUST_PROXY): only then is X-Forwarded-For read, and only its last entry,
 *   the one our own proxy appended; earlier entries come from the client and can be forged. Without
 *   it a forged header changes nothing.
 *
 * IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) are given as IPv4. Returns "unknown" when there is
 * no usable address (then every such request shares one bucket, which errs on the side of limiting).
 */
export function clientIp(request: Request, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last && isIP(normaliseIp(last))) return normaliseIp(last);
  }
  return socketAddress ? normaliseIp(socketAddress) : "unknown";
}

/** An address as compared: IPv4-mapped IPv6 as IPv4, lowercased. */
function normaliseIp(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return (mapped?.[1] ?? address).toLowerCase();
}
