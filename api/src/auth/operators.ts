// The server's operators (OPERATOR_EMAILS): the accounts that may see how the server's own work
// goes (the state of the feeds it reads). An operator is named by email, so an account becomes
// one only through an address it proved it owns (a verification code, or Google's sign-in).
import { isValidEmail, normalizeAccount } from './rules.js';

/** OPERATOR_EMAILS: email addresses separated by commas or white space, each once. */
export function operatorEmails(value: string | undefined): string[] {
  const emails: string[] = [];
  for (const item of (value ?? '').split(/[\s,]+/).filter((text) => text !== '')) {
    const email = normalizeAccount(item);
    if (!isValidEmail(email)) {
      throw new Error(`OPERATOR_EMAILS must list email addresses, got "${item}"`);
    }
    if (!emails.includes(email)) emails.push(email);
  }
  return emails;
}

/** Whether an account is one of the operators. */
export class Operators {
  readonly #emails: ReadonlySet<string>;

  constructor(emails: readonly string[] = []) {
    this.#emails = new Set(emails.map(normalizeAccount));
  }

  has(account: string): boolean {
    return this.#emails.has(account);
  }
}
