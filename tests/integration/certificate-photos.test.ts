// Photos of a halal certificate (issue #47 point 3, decision 0094), through
// the routes: a member's photo is private until staff check it, kept without
// its EXIF; once shown, the business page has it with who checked it and when;
// a photo turned down is never shown; what is not a readable picture is refused.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/features/account/session.server";
import { decideCertificate } from "../../app/features/directory/certificates.server";
import { loader as certificateFileLoader } from "../../app/routes/admin/certificate-photo";
import { action as certificateAction } from "../../app/routes/directory-certificate";
import { action as ownerEditAction } from "../../app/routes/my-business-edit";
import { londonDay } from "../../app/lib/dates";
import { certificatePhoto, directoryBusiness, halalProposal, user } from "../../app/server/schema";
import { storage } from "../../app/server/storage.server";
import { getToast } from "../../app/server/toast.server";
import { callAction, signedInMember } from "../helpers/actions";
import { addBusiness, businessPageData } from "../helpers/directory-fixtures";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();
const db = () => app.database.db;
const staff = {
  id: "staff-certs",
  email: "certs-staff@example.com",
  role: "admin",
  fullName: "Bilal Ahmed",
} as SessionUser;
const slug = "certificate-kebab";
let businessId = 0;
let diner = { id: "", cookie: "" };

const certificate = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: "#f5f0e1" } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Diner Camera", Make: "PhoneCo" } })
    .toBuffer();

