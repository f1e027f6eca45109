// The server's own machinery: the e-mail outbox, rate limits, scheduled runs
// (docs/decisions/0020-scheduler.md) and the audit log of staff's changes.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./account";

export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("outbox_created_idx").on(t.createdAt, t.id),
    index("outbox_attempts_idx").on(t.attempts, t.id),
    index("outbox_next_attempt_idx").on(t.nextAttemptAt, t.id),
    index("outbox_sent_idx").on(t.sentAt, t.id),
    index("outbox_to_trgm_idx").using("gin", sql`(${t.payload}->>'to') gin_trgm_ops`),
    index("outbox_subject_trgm_idx").using("gin", sql`(${t.payload}->>'subject') gin_trgm_ops`),
    // The worker only ever scans unsent rows by due time.
    index("outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Fixed-window counters, one row per key (e.g. "contact:203.0.113.7"). In the
 * database, not in memory, so a limit holds across restarts and across
 * several server processes.
 */
export const rateLimit = pgTable(
  "rate_limit",
  {
    key: text("key").primaryKey(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [index("rate_limit_window_idx").on(t.windowStartedAt)],
);

export const scheduledRunStatus = pgEnum("scheduled_run_status", ["running", "retrying", "done", "failed"]);

/**
 * One row per job and period: the primary key is what makes a period's run
 * happen once however many servers ask. The lease says how long the server
 * that claimed it may take before another may take over.
 */
export const scheduledRun = pgTable(
  "scheduled_run",
  {
    job: text("job").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    status: scheduledRunStatus("status").notNull(),
    // Which server ran it last: host, pid and a random tag.
    owner: text("owner").notNull(),
    attempts: integer("attempts").notNull().default(1),
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] }), index("scheduled_run_period_idx").on(t.periodStart)],
);

/**
 * Every change staff make: who, what, when, and the changed fields' values
 * before and after. Rows are only ever added.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    // Null when done from the command line (npm run admin:create).
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("audit_log_actor_email_idx").on(t.actorEmail, t.id),
    index("audit_log_actor_idx").on(t.actorId),
    index("audit_log_entity_id_idx").on(t.entityId),
    index("audit_log_action_created_idx").on(t.action, t.createdAt, t.id),
    index("audit_log_entity_type_created_idx").on(t.entityType, t.createdAt, t.id),
    index("audit_log_actor_email_trgm_idx").using("gin", sql`${t.actorEmail} gin_trgm_ops`),
    index("audit_log_action_trgm_idx").using("gin", sql`${t.action} gin_trgm_ops`),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt),
  ],
);
