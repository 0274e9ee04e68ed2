import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document'
import { BASE_PATH, publicConfigScript } from '@/lib/config'

type Props = DocumentInitialProps & { nonce?: string }

/**
 * The page shell. Its scripts carry the request's CSP nonce (made by proxy.ts, handed over in
 * `x-nonce`): Next's inline chunk bootstrap needs it, the others are allowed as this origin's.
 */
export default class AppDocument extends Document<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const initial = await Document.getInitialProps(ctx)
    const nonce = ctx.req?.headers['x-nonce']
    return { ...initial, nonce: typeof nonce === 'string' ? nonce : undefined }
  }

  render() {
    const { nonce } = this.props
    return (
      <Html lang="en">
        <Head nonce={nonce}>
          {/* Settings of the running server (mode, URLs, flags), read when it started: one build, two modes.
              Inline, not a script of its own: a blocking request before anything else of the page. */}
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: publicConfigScript() }} />
          <link rel="icon" href={`${BASE_PATH}/favicon.svg`} type="image/svg+xml" />
          <meta name="description" content="Manage your organizations, projects and Postgres databases" />
        </Head>
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    )
  }
}
