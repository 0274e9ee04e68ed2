import QRCode from 'qrcode'

/**
 * QR codes of TOTP enrolment, drawn by the `qrcode` package (encoding, error correction at level
 * M, mask choice); this module only turns its module matrix into the SVG GoTrue sends.
 */

/** The module matrix (true = dark) of a QR code holding `text` as UTF-8 bytes, smallest version first. */
export function encodeQr(text: string): boolean[][] {
  let code: QRCode.QRCode
  try {
    code = QRCode.create(text, { errorCorrectionLevel: 'M' })
  } catch {
    throw new Error('Text is too long for a QR code')
  }
  const { size, data } = code.modules
  return Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => data[r * size + c] === 1))
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
