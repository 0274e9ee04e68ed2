import type { ServerConfig } from './index'

/**
 * Settings whose value cannot work, each as one sentence naming the setting and what to set
 * (issue 26): found when the server starts, which then stops (server/startup-checks.ts), rather
 * than failing later on requests that cannot say why. Pure: the shape of the values only.
 */

/** Why `value` is not an absolute http(s) URL with no query or fragment, or null. */
function urlProblem(value: string): string | null {
  let url: URL
  try {
    url = new URL(value.replace(/\{ref\}/g, 'ref'))
  } catch {
    return 'is not an absolute URL'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `uses ${url.protocol.replace(/:$/, '')}, not http or https`
  if (url.search || url.hash) return 'has a query or a fragment'
  return null
}

export function settingProblems(config: Pick<ServerConfig, 'projectApiUrl' | 'ai' | 'storageS3'>): string[] {
  const problems: string[] = []
  if (config.projectApiUrl) {
    const wrong = urlProblem(config.projectApiUrl)
    if (wrong) problems.push(`PROJECT_API_URL (${config.projectApiUrl}) ${wrong}: set it to where the project APIs are reached, e.g. https://{ref}.api.example.com or https://api.example.com, or leave it unset to serve them on PROJECT_API_PORT.`)
    else if ((config.projectApiUrl.match(/\{ref\}/g) ?? []).length > 1) problems.push(`PROJECT_API_URL (${config.projectApiUrl}) names {ref} more than once: name the project once, in the host or in the path.`)
  }
  if (config.ai.baseUrl) {
    const wrong = urlProblem(config.ai.baseUrl)
    if (wrong) problems.push(`AI_BASE_URL (${config.ai.baseUrl}) ${wrong}: set it to the OpenAI-compatible API of the model, e.g. http://127.0.0.1:11434/v1.`)
    else if (!config.ai.model) problems.push('AI_BASE_URL is set but AI_MODEL is not: set AI_MODEL to the model the assistant asks (e.g. llama3.1), or unset AI_BASE_URL.')
  }
  const s3 = config.storageS3
  if (s3) {
    if (s3.endpoint) {
      const wrong = urlProblem(s3.endpoint)
      if (wrong) problems.push(`STORAGE_S3_ENDPOINT (${s3.endpoint}) ${wrong}: set it to the S3-compatible store's URL, e.g. http://127.0.0.1:9000, or unset it for AWS.`)
    }
    if (Boolean(s3.accessKeyId) !== Boolean(s3.secretAccessKey)) {
      problems.push(`${s3.accessKeyId ? 'STORAGE_S3_SECRET_ACCESS_KEY' : 'STORAGE_S3_ACCESS_KEY_ID'} is not set while ${s3.accessKeyId ? 'STORAGE_S3_ACCESS_KEY_ID' : 'STORAGE_S3_SECRET_ACCESS_KEY'} is: set both, or neither to use the SDK's own credentials.`)
    }
  }
  return problems
}
