import { useEffect } from 'react'
import { create } from 'zustand'
import { DEFAULT_THEME, THEMES } from '@/lib/constants'
import { loadThemePreference, saveThemePreference } from './theme.storage'

export type { ThemeChoice } from '@/lib/constants'
import type { ThemeChoice } from '@/lib/constants'

type ThemeStore = { theme: ThemeChoice; setTheme: (theme: ThemeChoice) => void }

/** spec §1: light, dark and classic-dark; the default follows the system. */
export const useThemeStore = create<ThemeStore>((set) => ({
  theme: DEFAULT_THEME as ThemeChoice,
  setTheme: (theme) => {
    saveThemePreference(theme)
    set({ theme })
  },
}))

/** Resolves 'system' to light or dark with the browser's colour-scheme preference. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): (typeof THEMES)[number] {
  if (choice === 'system') return prefersDark ? 'dark' : 'light'
  return choice
}

export function useTheme() {
  return useThemeStore()
}

/** Applies the chosen theme to <html data-theme> and follows system changes. */
export function useApplyTheme(): void {
  const theme = useThemeStore((s) => s.theme)
  useEffect(() => {
    const stored = loadThemePreference()
    if (stored) useThemeStore.setState({ theme: stored })
  }, [])
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    const apply = () => {
      document.documentElement.dataset.theme = resolveTheme(theme, media?.matches ?? false)
    }
    apply()
    media?.addEventListener?.('change', apply)
    return () => media?.removeEventListener?.('change', apply)
  }, [theme])
}
