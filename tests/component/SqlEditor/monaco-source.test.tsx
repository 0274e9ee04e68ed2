import { decideMonacoSource } from '@/components/ui/monaco/monaco-source'

const CDN = 'https://cdn.example.com/npm/monaco-editor@0.52.2/min/vs'

describe('where the code editor loads from (spec §1, §9)', () => {
  it('self-hosted: always the local copy under the base path, without trying the CDN', async () => {
    const probe = vi.fn(async () => true)
    await expect(decideMonacoSource({ isPlatform: false, cdnBaseUrl: CDN, probe })).resolves.toEqual({
      vs: '/dashboard/monaco/vs',
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
      vs: '/dashboard/monaco/vs',
      origin: 'local',
      fellBack: true,
    })
    await expect(decideMonacoSource({ isPlatform: true, cdnBaseUrl: CDN, probe: () => Promise.reject(new Error('offline')) })).resolves.toMatchObject({
      origin: 'local',
      fellBack: true,
    })
  })

  it('hosted: straight to the local copy once the CDN failed in this tab', async () => {
    const probe = vi.fn(async () => true)
    await expect(decideMonacoSource({ isPlatform: true, cdnBaseUrl: CDN, probe, forceLocal: true })).resolves.toMatchObject({ origin: 'local', fellBack: true })
    expect(probe).not.toHaveBeenCalled()
  })
})
