// Vitest runs a worker's test files one after another in one process, sharing
// its modules (isolate: false in vitest.config.ts: importing the app once a
// worker, not once a file, halves the run). What a file may change for itself
// is put back before the next: the environment as the worker started, read
// afresh, and a Stripe client made from it.
import { resetStripeClient } from "../../app/features/payments/stripe.server";
import { forgetEnv } from "../../app/server/env.server";

const started = ((globalThis as { hbsWorkerEnv?: NodeJS.ProcessEnv }).hbsWorkerEnv ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
Object.assign(process.env, started);
forgetEnv();
resetStripeClient();
