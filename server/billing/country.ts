const displayNames = new Intl.DisplayNames(['en'], { type: 'region' })
// Codes ICU names that are not countries one can bill to.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ'])

/** True for an ISO 3166-1 alpha-2 country code such as `DE` (checked against ICU's region names). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false
  const name = displayNames.of(code)
  return name !== undefined && name !== code && name !== 'Unknown Region'
}
