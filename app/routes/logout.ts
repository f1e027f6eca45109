import { refererPath } from "~/lib/links";
import { auth } from "~/server/auth.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/logout";
import { redirectInside } from "~/server/redirects.server";

// Log out is a POST from the account menu's form; a GET changes nothing.
export const loader = () => redirectInside("/");

export async function action({ request }: Route.ActionArgs) {
  try {
    const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    return redirectWithToast(
      "/",
      { type: "success", title: "Logged out", description: "You have been successfully logged out." },
      { headers },
    );
  } catch (error) {
    logger.warn({ err: error }, "log out failed");
    return redirectWithToast(refererPath(request), {
      type: "error",
      title: "Error",
      description: "Failed to log out. Please try again.",
    });
  }
}
