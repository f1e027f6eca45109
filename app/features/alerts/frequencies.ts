// How often a saved search alerts (decision 0031); digests go at 07:00 UK time.
export const frequencies = ["instant", "daily", "weekly", "off"] as const;
export type Frequency = (typeof frequencies)[number];

export const frequencyLabels: Record<Frequency, string> = {
  instant: "Instantly (within a few minutes)",
  daily: "Daily, at 7am",
  weekly: "Weekly, Mondays at 7am",
  off: "Off: no e-mails",
};
