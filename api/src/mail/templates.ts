/**
 * The mails the API sends, one function per mail (what the rest of the API imports): the shared
 * layout in layout.ts, the account's mails in account-templates.ts, an entry's in entry-templates.ts.
 * Every `…Mail` here has a sample in templates.glossary.test.ts.
 */
export { MAIL_SUBJECTS, SERVICE_NAME, greeting, jstDateTime, maskAccountNumber } from './layout';
export * from './account-templates';
export * from './entry-templates';
export * from './staff-templates';