async function send(cookie: string, bytes: Buffer, name = "certificate.jpg") {
  const form = new FormData();
  form.set("photo", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
  const answer = await callAction(certificateAction, {
    path: `/halal-network-space/${slug}/certificate`,
    params: { slug },
    body: form,
    headers: { cookie },
  });
  const cookies = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const { toast } = await getToast(new Request("http://localhost/", { headers: { cookie: cookies } }));
  return { status: answer.status, toast: toast?.title ?? null, location: answer.headers.get("location") };
}

const page = () => businessPageData(slug);

beforeAll(async () => {
  businessId = await addBusiness(db(), "Certificate Kebab", { halalStatus: "fully_halal" }, []);
  diner = await signedInMember("cert-diner@example.com", { ip: "198.51.100.171", fullName: "Diner One" });
  await db()
    .insert(user)
    .values({ id: staff.id, email: staff.email, emailVerified: true, role: "admin", fullName: "Bilal Ahmed" });
});

describe("a certificate photo", () => {
  it("needs a member, and refuses what is not a readable picture", async () => {
    expect((await send("", await certificate())).location).toBe(
      `/auth?redirectTo=${encodeURIComponent(`/halal-network-space/${slug}`)}`,
    );
    expect((await send(diner.cookie, Buffer.from("<svg onload=alert(1)>"), "cert.jpg")).toast).toBe(
      "Please choose a JPEG, PNG or WebP photo of the certificate.",
    );
    expect((await send(diner.cookie, await certificate(200, 150))).toast).toBe(
      "This photo is too small to read. Please send one at least 300 pixels across.",
    );
    expect(await db().select().from(certificatePhoto)).toEqual([]);
  });

  it("is private until staff show it, then on the page with who checked it and when, without its EXIF", async () => {
    expect((await send(diner.cookie, await certificate())).toast).toBe(
      "Thank you: our team will check the photo before it is shown.",
    );
    const [photo] = await db().select().from(certificatePhoto).where(eq(certificatePhoto.businessId, businessId));
    expect(photo).toMatchObject({ status: "pending", fromOwner: false, userId: diner.id });
    // Nowhere public: not on the page, not in the uploads.
    expect((await page()).halal.certificate).toBeNull();
    expect(await storage().uploads.folder("certificates").has(photo!.name)).toBe(false);
    // Staff see it through their own route.
    const file = (await certificateFileLoader({
      params: { id: String(businessId), name: photo!.name },
      request: new Request("http://localhost/"),
      context: new RouterContextProvider(),
    } as never)) as Response;
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("Diner Camera"))).toBe(false);

    expect(await decideCertificate(staff, businessId, photo!.id, true)).toBe(true);
    expect(await decideCertificate(staff, businessId, photo!.id, true)).toBe(false);
    const shown = (await page()).halal.certificate!;
    expect(shown.url).toBe(`/uploads/certificates/${photo!.name}`);
    expect(shown.checked).toMatch(/^Checked by Bilal Ahmed, HBS on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await storage().uploads.folder("certificates").has(photo!.name)).toBe(true);
    // Checked, it is no longer private: staff's route has nothing waiting by that name.
    await expect(
      certificateFileLoader({
        params: { id: String(businessId), name: photo!.name },
        request: new Request("http://localhost/"),
        context: new RouterContextProvider(),
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("shown, records that HBS has seen the certificate today, and the evidence level follows", async () => {
    const expires = `${new Date().getUTCFullYear() + 1}-06-30`;
    const id = await addBusiness(
      db(),
      "Certificate Level Grill",
      { halalStatus: "fully_halal", halalCertifierBody: "hmc", halalCertificateExpires: expires },
      [],
    );
    const level = async () => (await db().select().from(directoryBusiness).where(eq(directoryBusiness.id, id)))[0]!;
    expect((await level()).evidenceLevel).toBe(1);
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(await certificate())], "c.jpg", { type: "image/jpeg" }));
    await callAction(certificateAction, {
      path: "/halal-network-space/certificate-level-grill/certificate",
      params: { slug: "certificate-level-grill" },
      body: form,
      headers: { cookie: diner.cookie },
    });
    const [photo] = await db().select().from(certificatePhoto).where(eq(certificatePhoto.businessId, id));
    // Waiting, it changes nothing.
    expect((await level()).evidenceLevel).toBe(1);
    expect(await decideCertificate(staff, id, photo!.id, true)).toBe(true);
    expect(await level()).toMatchObject({
      evidenceLevel: 4,
      halalEvidence: "certificate_seen",
      halalCheckedOn: londonDay(new Date()),
    });
  });

  it("turned down is never shown, and the private copy goes", async () => {
    await send(diner.cookie, await certificate(1000, 1400));
    const [waiting] = await db().select().from(certificatePhoto).where(eq(certificatePhoto.status, "pending"));
    expect(await decideCertificate(staff, businessId, waiting!.id, false)).toBe(true);
    expect(await storage().submissions.folder("certificates").has(waiting!.name)).toBe(false);
    expect(await storage().uploads.folder("certificates").has(waiting!.name)).toBe(false);
    expect((await page()).halal.certificate!.url).not.toContain(waiting!.name);
  });
});

describe("an owner's certificate photo, with their halal details", () => {
  const edit = async (cookie: string, id: number, photo: File) => {
    const form = new FormData();
    form.set("intent", "halal");
    form.set("halalStatus", "fully_halal");
    form.set("halalCertifierBody", "hmc");
    form.set("certificatePhoto", photo);
    return callAction<{ result: { error?: Record<string, string[]> } }>(ownerEditAction, {
      path: `/my-businesses/${id}/edit`,
      params: { id: String(id) },
      body: form,
      headers: { cookie },
    });
  };

  it("waits for staff as the owner's, and one that is not a picture refuses the form and proposes nothing", async () => {
    const owner = await signedInMember("cert-owner@example.com", { ip: "198.51.100.172", fullName: "Owner One" });
    const id = await addBusiness(db(), "Owned Certificate Grill", { ownerId: owner.id }, []);
    const refused = await edit(
      owner.cookie,
      id,
      new File(["<svg onload=alert(1)>"], "cert.jpg", { type: "image/jpeg" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.certificatePhoto).toEqual([
      "Please choose a JPEG, PNG or WebP photo of the certificate.",
    ]);
    expect(await db().select().from(halalProposal).where(eq(halalProposal.businessId, id))).toEqual([]);
    expect(await db().select().from(certificatePhoto).where(eq(certificatePhoto.businessId, id))).toEqual([]);

    const sent = await edit(
      owner.cookie,
      id,
      new File([new Uint8Array(await certificate())], "cert.jpg", { type: "image/jpeg" }),
    );
    expect(sent.status).toBe(302);
    const [photo] = await db().select().from(certificatePhoto).where(eq(certificatePhoto.businessId, id));
    expect(photo).toMatchObject({ status: "pending", fromOwner: true, userId: owner.id });
    expect(await db().select().from(halalProposal).where(eq(halalProposal.businessId, id))).toHaveLength(1);
    // Another member's post to the owner's form sends nothing.
    expect(
      (await edit(diner.cookie, id, new File([new Uint8Array(await certificate())], "c.jpg", { type: "image/jpeg" })))
        .status,
    ).toBe(404);
    expect(await db().select().from(certificatePhoto).where(eq(certificatePhoto.businessId, id))).toHaveLength(1);
  });
});
