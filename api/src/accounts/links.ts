import { encodeUid } from './tokens';

/** The page the activation mail links to (mfe-auth `/register/activation`), with the link's uid and token. */
export function activationUrl(publicUrl: string, userId: number, token: string): string {
  return `${publicUrl}/register/activation?${new URLSearchParams({ uid: encodeUid(userId), token }).toString()}`;
}

/**
 * The reset link: /profile/password/reset/reset/<anything>?uid=…&token=… (mfe-auth's page needs
 * both parameters). `confirm` is the <anything>; `done` is taken by the page after success.
 */
export function passwordResetUrl(publicUrl: string, userId: number, token: string): string {
  return `${publicUrl}/profile/password/reset/reset/confirm?${new URLSearchParams({ uid: encodeUid(userId), token }).toString()}`;
}
