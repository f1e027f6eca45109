// The 10,000 most used passwords (zxcvbn-ts's list, most common first),
// refused at sign-up and reset however long they are.
import { dictionary } from "@zxcvbn-ts/language-common";

const MOST_COMMON = new Set(dictionary["passwords-common"].slice(0, 10_000).map((p) => p.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose one that is harder to guess.";

export function isCommonPassword(password: string) {
  return MOST_COMMON.has(password.toLowerCase());
}
