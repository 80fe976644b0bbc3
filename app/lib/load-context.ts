import type { Logger } from "pino";

// What server.ts hands every loader and action (see getLoadContext there).
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** CSP nonce for this response's inline scripts. */
    nonce: string;
    requestId: string;
    log: Logger;
    /** Client IP as Express resolved it (trust proxy aware). */
    ip: string;
  }
}

export {};
