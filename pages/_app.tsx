import NextApp, { type AppContext, type AppProps } from 'next/app'
import Head from 'next/head'
import { useRouter } from 'next/router'
import { AppErrorBoundary } from '@/components/interfaces/App/ErrorBoundary/AppErrorBoundary'
import { AppProviders } from '@/components/layouts/AppProviders'
import { useIsClient } from '@/hooks/use-is-client'
import '@/styles/globals.css'
import '@/styles/feedback.css'
import '@/styles/layout.css'

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

/**
 * Every page is rendered per request rather than prerendered at build time: its scripts must
 * carry the nonce of the request's Content-Security-Policy (proxy.ts), which static HTML cannot.
 * The server render is only the loading shell (the tree renders after hydration), so it is cheap.
 */
App.getInitialProps = (context: AppContext) => NextApp.getInitialProps(context)
