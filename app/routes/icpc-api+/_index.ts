import { icpcRoute } from "~/http/icpc.server";
import { apiInformation } from "~/services/icpc/endpoints.server";

// GET /icpc-api: the ICPC Contest API's version and provider.
export const loader = icpcRoute(() => apiInformation());
