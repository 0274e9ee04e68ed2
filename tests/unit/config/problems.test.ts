import { settingProblems } from '@/lib/config/problems'

/** Issue 26: a setting that cannot work is named at start, with what to set. */
describe('settingProblems', () => {
  const base = { projectApiUrl: null, ai: { baseUrl: null, model: null } as never, storageS3: null }
  const s3 = { bucket: 'files', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true }

  it('finds nothing wrong with the defaults and with good values', () => {
    expect(settingProblems(base)).toEqual([])
    expect(
      settingProblems({ projectApiUrl: 'https://{ref}.api.example.com', ai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' } as never, storageS3: s3 })
    ).toEqual([])
    expect(settingProblems({ ...base, projectApiUrl: 'https://api.example.com' })).toEqual([])
  })

  it('names PROJECT_API_URL when it is no absolute http(s) URL or names the project twice', () => {
    expect(settingProblems({ ...base, projectApiUrl: 'api.example.com' })).toEqual([expect.stringMatching(/^PROJECT_API_URL \(api\.example\.com\) is not an absolute URL: set it to/)])
    expect(settingProblems({ ...base, projectApiUrl: 'ftp://api.example.com' })[0]).toMatch(/^PROJECT_API_URL .* uses ftp, not http or https/)
    expect(settingProblems({ ...base, projectApiUrl: 'https://api.example.com/?x=1' })[0]).toMatch(/has a query or a fragment/)
    expect(settingProblems({ ...base, projectApiUrl: 'https://{ref}.example.com/{ref}' })[0]).toMatch(/names \{ref\} more than once/)
  })

  it('names AI_BASE_URL when it is no URL, and AI_MODEL when it is missing', () => {
    expect(settingProblems({ ...base, ai: { baseUrl: 'localhost:11434', model: 'm' } as never })[0]).toMatch(/^AI_BASE_URL \(localhost:11434\) uses localhost, not http or https/)
    expect(settingProblems({ ...base, ai: { baseUrl: 'http://127.0.0.1:11434/v1', model: null } as never })).toEqual([
      'AI_BASE_URL is set but AI_MODEL is not: set AI_MODEL to the model the assistant asks (e.g. llama3.1), or unset AI_BASE_URL.',
    ])
  })

  it('names the S3 endpoint when it is no URL, and the half of a key pair that is missing', () => {
    expect(settingProblems({ ...base, storageS3: { ...s3, endpoint: 'minio:9000' } })[0]).toMatch(/^STORAGE_S3_ENDPOINT \(minio:9000\)/)
    expect(settingProblems({ ...base, storageS3: { ...s3, secretAccessKey: null } })).toEqual([
      "STORAGE_S3_SECRET_ACCESS_KEY is not set while STORAGE_S3_ACCESS_KEY_ID is: set both, or neither to use the SDK's own credentials.",
    ])
    expect(settingProblems({ ...base, storageS3: { ...s3, accessKeyId: null } })[0]).toMatch(/^STORAGE_S3_ACCESS_KEY_ID is not set while STORAGE_S3_SECRET_ACCESS_KEY is/)
  })
})
