// Reading a cookie the product set, from whatever a browser sends: the Cookie
// header is the visitor's to write, so a value that is not valid percent-encoding
// (`%`, `%E0%A4%A`, `%ZZ`) is kept as written rather than thrown on. The one way
// the product reads a cookie of its own on the server.
import { parse } from "cookie";

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return header ? parse(header)[name] : undefined;
}
