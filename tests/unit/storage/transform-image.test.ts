import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { transformQuery } from '@/lib/api-types/storage-transform'
import { renderImage, resolveTransform, transformKey } from '@/server/storage/transform/image'

describe('resolving a transformation', () => {
  it('fills in cover and quality 80, keeps the origin format unless WebP is accepted and none asked', () => {
    expect(resolveTransform({ width: 10 }, 'image/png', '*/*')).toEqual({ width: 10, height: null, resize: 'cover', quality: 80, format: 'png' })
    expect(resolveTransform({}, 'image/jpeg', 'image/avif,image/webp,*/*').format).toBe('webp')
    expect(resolveTransform({ format: 'origin' }, 'image/jpeg', 'image/webp').format).toBe('jpeg')
    expect(resolveTransform({ format: 'avif' }, 'image/png', undefined).format).toBe('avif')
  })

  it('refuses what is not an image it can read, naming the type', () => {
    expect(() => resolveTransform({}, 'text/plain', undefined)).toThrow(/text\/plain/)
    expect(() => resolveTransform({}, 'image/svg+xml', undefined)).toThrow(/Only images/)
    expect(() => resolveTransform({}, undefined, undefined)).toThrow(/no known type/)
  })

  it('keys equal transformations equally, whatever the order or defaults they were asked with', () => {
    const a = resolveTransform(transformQuery.parse({ height: '20', width: '10' }), 'image/png', '')
    const b = resolveTransform(transformQuery.parse({ width: '10', height: '20', resize: 'cover', quality: '80' }), 'image/png', '')
    expect(transformKey(a)).toBe(transformKey(b))
    expect(transformKey(a)).not.toBe(transformKey({ ...a, quality: 81 }))
  })

  it('caps dimensions and quality in the query schema', () => {
    expect(transformQuery.safeParse({ width: '2500' }).success).toBe(true)
    expect(transformQuery.safeParse({ width: '2501' }).success).toBe(false)
    expect(transformQuery.safeParse({ quality: '19' }).success).toBe(false)
    expect(transformQuery.safeParse({ resize: 'stretch' }).success).toBe(false)
  })
})

describe('rendering', () => {
  it('renders the asked size and format, and refuses bytes that are no image', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } }).png().toBuffer()
    const out = await renderImage(png, { width: 12, height: 12, resize: 'fill', quality: 50, format: 'webp' })
    expect(await sharp(out).metadata()).toMatchObject({ format: 'webp', width: 12, height: 12 })
    await expect(renderImage(Buffer.from('not an image'), { width: 5, height: null, resize: 'cover', quality: 80, format: 'png' })).rejects.toMatchObject({ status: 415 })
  })
})
