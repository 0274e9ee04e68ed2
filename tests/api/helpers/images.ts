import sharp from 'sharp'

/**
 * Test images made with sharp: a red picture with a green stripe down its left edge (so a crop, a
 * stretch and a pad each leave a different trace), and what a served image is.
 */

/** A `width`×`height` red PNG (or JPEG) whose left `stripe` columns are green. */
export async function stripedImage(width = 400, height = 300, stripe = 50, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
    .composite([{ input: { create: { width: stripe, height, channels: 4, background: { r: 0, g: 255, b: 0, alpha: 1 } } }, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer()
}

/** The format and size of image bytes. */
export async function imageInfo(bytes: Uint8Array | ArrayBuffer): Promise<{ format: string | undefined; width: number | undefined; height: number | undefined }> {
  const meta = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata()
  return { format: meta.format, width: meta.width, height: meta.height }
}

/** The colour at (x, y): 'red', 'green', 'transparent' or 'other'. */
export async function colourAt(bytes: Uint8Array | ArrayBuffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(Buffer.from(bytes as ArrayBuffer)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * info.channels
  const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]]
  if (a < 30) return 'transparent'
  if (r > 200 && g < 60 && b < 60) return 'red'
  if (g > 200 && r < 60 && b < 60) return 'green'
  return 'other'
}
