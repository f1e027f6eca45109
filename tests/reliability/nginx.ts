// nginx in front of HBS servers, started from the production file
// deploy/nginx.conf (decision 0022). The test's copy differs only where a
// test must: its folder instead of the system's paths, a free port, the
// servers under test, and the user. Each of those rewrites must find its
// line, so the file cannot drift away from what the tests run.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureNginx } from "../../scripts/ensure-nginx.js";

const shipped = path.resolve(import.meta.dirname, "../../deploy/nginx.conf");

/** deploy/nginx.conf as a test runs it: in `dir`, on `port`, in front of `upstreams`. */
function testCopy(dir: string, port: number, upstreams: string[]) {
  // The servers listen on 127.0.0.1 (tests/helpers/server-process.ts), whatever their URL's host name.
  const servers = upstreams.map((url) => `        server 127.0.0.1:${new URL(url).port};`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `    ${t}_temp_path ${dir}/${t};`);
  const rewrites: [RegExp, string][] = [
    // Workers switch to this user; as root they stay root, to use the test's folder.
    [/^user .+;$/m, process.getuid?.() === 0 ? "user root;" : ""],
    [/^pid .+;$/m, `pid ${dir}/nginx.pid;`],
    [/^error_log \S+/m, `error_log ${dir}/error.log`],
    [/access_log \S+/, `access_log ${dir}/access.log`],
    [/^([ \t]*server [\d.]+:\d+;\n)+/m, `${servers.join("\n")}\n`],
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`],
    [/proxy_cache_path \S+/, `proxy_cache_path ${dir}/cache`],
    // Debian's nginx keeps request bodies and large answers under /var/lib/nginx.
    [/^http \{$/m, `http {\n${temp.join("\n")}`],
  ];
  let conf = fs.readFileSync(shipped, "utf8");
  for (const [pattern, replacement] of rewrites) {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf no longer has ${pattern} (tests/reliability/nginx.ts)`);
    conf = conf.replace(pattern, replacement);
  }
  return conf;
}

/**
 * What deploy/nginx.conf's instructions have every server behind it run with,
 * read from the file so that the tests run what it says: PAGE_CACHE=off, as
 * nginx keeps the visitors' pages (decision 0081).
 */
export function behindNginx(): Record<string, string> {
  const setting = /^#.*\bPAGE_CACHE=(\w+)/m.exec(fs.readFileSync(shipped, "utf8"));
  if (!setting) throw new Error("deploy/nginx.conf no longer says which PAGE_CACHE its servers run with");
  return { PAGE_CACHE: setting[1]! };
}

export interface Nginx {
  url: string;
  /** The access log: one line per request, naming the server that answered (`upstream=`). */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx from deploy/nginx.conf on `port` (127.0.0.1), round robin over
 * `upstreams`, checked with `nginx -t` first and ready once it answers.
 */
export async function startNginx(port: number, upstreams: string[]): Promise<Nginx> {
  const nginx = ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-nginx-"));
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, testCopy(dir, port, upstreams));
  try {
    execFileSync(nginx, ["-t", "-q", "-p", dir, "-c", conf], { stdio: "pipe" });
  } catch (error) {
    throw new Error(`nginx -t refused deploy/nginx.conf:\n${(error as { stderr?: Buffer }).stderr}`);
  }
  const child = spawn(nginx, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const answers = () =>
    fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
  const deadline = Date.now() + 10_000;
  while (!(await answers())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      const log = path.join(dir, "error.log");
      throw new Error(`nginx did not start:\n${output}${fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    accessLog: () => fs.readFileSync(path.join(dir, "access.log"), "utf8"),
    async stop() {
      // SIGQUIT: finish the requests in flight, then exit.
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
