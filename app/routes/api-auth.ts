import { auth } from "~/server/auth.server";
import type { Route } from "./+types/api-auth";

// Better Auth's own HTTP endpoints: the e-mailed verification and reset links
// land here (and later the browser's passkey and two-factor calls).
export const loader = ({ request }: Route.LoaderArgs) => auth().handler(request);
export const action = ({ request }: Route.ActionArgs) => auth().handler(request);
