import { useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { useEffect, useId, useRef, useState } from 'react'
import { useAuth } from '@/components/layouts/AuthProvider'
import { signOut } from '@/hooks/sign-out'
import { isPlatform } from '@/lib/config'
import { useTheme, type ThemeChoice } from '@/state/theme'
import styles from './UserMenu.module.css'

const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
  'classic-dark': 'Classic dark',
}

/** The account menu: who is signed in, theme switch, account pages and sign out. */
export function UserMenu() {
  const [open, setOpen] = useState(false)
  const { session } = useAuth()
  const { theme, setTheme } = useTheme()
  const router = useRouter()
  const queryClient = useQueryClient()
  const menuId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const platform = isPlatform()

  useEffect(() => {
    if (!open) return
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])

  const email = session?.user.email
  return (
    <div className={styles.wrap} ref={ref}>
      <button
        type="button"
        className={styles.avatar}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Account menu"
        onClick={() => setOpen((v) => !v)}
      >
        {(email ?? 'A').slice(0, 1).toUpperCase()}
      </button>
      {open && (
        <div className={styles.menu} id={menuId}>
          {email && <div className={styles.who}>{email}</div>}
          {platform && (
            <Link className={styles.item} href="/account/me" onClick={() => setOpen(false)}>
              Account preferences
            </Link>
          )}
          <fieldset className={styles.themes}>
            <legend className={styles.legend}>Theme</legend>
            {(Object.keys(THEME_LABELS) as ThemeChoice[]).map((choice) => (
              <label key={choice} className={styles.radio}>
                <input type="radio" name="theme" value={choice} checked={theme === choice} onChange={() => setTheme(choice)} />
                {THEME_LABELS[choice]}
              </label>
            ))}
          </fieldset>
          {platform && (
            <button
              type="button"
              className={styles.item}
              onClick={async () => {
                setOpen(false)
                await signOut(queryClient)
                await router.push('/sign-in')
              }}
            >
              Sign out
            </button>
          )}
        </div>
      )}
    </div>
  )
}
