import { Head, Html, Main, NextScript } from 'next/document'
import { BASE_PATH } from '@/lib/config'

export default function Document() {
  return (
    <Html lang="en">
      <Head>
        {/* Settings of the running server (mode, URLs, flags), read when it started: one build, two modes. */}
        {/* eslint-disable-next-line @next/next/no-sync-scripts */}
        <script src={`${BASE_PATH}/api/runtime-config`} />
        <link rel="icon" href={`${BASE_PATH}/favicon.svg`} type="image/svg+xml" />
        <meta name="description" content="Manage your organizations, projects and Postgres databases" />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  )
}
