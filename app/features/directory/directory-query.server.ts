import { z } from "~/lib/zod";
import { searchParamsObject } from "~/lib/list-query";
import { optionalText, pageParam } from "~/lib/list-query.server";

export const directoryQuerySchema = z.object({
  search: optionalText(100),
  location: optionalText(80),
  category: z.enum(["food", "other"]).optional().catch(undefined),
  page: pageParam,
});

export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

export function parseDirectoryQuery(params: URLSearchParams): DirectoryQuery {
  return directoryQuerySchema.parse(searchParamsObject(params));
}
