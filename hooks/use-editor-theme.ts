import { useEffect, useState } from 'react'
import { resolveTheme, useThemeStore } from '@/state/theme'

/** Monaco's theme for the dashboard's: 'vs' in light, 'vs-dark' in dark and classic-dark. */
export function useEditorTheme(): 'vs' | 'vs-dark' {
  const choice = useThemeStore((s) => s.theme)
  const [prefersDark, setPrefersDark] = useState(false)
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    if (!media) return
    const update = () => setPrefersDark(media.matches)
    update()
    media.addEventListener?.('change', update)
    return () => media.removeEventListener?.('change', update)
  }, [])
  return resolveTheme(choice, prefersDark) === 'light' ? 'vs' : 'vs-dark'
}
