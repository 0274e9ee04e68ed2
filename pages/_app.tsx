import type { AppProps } from 'next/app'
import Head from 'next/head'
import { useRouter } from 'next/router'
import { AppErrorBoundary } from '@/components/interfaces/App/ErrorBoundary/AppErrorBoundary'
import { AppProviders } from '@/components/layouts/AppProviders'
import { useIsClient } from '@/lib/hooks/use-is-client'
import '@/styles/globals.css'

export default function App({ Component, pageProps }: AppProps) {
  // The mode is known only in the browser (runtime config), so the tree renders after hydration.
  const isClient = useIsClient()
  const router = useRouter()
  return (
    <>
      <Head>
        <title>Dashboard</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <AppProviders>
        {isClient ? (
          <AppErrorBoundary resetKey={router.asPath}>
            <Component {...pageProps} />
          </AppErrorBoundary>
        ) : (
          <div className="app-loading" aria-busy="true" />
        )}
      </AppProviders>
    </>
  )
}
