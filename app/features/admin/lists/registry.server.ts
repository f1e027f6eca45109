// Every back-office list that staff can export, by its name under /admin/export/.
import { claimsList } from "~/features/owners/claims-list.server";
import { messagesList } from "~/features/messages/messages-list.server";
import { reviewsList } from "~/features/reviews/reviews-list.server";
import { auditList } from "../audit.server";
import { directoryList } from "../directory.server";
import { enquiriesList } from "../enquiries.server";
import { listingsList } from "../listings.server";
import { outboxList } from "../outbox.server";
import { subscriptionsList } from "../subscriptions.server";
import { usersList } from "../users.server";
import type { AdminList } from "./admin-list.server";

// Each list's row type is its own; the export needs only what every list has.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const adminLists: Record<string, AdminList<any, string, string>> = Object.fromEntries(
  [
    listingsList,
    enquiriesList,
    messagesList,
    subscriptionsList,
    usersList,
    directoryList,
    claimsList,
    reviewsList,
    outboxList,
    auditList,
  ].map((list) => [list.name, list]),
);
