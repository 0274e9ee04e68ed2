import { describe, expect, it } from 'vitest'
import { projectApiSource, projectApiUrl, refInHost, resolveProjectRequest } from '@/lib/project-api-url'

const port = { template: null, port: 8083 }
const perHost = { template: 'https://{ref}.api.example.com', port: 8083 }
const perPath = { template: 'https://api.example.com/projects/{ref}', port: 8083 }
const appended = { template: 'https://api.example.com', port: 8083 }

describe("a project API's URL", () => {
  it('is the second port on the host the dashboard was reached at, never the dashboard origin', () => {
    expect(projectApiUrl('abc', port, { host: 'localhost:8082', https: false })).toBe('http://localhost:8083/abc')
    expect(projectApiUrl('abc', port, { host: '[::1]:8082', https: false })).toBe('http://[::1]:8083/abc')
    expect(projectApiUrl('abc', port, { host: 'dash.example.com', https: true })).toBe('https://dash.example.com:8083/abc')
    expect(projectApiUrl('abc', port, { host: null, https: false })).toBe('http://127.0.0.1:8083/abc')
  })

  it('follows PROJECT_API_URL behind a proxy: a host per project, a path, or /{ref} appended', () => {
    const request = { host: 'dash.example.com', https: true }
    expect(projectApiUrl('abc', perHost, request)).toBe('https://abc.api.example.com')
    expect(projectApiUrl('abc', perPath, request)).toBe('https://api.example.com/projects/abc')
    expect(projectApiUrl('abc', appended, request)).toBe('https://api.example.com/abc')
    expect(refInHost(perHost.template)).toBe(true)
    expect(refInHost(perPath.template)).toBe(false)
  })

  it("gives the pages' CSP the origin of every project's API", () => {
    expect(projectApiSource(port, { host: 'localhost:8082', https: false })).toBe('http://localhost:8083')
    expect(projectApiSource(perHost, { host: 'dash.example.com', https: true })).toBe('https://*.api.example.com')
    expect(projectApiSource(perPath, { host: 'dash.example.com', https: true })).toBe('https://api.example.com')
  })
})

describe('the project a request to the gateway names', () => {
  it('is the first segment of the path on the second port', () => {
    expect(resolveProjectRequest(port, '127.0.0.1:8083', '/abc/rest/v1/items')).toEqual({ ref: 'abc', path: '/rest/v1/items' })
    expect(resolveProjectRequest(port, '127.0.0.1:8083', '/default')).toEqual({ ref: 'default', path: '/' })
    for (const path of ['/', '/ABC/rest/v1', '/%ZZ/rest/v1', '/a%2Fb/rest/v1', '/../rest/v1']) {
      expect(resolveProjectRequest(port, '127.0.0.1:8083', path)).toBeNull()
    }
  })

  it('is taken from the Host when PROJECT_API_URL has one host per project, whatever the path says', () => {
    expect(resolveProjectRequest(perHost, 'abc.api.example.com', '/rest/v1/items')).toEqual({ ref: 'abc', path: '/rest/v1/items' })
    expect(resolveProjectRequest(perHost, 'ABC.api.example.com:443', '/auth/v1/user')).toEqual({ ref: 'abc', path: '/auth/v1/user' })
    // Another project's name in the path changes nothing; a host that is not the template's names none.
    expect(resolveProjectRequest(perHost, 'abc.api.example.com', '/xyz/rest/v1/items')).toEqual({ ref: 'abc', path: '/xyz/rest/v1/items' })
    for (const host of ['api.example.com', 'abc.api.example.com.evil.test', 'a.b.api.example.com', 'evil.test', undefined]) {
      expect(resolveProjectRequest(perHost, host, '/rest/v1/items')).toBeNull()
    }
  })

  it('names no project, and no CSP source, for a PROJECT_API_URL that is no http(s) URL (it never throws per request)', () => {
    for (const template of ['https://[bad/{ref}', 'ftp://{ref}.example.com', 'not a url']) {
      const settings = { template, port: 8083 }
      expect(resolveProjectRequest(settings, 'abc.example.com', '/abc/rest/v1/items')).toBeNull()
      expect(projectApiSource(settings, { host: 'dash.example.com', https: true })).toBeNull()
    }
  })

  it("strips a proxy's path prefix when the project is in the path", () => {
    expect(resolveProjectRequest(perPath, 'api.example.com', '/projects/abc/storage/v1/bucket')).toEqual({ ref: 'abc', path: '/storage/v1/bucket' })
    expect(resolveProjectRequest(perPath, 'api.example.com', '/abc/storage/v1/bucket')).toEqual({ ref: 'abc', path: '/storage/v1/bucket' })
  })
})
