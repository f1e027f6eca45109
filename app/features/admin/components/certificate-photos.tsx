import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatLondonDateTime } from "~/lib/dates";

/**
 * Photos of the business's halal certificate waiting for staff (decision
 * 0094): each private, shown here only, to be shown on the page or turned down.
 */
export function CertificatePhotos({
  businessId,
  photos,
}: {
  businessId: number;
  photos: { id: number; name: string; fromOwner: boolean; sender: string | null; createdAt: Date }[];
}) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="certificates-title" className="mb-6 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="certificates-title" className="text-lg font-semibold">
        Certificate photos to check ({photos.length})
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Compare each with the certificate details below. A photo you show appears on the business&rsquo;s page with your
        name and today&rsquo;s date.
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {photos.map((photo, i) => (
          <li key={photo.id} className="grid gap-2">
            <a
              href={`/admin/directory/${businessId}/certificates/${photo.name}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <img
                src={`/admin/directory/${businessId}/certificates/${photo.name}`}
                alt={`Certificate photo ${i + 1} (opens in a new tab)`}
                width={320}
                height={240}
                className="max-h-60 w-auto rounded-md border border-slate-200 object-contain"
              />
            </a>
            <p className="text-sm text-slate-700">
              From {photo.fromOwner ? "the owner" : "a diner"}
              {photo.sender ? `, ${photo.sender}` : ""}, {formatLondonDateTime(photo.createdAt)}
            </p>
            <Form method="post" action={`/admin/directory/${businessId}/certificate`} className="flex flex-wrap gap-2">
              <input type="hidden" name="photoId" value={photo.id} />
              <Button type="submit" name="intent" value="show" size="sm">
                Show photo {i + 1} on the page
              </Button>
              <Button type="submit" name="intent" value="reject" variant="outline" size="sm">
                Turn down photo {i + 1}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
