// Numeric ids in addresses and inputs (problems, submissions, tags…) are whole numbers from 1.
// Anything else is answered before a service sees it: a path id that is not one names no page
// (404), a query or body id that is not one makes a bad request (400). Pages show the error page
// of that status; /ojapi calls answer HOJ's envelope with it (apiRoute turns the thrown Response
// into one).

function wholeId(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 ? id : null;
}

/** The id in a route's path (`params.problemId`); 404 when it is not one. */
export function pathId(raw: string | undefined): number {
  const id = wholeId(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

/** An id from the query or the body; 400 when it is missing or not one. */
export function inputId(raw: unknown): number {
  const id = wholeId(raw);
  if (id === null) throw new Response("Bad Request", { status: 400 });
  return id;
}
