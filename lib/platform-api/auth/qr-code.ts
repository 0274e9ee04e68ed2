/**
 * A small QR code encoder (ISO/IEC 18004, byte mode, error correction level M), enough to show
 * an authenticator's `otpauth://` URI as an SVG image. Written here because no QR package is
 * installed; it covers every version (1–40) and picks the mask with the lowest penalty.
 */

// Error correction codewords per block and number of blocks, level M, versions 1..40.
const EC_PER_BLOCK_M = [
  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
]
const BLOCKS_M = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37,
  38, 40, 43, 45, 47, 49,
]
const FORMAT_LEVEL_M = 0b00

// ---- GF(256) arithmetic (primitive polynomial x^8 + x^4 + x^3 + x^2 + 1) ----
const EXP = new Uint8Array(512)
const LOG = new Uint8Array(256)
{
  let x = 1
  for (let i = 0; i < 255; i++) {
    EXP[i] = x
    LOG[x] = i
    x <<= 1
    if (x & 0x100) x ^= 0x11d
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]
}
const gfMul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]])

/** Coefficients (highest degree first, leading 1 dropped) of ∏ (x − α^i), i < degree. */
function generatorPolynomial(degree: number): number[] {
  let poly = [1]
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0)
    for (let j = 0; j < poly.length; j++) {
      next[j] ^= poly[j]
      next[j + 1] ^= gfMul(poly[j], EXP[i])
    }
    poly = next
  }
  return poly.slice(1)
}

/** Reed–Solomon remainder of the data block: its error correction codewords. */
function reedSolomon(data: number[], degree: number): number[] {
  const gen = generatorPolynomial(degree)
  const rem = new Array<number>(degree).fill(0)
  for (const byte of data) {
    const factor = byte ^ rem.shift()!
    rem.push(0)
    for (let i = 0; i < degree; i++) rem[i] ^= gfMul(gen[i], factor)
  }
  return rem
}

// ---- module matrix ----
type Matrix = { size: number; dark: boolean[][]; fixed: boolean[][] }

function newMatrix(version: number): Matrix {
  const size = version * 4 + 17
  return {
    size,
    dark: Array.from({ length: size }, () => new Array<boolean>(size).fill(false)),
    fixed: Array.from({ length: size }, () => new Array<boolean>(size).fill(false)),
  }
}

function setFixed(m: Matrix, row: number, col: number, dark: boolean) {
  m.dark[row][col] = dark
  m.fixed[row][col] = true
}

function alignmentPositions(version: number): number[] {
  if (version === 1) return []
  const size = version * 4 + 17
  const count = Math.floor(version / 7) + 2
  const step = version === 32 ? 26 : Math.ceil((size - 13) / (count * 2 - 2)) * 2
  const positions = [6]
  for (let pos = size - 7; positions.length < count; pos -= step) positions.splice(1, 0, pos)
  return positions
}

function bch(value: number, generator: number, generatorBits: number): number {
  let rem = value << (generatorBits - 1)
  for (let bit = 31; bit >= generatorBits - 1; bit--) {
    if ((rem >>> bit) & 1) rem ^= generator << (bit - (generatorBits - 1))
  }
  return rem
}

function drawFunctionPatterns(m: Matrix, version: number) {
  const { size } = m
  // finder patterns with their separators
  for (const [r0, c0] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ]) {
    for (let dr = -1; dr <= 7; dr++) {
      for (let dc = -1; dc <= 7; dc++) {
        const r = r0 + dr
        const c = c0 + dc
        if (r < 0 || c < 0 || r >= size || c >= size) continue
        const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3))
        setFixed(m, r, c, ring !== 2 && ring !== 4)
      }
    }
  }
  // timing patterns
  for (let i = 8; i < size - 8; i++) {
    setFixed(m, 6, i, i % 2 === 0)
    setFixed(m, i, 6, i % 2 === 0)
  }
  // alignment patterns (not over the finders)
  const pos = alignmentPositions(version)
  const last = pos.length - 1
  pos.forEach((r, i) => {
    pos.forEach((c, j) => {
      // the three corners hold finder patterns
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) setFixed(m, r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1)
      }
    })
  })
  // reserve the format areas (written once the mask is known) and the dark module
  drawFormat(m, 0)
  setFixed(m, size - 8, 8, true)
  // version information, versions 7 and up
  if (version >= 7) {
    const bits = (version << 12) | bch(version, 0x1f25, 13)
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      setFixed(m, b, a, dark)
      setFixed(m, a, b, dark)
    }
  }
}

function drawFormat(m: Matrix, mask: number) {
  const { size } = m
  const data = (FORMAT_LEVEL_M << 3) | mask
  const bits = ((data << 10) | bch(data, 0x537, 11)) ^ 0x5412
  const bit = (i: number) => ((bits >>> i) & 1) === 1
  // around the top-left finder
  for (let i = 0; i <= 5; i++) setFixed(m, i, 8, bit(i))
  setFixed(m, 7, 8, bit(6))
  setFixed(m, 8, 8, bit(7))
  setFixed(m, 8, 7, bit(8))
  for (let i = 9; i < 15; i++) setFixed(m, 8, 14 - i, bit(i))
  // split between the other two finders
  for (let i = 0; i < 8; i++) setFixed(m, 8, size - 1 - i, bit(i))
  for (let i = 8; i < 15; i++) setFixed(m, size - 15 + i, 8, bit(i))
}

