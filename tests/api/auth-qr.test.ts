import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodeQr, qrCodeSvg } from '@/server/auth/qr-code'

/** The QR code of TOTP enrolment (auth/qr-code.ts): structure always, decoding when zbarimg is installed. */

const URI = 'otpauth://totp/Dashboard:someone%40example.com?issuer=Dashboard&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30'

function hasZbar(): boolean {
  try {
    execFileSync('zbarimg', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

function crc32(buf: Buffer): number {
  let crc = 0xffffffff
  for (const byte of buf) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A grayscale PNG of the modules (4 px each, 4-module quiet zone), for the decoder. */
function png(modules: boolean[][]): Buffer {
  const scale = 4
  const n = (modules.length + 8) * scale
  const raw = Buffer.alloc((n + 1) * n, 255)
  for (let y = 0; y < n; y++) {
    raw[y * (n + 1)] = 0
    for (let x = 0; x < n; x++) {
      const r = Math.floor(y / scale) - 4
      const c = Math.floor(x / scale) - 4
      if (modules[r]?.[c]) raw[y * (n + 1) + 1 + x] = 0
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(n, 0)
  header.writeUInt32BE(n, 4)
  header[8] = 8 // bit depth; colour type 0 (grayscale)
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('QR code of a TOTP enrolment', () => {
  it('picks the smallest version that holds the text', () => {
    expect(encodeQr('hi')).toHaveLength(21) // version 1
    expect(encodeQr(URI)).toHaveLength(49) // version 8 at level M
    expect(encodeQr('x'.repeat(2331))).toHaveLength(177) // version 40 holds 2331 bytes at level M
    expect(() => encodeQr('x'.repeat(2332))).toThrow('Text is too long for a QR code')
  })

  it('draws the finder and timing patterns and a consistent level-M format word', () => {
    const m = encodeQr(URI)
    const size = m.length
    const finder = (r0: number, c0: number) =>
      [0, 1, 2, 3, 4, 5, 6].map((r) => [0, 1, 2, 3, 4, 5, 6].map((c) => (m[r0 + r][c0 + c] ? 1 : 0)).join('')).join('/')
    const expected = '1111111/1000001/1011101/1011101/1011101/1000001/1111111'
    expect([finder(0, 0), finder(0, size - 7), finder(size - 7, 0)]).toEqual([expected, expected, expected])
    for (let i = 8; i < size - 8; i++) {
      expect(m[6][i]).toBe(i % 2 === 0)
      expect(m[i][6]).toBe(i % 2 === 0)
    }
    expect(m[size - 8][8]).toBe(true) // the dark module

    // both copies of the 15-bit format word agree, and decode to level M with a valid BCH code
    const bit = (r: number, c: number) => (m[r][c] ? 1 : 0)
    let first = 0
    let second = 0
    const firstPositions: [number, number][] = [[0, 8], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [7, 8], [8, 8], [8, 7], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0]]
    firstPositions.forEach(([r, c], i) => (first |= bit(r, c) << i))
    for (let i = 0; i < 8; i++) second |= bit(8, size - 1 - i) << i
    for (let i = 8; i < 15; i++) second |= bit(size - 15 + i, 8) << i
    expect(second).toBe(first)
    const word = first ^ 0x5412
    expect(word >>> 13).toBe(0b00) // level M
    let rem = word
    for (let b = 14; b >= 10; b--) if ((rem >>> b) & 1) rem ^= 0x537 << (b - 10)
    expect(rem).toBe(0)
  })

  it('renders an SVG that survives being put into a data: URL unescaped', () => {
    const svg = qrCodeSvg(URI)
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg).not.toMatch(/[#%]/)
  })

  it.skipIf(!hasZbar())('decodes back to the text (zbarimg)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-'))
    try {
      for (const text of ['hi', URI, 'a'.repeat(300), 'b'.repeat(1000), 'c'.repeat(2331)]) {
        const file = path.join(dir, 'code.png')
        fs.writeFileSync(file, png(encodeQr(text)))
        const decoded = execFileSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        expect(decoded.replace(/\n$/, '')).toBe(text)
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
