/**
 * Progress and summary for the operators' import commands (`db:postcodes`,
 * `fsa:import`): one shape for both, so an operator reads the same lines
 * whichever file they load. Rows are counted as they stream, so a file of
 * millions of rows prints a line every `every` rows rather than one per row.
 */
export type ImportSummary = {
  read: number;
  added: number;
  changed: number;
  /** Refused rows by reason, e.g. { "postcode is not a UK postcode": 12 }. */
  refused: Record<string, number>;
};

export type ImportReport = ImportSummary & {
  /** Counts one row read and prints progress when due. */
  row(): void;
  /** Records a row refused with its reason. */
  refuse(reason: string): void;
  /** Call as bytes are consumed when the total size is known: progress then shows a percentage. */
  bytes(consumed: number): void;
  /** The closing summary line(s). */
  summary(): string;
};

export function importReport(
  label: string,
  {
    totalBytes,
    every = 100_000,
    print = console.log,
  }: { totalBytes?: number; every?: number; print?: (line: string) => void } = {},
): ImportReport {
  let consumed = 0;
  const report: ImportReport = {
    read: 0,
    added: 0,
    changed: 0,
    refused: {},
    row() {
      report.read++;
      if (report.read % every === 0) print(progressLine());
    },
    refuse(reason) {
      report.refused[reason] = (report.refused[reason] ?? 0) + 1;
    },
    bytes(n) {
      consumed = n;
    },
    summary() {
      const refusedTotal = Object.values(report.refused).reduce((sum, n) => sum + n, 0);
      const lines = [
        `${label}: ${report.read.toLocaleString("en-GB")} read, ${report.added.toLocaleString("en-GB")} added, ` +
          `${report.changed.toLocaleString("en-GB")} changed, ${refusedTotal.toLocaleString("en-GB")} refused.`,
      ];
      for (const [reason, n] of Object.entries(report.refused).sort((a, b) => b[1] - a[1])) {
        lines.push(`  refused ${n.toLocaleString("en-GB")}: ${reason}`);
      }
      return lines.join("\n");
    },
  };
  function progressLine() {
    const percent = totalBytes ? ` (${Math.min(100, Math.floor((consumed / totalBytes) * 100))}%)` : "";
    return `${label}: ${report.read.toLocaleString("en-GB")} rows read${percent}`;
  }
  return report;
}
