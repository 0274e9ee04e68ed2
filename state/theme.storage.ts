import type { ThemeChoice } from '@/lib/constants'

const KEY = 'dashboard-theme'
const CHOICES: ThemeChoice[] = ['system', 'light', 'dark', 'classic-dark']

/** Reads the stored theme choice; anything unknown counts as none. */
export function loadThemePreference(): ThemeChoice | null {
  try {
    const value = window.localStorage.getItem(KEY)
    return CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : null
  } catch {
    return null
  }
}

export function saveThemePreference(theme: ThemeChoice): void {
  try {
    window.localStorage.setItem(KEY, theme)
  } catch {
    // storage full or blocked: the choice still applies for this visit
  }
}
