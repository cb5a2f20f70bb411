import { setLargeCommonPasswordList } from '@app/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Common and breached passwords: the password list of @zxcvbn-ts/language-common (a maintained
 * package, ~49,000 entries from public breach corpora, lower case), loaded once into a Set.
 * Django's CommonPasswordValidator has 20,000.
 */
export const BREACHED_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/**
 * Makes the shared password rules (validatePassword: registration, password reset and change, staff
 * passwords) check the large list too. Called when the API's routes are built; idempotent.
 */
export function installCommonPasswordList(): void {
  setLargeCommonPasswordList(BREACHED_PASSWORDS);
}
