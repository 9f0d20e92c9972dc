/**
 * An email address as a key: the one spelling under which the site stores, finds, counts and
 * erases it. The whole address is folded to lower case, not only the domain that RFC 5321
 * leaves case-insensitive: no mail system in use delivers `Ida@` and `ida@` to two people, and
 * a key that kept the local part's case would let six spellings of one mailbox ask for six
 * opt-in mails, or list one subscriber twice. The forms accept ASCII addresses only, for which
 * this is exactly SQL's lower() on both engines (the migration that folded stored rows used it).
 */
export const emailKey = (address: string): string => address.trim().toLowerCase();
