import { useTheme, type ThemeChoice } from '@/state/theme'
import styles from './Account.module.css'

/** spec §1: light, dark and classic-dark; the default follows the system. */
export const THEME_OPTIONS: { value: ThemeChoice; label: string; description: string }[] = [
  { value: 'system', label: 'System', description: 'Follows your device' },
  { value: 'light', label: 'Light', description: 'Light background' },
  { value: 'dark', label: 'Dark', description: 'Dark background' },
  { value: 'classic-dark', label: 'Classic dark', description: 'The original dark look' },
]

/** The theme choice of /account/me (the same store as the user menu's switch). */
export function ThemeSection() {
  const { theme, setTheme } = useTheme()
  return (
    <section className="card" aria-labelledby="account-theme-title">
      <h2 id="account-theme-title" className={styles.sectionTitle}>
        Appearance
      </h2>
      <p className={styles.sectionIntro}>Choose how the dashboard looks to you.</p>
      <fieldset className={styles.themes}>
        <legend className="visually-hidden">Theme</legend>
        {THEME_OPTIONS.map((option) => (
          <label key={option.value} className={styles.themeOption}>
            <input
              type="radio"
              name="account-theme"
              value={option.value}
              checked={theme === option.value}
              onChange={() => setTheme(option.value)}
            />
            <span>
              <span className={styles.rowTitle}>{option.label}</span>
              <br />
              <span className={styles.themeHint}>{option.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  )
}
