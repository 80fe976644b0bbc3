import { connectDb, serverIsFerretDb } from "./db.server";

// Which kind of store the site runs on, for the few places where FerretDB (1.24, SQLite) needs a
// different approach than MongoDB for the same result (see judge-apply.server.ts).

let ferretDb: Promise<boolean> | null = null;

/** Whether the store is FerretDB (it says so in buildInfo); asked once per process. */
export function isFerretDb(): Promise<boolean> {
  ferretDb ??= (async () => {
    try {
      await connectDb();
      return await serverIsFerretDb();
    } catch {
      ferretDb = null;
      return false;
    }
  })();
  return ferretDb;
}
