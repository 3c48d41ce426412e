// Field checks of the login and sign-up forms: email of email type and required,
// password required.
export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Please enter a valid email address.';
export const PASSWORD_REQUIRED = 'Password is required';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(email: string): string | undefined {
  if (!email.trim()) return EMAIL_REQUIRED;
  if (!EMAIL_PATTERN.test(email.trim())) return EMAIL_INVALID;
  return undefined;
}
