// The whole database schema, one file per domain, re-exported here: the app (db.server.ts) and
// drizzle-kit read it from here, and `npm run db:generate` turns changes into SQL under drizzle/.
// Money is integer pence; times are timestamptz (UTC).
// From shared.ts only its enums: its column helpers are for the domain files, not the app.
export { halalStatus, promotionLevel, revisionStatus } from "./shared";
export * from "./account";
export * from "./marketplace";
export * from "./selling";
export * from "./directory";
export * from "./directory-hours";
export * from "./read-models";
export * from "./saved";
export * from "./packages";
export * from "./payments";
export * from "./enquiries";
export * from "./infrastructure";
export * from "./page-views";
export * from "./owners";
export * from "./messages";
export * from "./alerts";
export * from "./places";
export * from "./reviews";
export * from "./offers";
export * from "./data-room";
export * from "./evidence";
export * from "./certificates";
