// Where a process's CPU went, from a V8 CPU profile (node --cpu-prof): the
// sampled time grouped by who ran — an npm package, a Node.js module, our own
// build, garbage collection, or idle — as shares of the whole run.
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  part: string;
  percent: number;
}

/** The part of the program a function belongs to, from its script's address. */
export function partOf({ functionName, url }: { functionName: string; url: string }): string {
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(idle)") return "idle";
  if (functionName === "(program)") return "V8 itself (compiling, native code)";
  const packages = url.split("/node_modules/");
  if (packages.length > 1) {
    const [first = "", second = ""] = packages.at(-1)!.split("/");
    return first.startsWith("@") ? `${first}/${second}` : first;
  }
  if (url.startsWith("node:")) return url.startsWith("node:internal") ? "Node.js internals" : url;
  if (url.includes("/build/server/")) return "HBS (app code)";
  if (url.endsWith("/server.ts")) return "HBS (server.ts)";
  return url ? "other scripts" : "native code";
}

/** Shares of the sampled time, largest first. */
export function summariseProfile(profile: CpuProfile): ProfileShare[] {
  const partById = new Map(profile.nodes.map((node) => [node.id, partOf(node.callFrame)]));
  const time = new Map<string, number>();
  let total = 0;
  // Each sample's delta is the time since the sample before it.
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const part = partById.get(id) ?? "native code";
    time.set(part, (time.get(part) ?? 0) + delta);
    total += delta;
  });
  return [...time]
    .map(([part, us]) => ({ part, percent: total ? (us / total) * 100 : 0 }))
    .sort((a, b) => b.percent - a.percent);
}
