// Where a business a member added stands (decision 0095), in the words its adder and staff read.
export const submissionStatusWords = {
  pending: "Waiting for our team",
  approved: "Published: you manage it",
  merged: "Joined to its page already in the directory: you manage it",
  rejected: "Not added",
} as const;

/** The same, as staff read them. */
export const staffStatusWords = {
  pending: "Waiting for a decision",
  approved: "Approved and published",
  merged: "Merged into a business already listed",
  rejected: "Rejected",
} as const;