function placeData(m: Matrix, codewords: number[]) {
  const { size } = m
  let bitIndex = 0
  const total = codewords.length * 8
  let upward = true
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5 // the vertical timing pattern takes column 6
    for (let k = 0; k < size; k++) {
      const row = upward ? size - 1 - k : k
      for (const col of [right, right - 1]) {
        if (m.fixed[row][col]) continue
        if (bitIndex < total) m.dark[row][col] = ((codewords[bitIndex >>> 3] >>> (7 - (bitIndex & 7))) & 1) === 1
        bitIndex++
      }
    }
    upward = !upward
  }
}

const MASKS: ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
]

function applyMask(m: Matrix, mask: number) {
  const test = MASKS[mask]
  for (let r = 0; r < m.size; r++) {
    for (let c = 0; c < m.size; c++) if (!m.fixed[r][c] && test(r, c)) m.dark[r][c] = !m.dark[r][c]
  }
}

function penalty(m: Matrix): number {
  const { size, dark } = m
  let score = 0
  const finderLike = [true, false, true, true, true, false, true]
  const line = (get: (i: number) => boolean) => {
    let run = 1
    for (let i = 1; i <= size; i++) {
      if (i < size && get(i) === get(i - 1)) run++
      else {
        if (run >= 5) score += 3 + (run - 5)
        run = 1
      }
    }
    // 1:1:3:1:1 finder-like runs with four light modules on one side
    for (let i = 0; i + 7 <= size; i++) {
      if (!finderLike.every((v, k) => get(i + k) === v)) continue
      const lightBefore = [1, 2, 3, 4].every((k) => i - k < 0 || !get(i - k))
      const lightAfter = [0, 1, 2, 3].every((k) => i + 7 + k >= size || !get(i + 7 + k))
      if (lightBefore || lightAfter) score += 40
    }
  }
  for (let r = 0; r < size; r++) line((i) => dark[r][i])
  for (let c = 0; c < size; c++) line((i) => dark[i][c])
  let darkCount = 0
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (dark[r][c]) darkCount++
      if (r < size - 1 && c < size - 1) {
        const v = dark[r][c]
        if (dark[r][c + 1] === v && dark[r + 1][c] === v && dark[r + 1][c + 1] === v) score += 3
      }
    }
  }
  score += Math.floor(Math.abs((darkCount * 100) / (size * size) - 50) / 5) * 10
  return score
}

function countDataModules(version: number): number {
  const m = newMatrix(version)
  drawFunctionPatterns(m, version)
  let n = 0
  for (const row of m.fixed) for (const f of row) if (!f) n++
  return n
}

/** The module matrix (true = dark) of a QR code holding `text` as UTF-8 bytes. */
export function encodeQr(text: string): boolean[][] {
  const bytes = [...Buffer.from(text, 'utf8')]
  for (let version = 1; version <= 40; version++) {
    const totalCodewords = Math.floor(countDataModules(version) / 8)
    const ecPerBlock = EC_PER_BLOCK_M[version - 1]
    const blocks = BLOCKS_M[version - 1]
    const dataCodewords = totalCodewords - ecPerBlock * blocks
    const countBits = version <= 9 ? 8 : 16
    const neededBits = 4 + countBits + bytes.length * 8
    if (neededBits > dataCodewords * 8) continue

    // bit stream: mode (byte), count, data, terminator, padding
    const bits: number[] = []
    const push = (value: number, length: number) => {
      for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
    }
    push(0b0100, 4)
    push(bytes.length, countBits)
    for (const b of bytes) push(b, 8)
    push(0, Math.min(4, dataCodewords * 8 - bits.length))
    while (bits.length % 8 !== 0) bits.push(0)
    const data: number[] = []
    for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((acc, b) => (acc << 1) | b, 0))
    for (let pad = 0xec; data.length < dataCodewords; pad ^= 0xec ^ 0x11) data.push(pad)

    // split into blocks (short ones first), add error correction, interleave
    const shortBlocks = blocks - (totalCodewords % blocks)
    const shortLength = Math.floor(totalCodewords / blocks) - ecPerBlock
    const dataBlocks: number[][] = []
    const ecBlocks: number[][] = []
    let offset = 0
    for (let b = 0; b < blocks; b++) {
      const length = shortLength + (b < shortBlocks ? 0 : 1)
      const block = data.slice(offset, offset + length)
      offset += length
      dataBlocks.push(block)
      ecBlocks.push(reedSolomon(block, ecPerBlock))
    }
    const codewords: number[] = []
    for (let i = 0; i <= shortLength; i++) for (const block of dataBlocks) if (i < block.length) codewords.push(block[i])
    for (let i = 0; i < ecPerBlock; i++) for (const block of ecBlocks) codewords.push(block[i])

    let best: Matrix | null = null
    let bestScore = Infinity
    for (let mask = 0; mask < 8; mask++) {
      const m = newMatrix(version)
      drawFunctionPatterns(m, version)
      placeData(m, codewords)
      applyMask(m, mask)
      drawFormat(m, mask)
      const score = penalty(m)
      if (score < bestScore) {
        best = m
        bestScore = score
      }
    }
    return best!.dark
  }
  throw new Error('Text is too long for a QR code')
}

/** An SVG image of the QR code of `text`, with the standard 4-module quiet zone. */
export function qrCodeSvg(text: string): string {
  const modules = encodeQr(text)
  const quiet = 4
  const size = modules.length + quiet * 2
  let path = ''
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) path += `M${c + quiet} ${r + quiet}h1v1h-1z`
    })
  )
  // No '#' or '%': auth-js puts this string into a data: URL as it is.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 4}" height="${size * 4}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="white"/><path fill="black" d="${path}"/></svg>`
  )
}
