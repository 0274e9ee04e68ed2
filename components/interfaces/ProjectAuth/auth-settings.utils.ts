import type { SettingsRules } from '@/hooks/use-settings-form'
import type { ProjectAuthConfig, UpdateProjectAuthConfigBody } from '@/lib/api-types/project-auth'
import { isValidHttpUrl } from '@/lib/validation'

/** The platform's bounds on the access token lifetime (lib/api-types/project-auth: updateProjectAuthConfigBody). */
export const JWT_EXP_MIN_SECONDS = 300
export const JWT_EXP_MAX_SECONDS = 604_800

/** The settings form, in the words it shows: both switches read the other way round from GoTrue's names. */
export type AuthSettingsValues = { allowSignups: boolean; confirmEmail: boolean; siteUrl: string; jwtExp: string }

export function settingsValues(config: ProjectAuthConfig): AuthSettingsValues {
  return { allowSignups: !config.DISABLE_SIGNUP, confirmEmail: !config.MAILER_AUTOCONFIRM, siteUrl: config.SITE_URL, jwtExp: String(config.JWT_EXP) }
}

/** What is wrong with the form, by field. */
export function settingsErrors(values: AuthSettingsValues): { siteUrl?: string; jwtExp?: string } {
  const errors: { siteUrl?: string; jwtExp?: string } = {}
  if (!isValidHttpUrl(values.siteUrl.trim())) errors.siteUrl = 'Enter an absolute http or https URL, e.g. https://example.com'
  const seconds = Number(values.jwtExp.trim())
  if (values.jwtExp.trim() === '' || !Number.isInteger(seconds)) errors.jwtExp = 'Enter a whole number of seconds'
  else if (seconds < JWT_EXP_MIN_SECONDS || seconds > JWT_EXP_MAX_SECONDS) errors.jwtExp = `Between ${JWT_EXP_MIN_SECONDS} and ${JWT_EXP_MAX_SECONDS} seconds (a week)`
  return errors
}

/** Only the settings that differ from `config`, in GoTrue's names (the PATCH body); empty when nothing changed. */
export function changedSettings(config: ProjectAuthConfig, values: AuthSettingsValues): UpdateProjectAuthConfigBody {
  const body: UpdateProjectAuthConfigBody = {}
  if (values.allowSignups === config.DISABLE_SIGNUP) body.DISABLE_SIGNUP = !values.allowSignups
  if (values.confirmEmail === config.MAILER_AUTOCONFIRM) body.MAILER_AUTOCONFIRM = !values.confirmEmail
  if (values.siteUrl.trim() !== config.SITE_URL) body.SITE_URL = values.siteUrl.trim()
  if (Number(values.jwtExp.trim()) !== config.JWT_EXP) body.JWT_EXP = Number(values.jwtExp.trim())
  return body
}

/** The form's rules for `useSettingsForm`. */
export const AUTH_SETTINGS_RULES: SettingsRules<ProjectAuthConfig, AuthSettingsValues, UpdateProjectAuthConfigBody> = {
  toValues: settingsValues,
  errorsOf: settingsErrors,
  changesOf: changedSettings,
}
