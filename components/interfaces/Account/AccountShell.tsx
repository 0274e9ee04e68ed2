import { useRouter } from 'next/router'
import type { ReactNode } from 'react'
import { AppLayout } from '@/components/layouts/AppLayout'
import { NavTabs } from '@/components/ui/NavTabs'
import { isPlatform } from '@/lib/config'
import styles from './Account.module.css'

/** The account pages; each is a tab under /account. */
export const ACCOUNT_TABS = [
  { label: 'Preferences', href: '/account/me', platformOnly: false },
  { label: 'Security', href: '/account/security', platformOnly: true },
  { label: 'Audit logs', href: '/account/audit', platformOnly: true },
] as const

/** The frame of the account pages: the app layout, a heading and the account tabs. */
export function AccountShell({ children }: { children: ReactNode }) {
  const router = useRouter()
  const current = router.asPath.split(/[?#]/)[0]
  // Self-hosted has no sign-in: no MFA factors and no account audit trail.
  const tabs = ACCOUNT_TABS.filter((tab) => isPlatform() || !tab.platformOnly)
  return (
    <AppLayout title="Account" crumbs={[{ label: 'Account' }]}>
      <div className="page">
        <h1 className={styles.header}>Account</h1>
        <NavTabs label="Account" tabs={tabs} current={current} className={styles.tabs} />
        <div className={styles.sections}>{children}</div>
      </div>
    </AppLayout>
  )
}
