import { Counter } from "~/models/counter.server";

// Newest-first pages of a collection whose numeric _ids come from a counter (submissions), for a
// store that cannot sort by _id with an index: FerretDB 1.24 on SQLite sorts every matching
// document in memory, which takes minutes for a status list of 200,000 submissions. The page is
// found instead by reading windows of consecutive ids (`_id: {$in: [...]}`, looked up in the _id
// index) from the newest id down, until it is full. MongoDB answers the plain sorted query from its
// indexes and does not need this.

/** Most ids asked for at once (the store's pushdown of $in stops at 1,000). */
const MAX_WINDOW = 1000;
const MIN_WINDOW = 32;
/** Ids above the counter looked at too, for documents written with an id of their own. */
const ABOVE_COUNTER = 256;

/** Ids from hi down to lo. */
export function idRange(hi: number, lo: number): number[] {
  const ids: number[] = [];
  for (let id = hi; id >= lo; id--) ids.push(id);
  return ids;
}

/**
 * The documents at positions skip .. skip+limit-1 counted from the newest, and whether more follow.
 * `read` returns the documents among the given ids that the list shows (in any order). Windows grow
 * as matches turn out to be sparse.
 */
export async function newestByIdWindows<T extends { _id: number }>(
  counter: string,
  read: (ids: number[]) => Promise<T[]>,
  opts: { skip: number; limit: number },
): Promise<{ docs: T[]; more: boolean }> {
  const wanted = opts.skip + opts.limit + 1;
  const found: T[] = [];
  let hi = (await Counter.findById(counter).select("seq").lean<{ seq: number }>())?.seq ?? 0;
  // Documents written past the counter with ids of their own (imports, fixtures) are listed too.
  for (;;) {
    const above = await read(idRange(hi + ABOVE_COUNTER, hi + 1));
    if (above.length === 0) break;
    hi = Math.max(...above.map((d) => d._id));
  }
  let window = Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, 2 * wanted));
  let seen = 0;
  while (hi >= 1 && found.length < wanted) {
    const lo = Math.max(1, hi - window + 1);
    const docs = await read(idRange(hi, lo));
    docs.sort((a, b) => b._id - a._id);
    found.push(...docs);
    seen += hi - lo + 1;
    hi = lo - 1;
    // The share of ids that matched so far tells how many more to read for the rest.
    const density = Math.max(found.length, 1) / seen;
    window = Math.min(MAX_WINDOW, Math.max(MIN_WINDOW, Math.ceil((wanted - found.length) / density)));
  }
  return { docs: found.slice(opts.skip, opts.skip + opts.limit), more: found.length > opts.skip + opts.limit };
}
