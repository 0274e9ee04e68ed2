/** The auth service's `GET /settings` (GoTrue's shape; the embedded service answers all of it, a real GoTrue more). */
export type AuthSettings = {
  /** Sign-in methods by name (`email`, `github`, ...), on or off. */
  external: Record<string, boolean>
  disable_signup: boolean
  mailer_autoconfirm: boolean
  phone_autoconfirm: boolean
  sms_provider: string
  saml_enabled: boolean
  anonymous_users: boolean
}
