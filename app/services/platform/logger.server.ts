import pino from "pino";
import { env } from "./env.server";

export const logger = pino({
  level: env.logLevel,
  base: { svc: "web" },
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"], remove: true },
});

