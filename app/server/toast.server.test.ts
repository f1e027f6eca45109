import { describe, expect, it } from "vitest";
import { createToastHeaders, getToast, redirectWithToast } from "./toast.server";

function cookieFrom(headers: Headers) {
  return headers.get("set-cookie")!.split(";")[0]!;
}

describe("flash toasts", () => {
  it("carries a toast across a redirect, once", async () => {
    const response = await redirectWithToast("/my-account", {
      type: "success",
      title: "Your profile has been updated",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/my-account");

    const next = new Request("http://localhost/my-account", { headers: { cookie: cookieFrom(response.headers) } });
    const { toast, headers } = await getToast(next);
    expect(toast).toMatchObject({ type: "success", title: "Your profile has been updated" });
    // Reading it clears it: the answer expires the cookie.
    expect(headers?.get("set-cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("ignores a cookie that was not signed by us", async () => {
    const headers = await createToastHeaders({ title: "Hello" });
    const forged = cookieFrom(headers).replace(/\.[^.]+$/, ".forged");
    const { toast } = await getToast(new Request("http://localhost/", { headers: { cookie: forged } }));
    expect(toast).toBeNull();
  });
});
