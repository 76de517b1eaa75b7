/**
 * What the user is told, once, when the identity provider replaced the refresh token and the new
 * one could not be stored (a locked keychain): TitleDesk goes on with it from memory and keeps
 * trying to store it, but it is lost if TitleDesk quits first, and the old one is void.
 */
export const unsavedRefreshTokenNote =
  'The identity provider replaced the refresh token and the new one could not be stored (is the keychain locked?). TitleDesk is using it and keeps trying to store it; if TitleDesk quits before that, paste a new refresh token from My Tokens.';
