// Every URL pattern, and every one that takes a POST, from the route config itself: each
// route's module is read (not run) for an exported `action`, so a new form is
// tested without anyone remembering to list it.
import fs from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import ts from "typescript";
import routes from "../../app/routes";

function exportsAction(file: string): boolean {
  const text = fs.readFileSync(new URL(`../../app/${file}`, import.meta.url), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  return source.statements.some((statement) => {
    // export { handle as action }
    if (ts.isExportDeclaration(statement)) {
      const names = statement.exportClause;
      return Boolean(names && ts.isNamedExports(names) && names.elements.some((e) => e.name.text === "action"));
    }
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) return false;
    // export function action, export const action
    if (ts.isFunctionDeclaration(statement)) return statement.name?.text === "action";
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === "action");
    }
    return false;
  });
}

function flatten(entries: RouteConfigEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}` : parent || "/";
    return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
  });
}

/** Every URL pattern of the app, such as "/buy/:slug". */
export const routePatterns = [...new Set(flatten(routes as RouteConfigEntry[]).map(({ pattern }) => pattern))];

/** URL patterns whose module exports an action, such as "/buy/:slug". */
export const postPatterns = [
  ...new Set(
    flatten(routes as RouteConfigEntry[])
      .filter(({ file }) => exportsAction(file))
      .map(({ pattern }) => pattern),
  ),
];

/**
 * The addresses to post to: each `:param` or `*` of a pattern filled with the
 * values given for the pattern up to it (e.g. "/buy/:slug"). A parameter with
 * no values is an error, so a new one is not skipped unnoticed.
 */
export function fillPattern(pattern: string, values: Record<string, string[]>): string[] {
  let paths = [""];
  const segments = pattern.split("/").slice(1);
  segments.forEach((segment, i) => {
    let options = [segment];
    if (segment.startsWith(":") || segment === "*") {
      const key = `/${segments.slice(0, i + 1).join("/")}`;
      const given = values[key];
      if (!given?.length) throw new Error(`No value to fill ${key} with: add one to the test`);
      options = given;
    }
    paths = paths.flatMap((path) => options.map((option) => `${path}/${option}`));
  });
  return paths.map((path) => path || "/");
}
