import { formatLondonDate } from "~/lib/dates";
import { evidenceKindLabels, type EvidenceKind } from "../evidence";

export interface EvidenceFile {
  kind: EvidenceKind;
  storedName: string;
  sizeBytes: number;
  originalName: string;
  createdAt: Date;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A listing's evidence files, each a download from `base` (the seller's or staff's own route). */
export function EvidenceList({ files, base }: { files: EvidenceFile[]; base: string }) {
  if (files.length === 0) return <p className="text-sm text-slate-700">No evidence sent yet.</p>;
  return (
    <ul className="grid gap-2">
      {files.map((file) => (
        <li key={file.storedName} className="rounded-md border border-slate-200 p-3 text-sm">
          <a href={`${base}/${file.storedName}`} className="font-semibold break-all text-brand-800 hover:underline">
            {file.originalName}
          </a>
          <p className="text-slate-700">
            {evidenceKindLabels[file.kind]} · {size(file.sizeBytes)} · sent {formatLondonDate(file.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
