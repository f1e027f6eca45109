import { useMatches } from "react-router";

/** What a route may say about the site's frame around it, in its `handle`. */
export interface PageHandle {
  /** False where "Show businesses near you?" has nothing to offer: the back office. */
  locationPrompt?: false;
}

/** Whether the page may show the location prompt: no route on the way to it said not. */
export function useLocationPromptWanted() {
  return !useMatches().some((match) => (match.handle as PageHandle | undefined)?.locationPrompt === false);
}
