import { decideMonacoSource, rememberedLocal, rememberLocal } from '@/components/ui/monaco/monaco-source'

const CDN = 'https://cdn.example.com/npm/monaco-editor@0.52.2/min/vs'

describe('where the code editor loads from (spec §1, §9)', () => {
  it('self-hosted: always the local copy under the base path, without trying the CDN', async () => {
    const probe = vi.fn(async () => true)
    await expect(decideMonacoSource({ isPlatform: false, cdnBaseUrl: CDN, probe })).resolves.toEqual({
      vs: '/dashboard/monaco/0.52.2/vs',
      origin: 'local',
      fellBack: false,
    })
    expect(probe).not.toHaveBeenCalled()
  })

  it('hosted: the CDN when its loader answers in time', async () => {
    const probe = vi.fn(async () => true)
    await expect(decideMonacoSource({ isPlatform: true, cdnBaseUrl: CDN, probe })).resolves.toEqual({ vs: CDN, origin: 'cdn', fellBack: false })
    expect(probe).toHaveBeenCalledWith(`${CDN}/loader.js`, 4000)
  })

  it('hosted: the local copy, flagged as a fallback, when the CDN fails or is too slow', async () => {
    await expect(decideMonacoSource({ isPlatform: true, cdnBaseUrl: CDN, probe: async () => false })).resolves.toEqual({
      vs: '/dashboard/monaco/0.52.2/vs',
      origin: 'local',
      fellBack: true,
    })
    await expect(decideMonacoSource({ isPlatform: true, cdnBaseUrl: CDN, probe: () => Promise.reject(new Error('offline')) })).resolves.toMatchObject({
      origin: 'local',
      fellBack: true,
    })
  })

  it('hosted: straight to the local copy, without a new warning, once the CDN failed on an earlier page load', async () => {
    const probe = vi.fn(async () => true)
    await expect(decideMonacoSource({ isPlatform: true, cdnBaseUrl: CDN, probe, forceLocal: true })).resolves.toEqual({
      vs: '/dashboard/monaco/0.52.2/vs',
      origin: 'local',
      fellBack: true,
      remembered: true,
    })
    expect(probe).not.toHaveBeenCalled()
  })

  it('remembers a failed CDN for a week, in localStorage', () => {
    const store = new Map<string, string>()
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) }
    const day = 24 * 60 * 60 * 1000
    expect(rememberedLocal(10 * day, storage)).toBe(false)
    rememberLocal(10 * day, storage)
    expect(store.get('dashboard-monaco-local-since')).toBe(String(10 * day))
    expect(rememberedLocal(10 * day + 1, storage)).toBe(true)
    expect(rememberedLocal(16 * day, storage)).toBe(true)
    expect(rememberedLocal(17 * day, storage)).toBe(false)
    // A value from the future (a clock set back) or garbage does not count.
    expect(rememberedLocal(9 * day, storage)).toBe(false)
    store.set('dashboard-monaco-local-since', 'soon')
    expect(rememberedLocal(10 * day, storage)).toBe(false)
  })
})
