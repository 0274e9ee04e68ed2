import Head from 'next/head'
import Link from 'next/link'
import type { ReactNode } from 'react'
import styles from './AuthLayout.module.css'

export type AuthLayoutProps = {
  /** The page heading and document title, e.g. "Welcome back". */
  title: string
  subtitle?: ReactNode
  /** Under the panel: links to the other auth pages. */
  footer?: ReactNode
  children: ReactNode
}

/** The frame of the signed-out pages (sign-in, sign-up, forgot password): one centred panel. */
export function AuthLayout({ title, subtitle, footer, children }: AuthLayoutProps) {
  return (
    <div className={styles.screen}>
      <Head>
        <title>{`${title} | Dashboard`}</title>
      </Head>
      <Link href="/sign-in" className={styles.brand}>
        <img src="/dashboard/favicon.svg" alt="" width={24} height={24} />
        Dashboard
      </Link>
      <main className={`card ${styles.panel}`} id="main">
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </main>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  )
}
