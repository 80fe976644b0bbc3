import { createContext, useContext } from "react";

// The X-Request-Id of the document response, so an error page can show it for support. The server
// knows it from the load context; the browser reads it back from the meta tag the layout writes.
export const REQUEST_ID_META = "oj-request-id";

const RequestIdContext = createContext<string>("");
/** Server side: the id of the response being rendered. */
export const RequestIdProvider = RequestIdContext.Provider;

export function useRequestId(): string {
  return useContext(RequestIdContext) || documentRequestId();
}

/** In the browser: the id the server wrote into the page. */
function documentRequestId(): string {
  if (typeof document === "undefined") return "";
  return document.querySelector<HTMLMetaElement>(`meta[name="${REQUEST_ID_META}"]`)?.content ?? "";
}
